extension ImageProbe {
    static let riffMagic: [UInt8] = Array("RIFF".utf8)

    /// "RIFF", file size, "WEBP", then the first chunk's FourCC and size.
    static let webpChunkOffset = 12
    static let webpPayloadOffset = 20

    /// Reads the size from the first chunk, which the WebP container fixes: `VP8 ` (lossy),
    /// `VP8L` (lossless) or `VP8X` (extended: the canvas size, for stills with alpha or
    /// metadata and for animations). An `EXIF` chunk's orientation is not applied: libwebp's
    /// decoders do not apply it either.
    static func probeWebP(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        guard reader.contains(webpChunkOffset, at: 0) else {
            throw RTMWireError(
                code: .unrecognizedImageFormat, offset: 0,
                detail: "RIFF header too short to tell its form type: \(reader.count) bytes")
        }
        guard reader.matches("WEBP".utf8, at: 8) else {
            throw RTMWireError(
                code: .unrecognizedImageFormat, offset: 0,
                detail: "RIFF file whose form type is not WEBP (audio or video?)")
        }
        guard let riffSize = reader.uint32LE(at: 4),
            let chunkSize = reader.uint32LE(at: webpChunkOffset + 4)
        else {
            throw truncated("WebP chunk header", need: webpPayloadOffset, in: reader)
        }
        // "WEBP" plus one chunk header at least.
        guard riffSize >= 12 else {
            throw malformed(at: 4, "WebP RIFF size \(riffSize) is below 12")
        }
        // Each first chunk holds at least the header fields read from it.
        typealias Chunk = (
            fourCC: String, name: String, minimum: UInt32,
            probe: (Reader) throws(RTMWireError) -> ImageInfo
        )
        let chunks: [Chunk] = [
            ("VP8 ", "VP8", 10, probeVP8), ("VP8L", "VP8L", 5, probeVP8L),
            ("VP8X", "VP8X", 10, probeVP8X),
        ]
        guard
            let chunk = chunks.first(where: { reader.matches($0.fourCC.utf8, at: webpChunkOffset) })
        else {
            throw malformed(at: webpChunkOffset, "WebP first chunk is not VP8, VP8L or VP8X")
        }
        guard chunkSize >= chunk.minimum else {
            throw malformed(
                at: webpChunkOffset + 4,
                "WebP \(chunk.name) chunk size \(chunkSize) is below \(chunk.minimum)")
        }
        return try chunk.probe(reader)
    }

    /// Frame tag (3 bytes, bit 0 clear for a key frame), start code 9D 01 2A, then 14-bit width
    /// and height, each with 2 scaling bits above (a display hint that does not change the size).
    private static func probeVP8(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        let start = webpPayloadOffset
        guard let tag = reader.byte(at: start), reader.contains(3, at: start + 3),
            let rawWidth = reader.uint16LE(at: start + 6),
            let rawHeight = reader.uint16LE(at: start + 8)
        else {
            throw truncated("WebP VP8 frame header", need: start + 10, in: reader)
        }
        guard tag & 1 == 0 else { throw malformed(at: start, "WebP VP8 frame is not a key frame") }
        guard reader.matches([0x9D, 0x01, 0x2A], at: start + 3) else {
            throw malformed(at: start + 3, "WebP VP8 start code is not 9D 01 2A")
        }
        let width = UInt32(rawWidth & 0x3FFF)
        let height = UInt32(rawHeight & 0x3FFF)
        guard width > 0 else { throw malformed(at: start + 6, "WebP VP8 width is 0") }
        guard height > 0 else { throw malformed(at: start + 8, "WebP VP8 height is 0") }
        return ImageInfo(format: .webp, width: width, height: height)
    }

    /// Signature 0x2F, then 14 bits width - 1, 14 bits height - 1, the alpha hint and a 3-bit
    /// version that must be 0.
    private static func probeVP8L(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        let start = webpPayloadOffset
        guard let signature = reader.byte(at: start), let bits = reader.uint32LE(at: start + 1)
        else {
            throw truncated("WebP VP8L header", need: start + 5, in: reader)
        }
        guard signature == 0x2F else {
            throw malformed(at: start, "WebP VP8L signature is \(hex(signature)), not 0x2F")
        }
        guard bits >> 29 == 0 else {
            throw malformed(at: start + 4, "WebP VP8L version \(bits >> 29) is not 0")
        }
        return ImageInfo(
            format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
    }

    /// Flags (1 byte), reserved (3), canvas width - 1 and height - 1 (24 bits each); the
    /// container specification caps width × height at 2^32 - 1.
    private static func probeVP8X(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        let start = webpPayloadOffset
        guard let widthMinusOne = reader.uint24LE(at: start + 4),
            let heightMinusOne = reader.uint24LE(at: start + 7)
        else {
            throw truncated("WebP VP8X header", need: start + 10, in: reader)
        }
        let width = UInt64(widthMinusOne) + 1
        let height = UInt64(heightMinusOne) + 1
        guard width * height <= UInt64(UInt32.max) else {
            throw malformed(
                at: start + 4, "WebP VP8X canvas \(width) × \(height) exceeds 2^32 - 1 pixels")
        }
        return ImageInfo(format: .webp, width: UInt32(width), height: UInt32(height))
    }
}
