import Testing

@testable import RTMWire

/// A minimal JPEG up to its frame header: SOI, `segments`, SOF0 for `width` x `height`.
private func jpeg(_ segments: [UInt8], width: UInt16, height: UInt16) -> [UInt8] {
    var sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08]
    sof.append16(height, bigEndian: true)
    sof.append16(width, bigEndian: true)
    return [0xFF, 0xD8] + segments + sof + [0x01, 0x01, 0x11, 0x00]
}

@Suite("ImageProbe: WebP")
struct ImageProbeWebPTests {
    @Test func lossyLosslessAndExtended() throws {
        #expect(
            try ImageProbe.probe(WebP.vp8(width: 640, height: 480))
                == ImageInfo(format: .webp, width: 640, height: 480))
        // The two scaling bits above each 14-bit size are a display hint, not part of it.
        #expect(try ImageProbe.probe(WebP.vp8(width: 16383, height: 1, scale: 3)).width == 16383)
        #expect(
            try ImageProbe.probe(WebP.vp8l(width: 16384, height: 1))
                == ImageInfo(format: .webp, width: 16384, height: 1))
        #expect(try ImageProbe.probe(WebP.vp8l(width: 1, height: 16384)).height == 16384)
        #expect(
            try ImageProbe.probe(WebP.vp8x(width: 1 << 24, height: 255))
                == ImageInfo(format: .webp, width: 1 << 24, height: 255))
        #expect(try ImageProbe.probe(WebP.vp8x(width: 65536, height: 65535)).height == 65535)
    }

    @Test func malformedHeaders() {
        expectMalformedHeader(WebP.vp8(width: 4, height: 4, keyFrame: false), "not a key frame")
        var code = WebP.vp8(width: 4, height: 4)
        code[23] = 0x9C
        expectMalformedHeader(code, "start code is not 9D 01 2A")
        expectMalformedHeader(WebP.vp8(width: 0, height: 4), "width is 0")
        expectMalformedHeader(WebP.vp8(width: 4, height: 0, scale: 2), "height is 0")
        var signature = WebP.vp8l(width: 4, height: 4)
        signature[20] = 0x2E
        expectMalformedHeader(signature, "signature is 0x2E, not 0x2F")
        expectMalformedHeader(WebP.vp8l(width: 4, height: 4, version: 1), "version 1 is not 0")
        // 2^24 × 256 = 2^32 pixels, one past the container's cap.
        expectMalformedHeader(WebP.vp8x(width: 1 << 24, height: 256), "exceeds 2^32 - 1 pixels")
        expectMalformedHeader(
            WebP.riff("ALPH", [1, 2, 3, 4]), "first chunk is not VP8, VP8L or VP8X")
        expectMalformedHeader(
            WebP.riff("VP8 ", [0x10, 0x02, 0x00, 0x9D]), "VP8 chunk size 4 is below 10")
        expectMalformedHeader(WebP.riff("VP8L", [0x2F, 0, 0]), "VP8L chunk size 3 is below 5")
        expectMalformedHeader(WebP.riff("VP8X", [0, 0, 0, 0]), "VP8X chunk size 4 is below 10")
        var riffSize = WebP.vp8(width: 4, height: 4)
        riffSize[4] = 11
        riffSize[5] = 0
        expectMalformedHeader(riffSize, "RIFF size 11 is below 12")
    }

    @Test func otherRIFFFilesAreUnrecognized() {
        for form in ["WAVE", "AVI ", "webp"] {
            let bytes = Array("RIFF".utf8) + [36, 0, 0, 0] + Array(form.utf8) + Array("fmt ".utf8)
            #expect(imageProbeError(bytes)?.code == .unrecognizedImageFormat)
        }
    }

    @Test func everyPrefixFailsUntilTheSizeIsRead() throws {
        for (bytes, need) in [
            (WebP.vp8(width: 9, height: 5), 30), (WebP.vp8l(width: 9, height: 5), 25),
            (WebP.vp8x(width: 9, height: 5), 30),
        ] {
            for length in 0..<need {
                let code = imageProbeError(Array(bytes.prefix(length)))?.code
                #expect(code == .malformedImageHeader || code == .unrecognizedImageFormat)
            }
            #expect(
                try ImageProbe.probe(bytes.prefix(need))
                    == ImageInfo(format: .webp, width: 9, height: 5))
        }
    }
}

@Suite("ImageProbe: Exif orientation")
struct ImageProbeExifTests {
    @Test(
        "each orientation in both byte orders", arguments: 1...8 as ClosedRange<UInt16>,
        [true, false])
    func orientations(value: UInt16, bigEndian: Bool) throws {
        let orientation = ImageOrientation(rawValue: UInt8(value))!
        let info = try ImageProbe.probe(
            jpeg(ExifBuild.orientation(value, bigEndian: bigEndian), width: 40, height: 30))
        #expect(info.orientation == orientation)
        let portrait = value >= 5
        #expect(info.width == (portrait ? 30 : 40) && info.height == (portrait ? 40 : 30))
    }

    @Test func unusableExifMeansUp() throws {
        let cases: [[UInt8]] = [
            ExifBuild.orientation(0, bigEndian: true), ExifBuild.orientation(9, bigEndian: false),
            // The orientation as a LONG, or with no value.
            ExifBuild.app1(bigEndian: true, entries: [.init(tag: 0x0112, type: 4, value: 6)]),
            ExifBuild.app1(bigEndian: true, entries: [.init(tag: 0x0112, count: 0, value: 6)]),
            // IFD0 past the segment; an entry count past the segment.
            ExifBuild.app1(
                bigEndian: false, entries: [.init(tag: 0x0112, value: 6)], ifdOffset: 4000),
            ExifBuild.app1(
                bigEndian: true, entries: [.init(tag: 0x0100, value: 6)], entryCount: 0xFFFF),
            // Not Exif: XMP in APP1, and a TIFF header with the wrong magic.
            [0xFF, 0xE1, 0x00, 0x08] + Array("http".utf8) + [0, 0],
            Array(
                ExifBuild.orientation(6, bigEndian: true).enumerated().map { $0 == 13 ? 43 : $1 }),
        ]
        for segment in cases {
            let info = try ImageProbe.probe(jpeg(segment, width: 40, height: 30))
            #expect(info == ImageInfo(format: .jpeg, width: 40, height: 30), "\(segment)")
        }
    }

    @Test func firstExifSegmentWins() throws {
        let segments =
            ExifBuild.orientation(1, bigEndian: true) + ExifBuild.orientation(6, bigEndian: true)
        #expect(try ImageProbe.probe(jpeg(segments, width: 40, height: 30)).orientation == .up)
        let afterXMP =
            [0xFF, 0xE1, 0x00, 0x06, 0x61, 0x62, 0x63, 0x64]
            + ExifBuild.orientation(8, bigEndian: false)
        #expect(try ImageProbe.probe(jpeg(afterXMP, width: 40, height: 30)).orientation == .left)
    }

    @Test func anAPP1TooShortForExifIsNotExif() throws {
        // An APP1 too short to hold the Exif header is skipped; the next one gives the orientation.
        let short: [UInt8] = [0xFF, 0xE1, 0x00, 0x04, 0x45, 0x78]
        let bytes = jpeg(short + ExifBuild.orientation(6, bigEndian: true), width: 40, height: 30)
        #expect(try ImageProbe.probe(bytes).orientation == .right)
    }

    @Test func truncatedExifSegmentFailsTheWalk() {
        let bytes = jpeg(ExifBuild.orientation(6, bigEndian: true), width: 40, height: 30)
        for length in [10, 20, 30] {
            #expect(imageProbeError(Array(bytes.prefix(length)))?.code == .malformedImageHeader)
        }
    }
}

@Suite("ImageOrientation")
struct ImageOrientationTests {
    @Test func exifValuesAndNames() {
        #expect(ImageOrientation(rawValue: 0) == nil && ImageOrientation(rawValue: 9) == nil)
        let all: [ImageOrientation] = [
            .up, .upMirrored, .down, .downMirrored, .leftMirrored, .right, .rightMirrored, .left,
        ]
        #expect(all.map(\.rawValue) == Array(1...8))
        #expect(
            all.map(\.swapsWidthAndHeight) == [false, false, false, false, true, true, true, true])
        #expect(ImageOrientation.right.description == "right (6)")
        for orientation in all {
            let (turns, mirrored) = orientation.turnsAndMirror
            #expect(ImageOrientation(clockwiseTurns: turns, mirrored: mirrored) == orientation)
            #expect(orientation.turned(clockwise: 4) == orientation)
            #expect(
                orientation.mirrored(horizontally: true).mirrored(horizontally: true) == orientation
            )
        }
    }

    @Test func imageMessageGetsTheDisplayedSize() throws {
        let photo = ImageFixtures.jpegExifRightBigEndian
        let message = try ImageMessage(mediaID: "m", imageBytes: photo.bytes)
        #expect(message.width == 4 && message.height == 6)
        let heic = ImageFixtures.heicPillowHeifRight
        let fromHEIC = try ImageMessage(mediaID: "m", imageBytes: heic.bytes)
        #expect(fromHEIC.width == 7 && fromHEIC.height == 13)
    }
}
