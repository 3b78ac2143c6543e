#!/usr/bin/env python3
"""Regenerate Tests/RTMWireTests/ImageFixtures.swift: tiny images written by real encoders,
embedded as Swift byte arrays so the tests need neither Foundation nor resources, each with the
displayed size and orientation that reference decoders report for it.

Usage: python3 Scripts/make-image-fixtures.py [--images DIR]
  --images DIR  also write the image files into DIR (for inspection with other tools).

Requirements (none of them is needed to run the tests: the output is committed):
  pip install pillow pillow-heif
      Pillow (13.0: JPEG/PNG/BMP/GIF, WebP via libwebp, AVIF via libavif) and pillow-heif
      (1.8: libheif 1.23 with x265)
  apt-get install webp libheif-examples libavif-bin          (Debian 12 "bookworm")
      cwebp 1.2.4; heif-enc / heif-info 1.15.1 (x265 for HEIC, aom for AVIF); avifenc 0.11.1

Expectations are not typed in by hand: the displayed width and height come from the reference
readers (Pillow's ImageOps.exif_transpose for JPEG, Pillow/libwebp for WebP, libheif's
`heif-info`, which applies clap/irot/imir, for HEIC and AVIF), and the orientation asked of the
encoder must match what Pillow (JPEG, AVIF via libavif) or pillow-heif (HEIC via libheif) reads
back. The script stops when a reference disagrees.
"""
import io
import os
import re
import struct
import subprocess
import sys
import tempfile

import PIL
from PIL import Image, ImageOps, features

import pillow_heif

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Tests", "RTMWireTests", "ImageFixtures.swift")
MAX_BYTES = 1024
ORIENTATION_NAMES = {1: "up", 2: "upMirrored", 3: "down", 4: "downMirrored", 5: "leftMirrored",
                     6: "right", 7: "rightMirrored", 8: "left"}
WORK = tempfile.mkdtemp(prefix="rtmwire-fixtures-")


def pattern(mode, width, height):
    """A small deterministic gradient so the encoders have something non-trivial to store."""
    image = Image.new("RGB", (width, height))
    image.putdata([((x * 70) % 256, (y * 40) % 256, ((x + y) * 30) % 256)
                   for y in range(height) for x in range(width)])
    return image.convert(mode)


def encode(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def exif(orientation, endian):
    """Exif holding only an Orientation tag, big- (">", "MM") or little-endian ("<", "II")."""
    data = Image.Exif()
    data.endian = endian
    data[0x0112] = orientation
    return data.tobytes()


def tool(*args):
    """A command's standard output and error together (some tools print versions to stderr)."""
    result = subprocess.run(args, check=True, capture_output=True)
    return result.stdout + result.stderr


def source_file(name, image):
    path = os.path.join(WORK, name)
    image.save(path)
    return path


def cli(args, output):
    """Runs an encoder command line that writes `output` in the work folder; returns its bytes."""
    path = os.path.join(WORK, output)
    tool(*[path if a == "OUT" else a for a in args])
    with open(path, "rb") as handle:
        return handle.read()


# MARK: - Reference readers

def reference_raster(data, orientation):
    """JPEG, PNG, BMP, GIF, WebP: Pillow's size after exif_transpose, and its orientation."""
    image = Image.open(io.BytesIO(data))
    found = image.getexif().get(0x0112, 1)
    if found != orientation:
        sys.exit("Pillow reads orientation %d, the encoder was asked for %d" % (found, orientation))
    return ImageOps.exif_transpose(image).size


TRANSPOSE = {1: [], 2: [Image.Transpose.FLIP_LEFT_RIGHT], 3: [Image.Transpose.ROTATE_180],
             4: [Image.Transpose.FLIP_TOP_BOTTOM], 5: [Image.Transpose.TRANSPOSE],
             6: [Image.Transpose.ROTATE_270], 7: [Image.Transpose.TRANSVERSE],
             8: [Image.Transpose.ROTATE_90]}


def orientation_from_pixels(displayed, source):
    """The Exif orientation that turns `source` into the decoder's `displayed` pixels: the
    candidate with clearly the smallest difference (the encoders here are lossy)."""
    errors = []
    for orientation, steps in TRANSPOSE.items():
        candidate = source.convert("RGB")
        for step in steps:
            candidate = candidate.transpose(step)
        if candidate.size != displayed.size:
            continue
        pairs = zip(candidate.tobytes(), displayed.convert("RGB").tobytes())
        errors.append((sum(abs(a - b) for a, b in pairs), orientation))
    errors.sort()
    if len(errors) > 1 and errors[0][0] * 3 >= errors[1][0] * 2:
        sys.exit("pixels do not tell the orientation apart: %s" % errors)
    return errors[0][1]


def reference_heif(data, orientation, fmt, source):
    """HEIC/AVIF: libheif's displayed size (heif-info), and the orientation read back."""
    path = os.path.join(WORK, "probe." + fmt)
    with open(path, "wb") as handle:
        handle.write(data)
    info = tool("heif-info", path).decode()
    match = re.search(r"image: (\d+)x(\d+) \(id=\d+\), primary", info)
    if not match:
        sys.exit("heif-info found no primary image:\n" + info)
    if fmt == "avif":
        # Pillow's AVIF reader (libavif) turns irot/imir into an Exif orientation.
        found = Image.open(io.BytesIO(data)).getexif().get(0x0112, 1)
    else:
        # pillow-heif (libheif 1.23) decodes with clap/irot/imir applied; its
        # "original_orientation" is the Exif tag, which HEIF readers do not apply, so compare
        # pixels with the encoder's source instead.
        found = orientation_from_pixels(Image.open(io.BytesIO(data)), source)
    if found != orientation:
        sys.exit("%s reads orientation %d, expected %d" % (fmt, found, orientation))
    return int(match.group(1)), int(match.group(2))


# MARK: - How many bytes the probe needs (computed here from the file structure)

def header_length(fmt, data):
    if fmt == "png":
        return 24
    if fmt == "gif":
        return 10
    if fmt == "bmp":
        return 26 if struct.unpack("<I", data[14:18])[0] >= 40 else 22
    if fmt == "jpeg":
        offset = 2
        while True:
            while data[offset + 1] == 0xFF:
                offset += 1
            marker = data[offset + 1]
            length = struct.unpack(">H", data[offset + 2:offset + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                return offset + 2 + 7  # length, precision, height, width
            offset += 2 + length
    if fmt == "webp":
        return {b"VP8 ": 30, b"VP8L": 25, b"VP8X": 30}[data[12:16]]
    # ISO BMFF: through the end of the meta box.
    offset = 0
    while True:
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if kind == b"meta":
            return offset + size
        offset += size


# MARK: - The fixtures

def fixtures():
    """(Swift name, file name, format, orientation, encoder, bytes, source image or None)."""
    out = []

    def add(name, file_name, fmt, orientation, encoder, data, source=None):
        out.append((name, file_name, fmt, orientation, encoder, data, source))

    pillow = "Pillow %s" % PIL.__version__
    add("jpegBaseline3x2", "baseline-3x2.jpg", "jpeg", 1, pillow,
        encode(pattern("RGB", 3, 2), "JPEG", quality=50))
    add("jpegProgressive3x2", "progressive-3x2.jpg", "jpeg", 1, pillow,
        encode(pattern("RGB", 3, 2), "JPEG", quality=50, progressive=True))
    add("jpegGray17x5", "gray-17x5.jpg", "jpeg", 1, pillow,
        encode(pattern("L", 17, 5), "JPEG", quality=50))
    add("png5x7", "rgb-5x7.png", "png", 1, pillow, encode(pattern("RGB", 5, 7), "PNG"))
    add("bmp4x3", "rgb-4x3.bmp", "bmp", 1, pillow, encode(pattern("RGB", 4, 3), "BMP"))
    add("gif2x9", "palette-2x9.gif", "gif", 1, pillow, encode(pattern("P", 2, 9), "GIF"))
    # Phone photos: the sensor's landscape pixels plus an Exif orientation, in both byte orders.
    for name, orientation, endian in (("RightBigEndian", 6, ">"), ("LeftLittleEndian", 8, "<"),
                                      ("DownLittleEndian", 3, "<"),
                                      ("LeftMirroredBigEndian", 5, ">")):
        add("jpegExif" + name, "exif-%d-%s-6x4.jpg" % (orientation, "mm" if endian == ">" else "ii"),
            "jpeg", orientation, pillow,
            encode(pattern("L", 6, 4), "JPEG", quality=30, exif=exif(orientation, endian)))

    # WebP: lossy (VP8), lossless (VP8L), alpha and animation (VP8X), from two libwebp builds.
    cwebp = "cwebp " + tool("cwebp", "-version").decode().strip()
    rgb = source_file("rgb-11x7.png", pattern("RGB", 11, 7))
    rgba = pattern("RGBA", 9, 5)
    rgba.putalpha(Image.linear_gradient("L").resize((9, 5)))
    alpha = source_file("rgba-9x5.png", rgba)
    add("webpLossyCwebp", "lossy-11x7.webp", "webp", 1, cwebp,
        cli(["cwebp", "-quiet", "-q", "20", rgb, "-o", "OUT"], "lossy.webp"))
    add("webpLosslessCwebp", "lossless-11x7.webp", "webp", 1, cwebp,
        cli(["cwebp", "-quiet", "-lossless", rgb, "-o", "OUT"], "lossless.webp"))
    add("webpAlphaCwebp", "alpha-9x5.webp", "webp", 1, cwebp,
        cli(["cwebp", "-quiet", "-q", "20", alpha, "-o", "OUT"], "alpha.webp"))
    webp_pillow = "Pillow %s (libwebp %s)" % (PIL.__version__, features.version("webp"))
    add("webpLossyPillow", "pillow-13x3.webp", "webp", 1, webp_pillow,
        encode(pattern("RGB", 13, 3), "WEBP", quality=20))
    frames = [pattern("RGB", 5, 4), pattern("RGB", 5, 4).rotate(180)]
    add("webpAnimatedPillow", "animated-5x4.webp", "webp", 1, webp_pillow,
        encode(frames[0], "WEBP", save_all=True, append_images=frames[1:], quality=20))

    # HEIC: libheif 1.15 (Debian heif-enc) and libheif 1.23 (pillow-heif), x265 both.
    heif_enc = "heif-enc %s" % re.search(rb"version: (\S+)", tool("heif-enc", "--help")).group(1).decode()
    odd = source_file("rgb-13x7.png", pattern("RGB", 13, 7))
    add("heicHeifEnc", "heif-enc-13x7.heic", "heic", 1, heif_enc + " (x265)",
        cli(["heif-enc", "-q", "50", odd, "-o", "OUT"], "plain.heic"), pattern("RGB", 13, 7))
    # heif-enc 1.15 copies a JPEG's Exif (orientation 6) but writes no irot: HEIF readers show
    # the stored 12x8, since Exif orientation in HEIF is informational.
    oriented_jpeg = os.path.join(WORK, "exif-6.jpg")
    pattern("RGB", 12, 8).save(oriented_jpeg, quality=90, exif=exif(6, ">"))
    add("heicHeifEncExifOnly", "heif-enc-exif-6-12x8.heic", "heic", 1, heif_enc + " (x265)",
        cli(["heif-enc", "-q", "50", oriented_jpeg, "-o", "OUT"], "exif.heic"),
        Image.open(oriented_jpeg))
    pillow_heif_name = "pillow-heif %s (libheif %s)" % (
        pillow_heif.__version__, pillow_heif.libheif_version())
    for name, orientation in (("Right", 6), ("UpMirrored", 2), ("RightMirrored", 7)):
        add("heicPillowHeif" + name, "pillow-heif-%d-13x7.heic" % orientation, "heic", orientation,
            pillow_heif_name,
            encode(pattern("RGB", 13, 7), "HEIF", quality=50, exif=exif(orientation, ">")),
            pattern("RGB", 13, 7))

    # AVIF: libheif 1.15 + aom, libavif 0.11 (avifenc: irot, imir, clap) and Pillow's libavif.
    add("avifHeifEnc", "heif-enc-13x7.avif", "avif", 1, heif_enc + " (aom)",
        cli(["heif-enc", "-A", "-q", "10", odd, "-o", "OUT"], "plain.avif"))
    avifenc = "avifenc " + tool("avifenc", "--version").decode().split()[1]
    base = ["avifenc", "--min", "50", "--max", "63", "--speed", "10"]
    add("avifAvifenc", "avifenc-13x7.avif", "avif", 1, avifenc,
        cli(base + [odd, "OUT"], "avifenc.avif"))
    # irot counts counter-clockwise quarter turns (1 = Exif 8); imir 0 mirrors top to bottom.
    add("avifAvifencLeft", "avifenc-irot1-13x7.avif", "avif", 8, avifenc,
        cli(base + ["--irot", "1", odd, "OUT"], "irot.avif"))
    add("avifAvifencDownMirrored", "avifenc-imir0-13x7.avif", "avif", 4, avifenc,
        cli(base + ["--imir", "0", odd, "OUT"], "imir.avif"))
    # Crop 10x4 at (2, 2), then turn: displayed 4x10.
    add("avifAvifencCropRight", "avifenc-clap-irot3-13x7.avif", "avif", 6, avifenc,
        cli(base + ["--crop", "2,2,10,4", "--irot", "3", odd, "OUT"], "clap.avif"))
    avif_pillow = "Pillow %s (libavif %s)" % (PIL.__version__, features.version("avif"))
    add("avifPillowRight", "pillow-6-13x7.avif", "avif", 6, avif_pillow,
        encode(pattern("RGB", 13, 7), "AVIF", quality=10, exif=exif(6, ">")))
    return out


def swift_array(data):
    lines = []
    for start in range(0, len(data), 16):
        chunk = data[start:start + 16]
        lines.append("            " + ", ".join("0x%02X" % b for b in chunk) + ",")
    return "\n".join(lines)


def main(argv):
    images_dir = None
    if len(argv) == 3 and argv[1] == "--images":
        images_dir = argv[2]
    elif len(argv) != 1:
        sys.exit(__doc__)
    pillow_heif.register_heif_opener()
    entries = fixtures()

    parts = [
        "// Generated by Scripts/make-image-fixtures.py; do not edit.",
        "// swift-format-ignore-file",
        "// Tiny images written by real encoders (named per fixture), each under %d bytes, with"
        % MAX_BYTES,
        "// the displayed size reference decoders report.",
        "",
        "@testable import RTMWire",
        "",
        "/// Images produced by real encoders, with the format, displayed size and orientation the",
        "/// reference decoders report, and the number of leading bytes the probe needs.",
        "enum ImageFixtures {",
        "    struct Fixture: Sendable, CustomStringConvertible {",
        "        let name: String",
        "        let encoder: String",
        "        let format: ImageFormat",
        "        let width: UInt32",
        "        let height: UInt32",
        "        let orientation: ImageOrientation",
        "        let headerLength: Int",
        "        let bytes: [UInt8]",
        "        var description: String { name }",
        "        var info: ImageInfo {",
        "            ImageInfo(format: format, width: width, height: height, orientation: orientation)",
        "        }",
        "    }",
        "",
        "    static let all: [Fixture] = [%s]" % ", ".join(e[0] for e in entries),
    ]
    for name, file_name, fmt, orientation, encoder, data, source in entries:
        if len(data) >= MAX_BYTES:
            sys.exit("%s is %d bytes; keep fixtures under %d" % (file_name, len(data), MAX_BYTES))
        if fmt in ("heic", "avif"):
            width, height = reference_heif(data, orientation, fmt, source)
        else:
            width, height = reference_raster(data, orientation)
        if images_dir:
            os.makedirs(images_dir, exist_ok=True)
            with open(os.path.join(images_dir, file_name), "wb") as handle:
                handle.write(data)
        parts += [
            "",
            "    /// `%s`: %d bytes, by %s." % (file_name, len(data), encoder),
            "    static let %s = Fixture(" % name,
            '        name: "%s", encoder: "%s", format: .%s,' % (file_name, encoder, fmt),
            "        width: %d, height: %d, orientation: .%s, headerLength: %d,"
            % (width, height, ORIENTATION_NAMES[orientation], header_length(fmt, data)),
            "        bytes: [",
            swift_array(data),
            "        ])",
        ]
    parts.append("}")
    with open(OUTPUT, "w") as handle:
        handle.write("\n".join(parts) + "\n")
    print("wrote %s (%d fixtures)" % (os.path.relpath(OUTPUT, ROOT), len(entries)))


if __name__ == "__main__":
    main(sys.argv)
