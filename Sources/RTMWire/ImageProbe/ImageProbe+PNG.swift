extension ImageProbe {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Signature (8) + IHDR length (4) + type (4) + width (4) + height (4).
    static let pngHeaderLength = 24

    /// PNG requires IHDR to be the first chunk, so the size sits at a fixed offset.
    static func probePNG(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        guard reader.contains(pngSignature.count, at: 0) else {
            throw truncated("PNG signature", need: pngSignature.count, in: reader)
        }
        // The signature's CR LF / LF bytes exist to expose text-mode transfers that mangled the
        // file, so a damaged tail is reported as malformed rather than as an unknown format.
        guard reader.matches(pngSignature, at: 0) else {
            throw malformed(
                at: 4, "PNG signature damaged after \"\\x89PNG\" (line-ending conversion?)")
        }
        guard let chunkLength = reader.uint32BE(at: 8), reader.contains(4, at: 12) else {
            throw truncated("PNG header", need: pngHeaderLength, in: reader)
        }
        guard reader.matches("IHDR".utf8, at: 12) else {
            throw malformed(at: 12, "PNG first chunk is not IHDR")
        }
        guard chunkLength == 13 else {
            throw malformed(at: 8, "PNG IHDR chunk length \(chunkLength) is not 13")
        }
        guard let width = reader.uint32BE(at: 16), let height = reader.uint32BE(at: 20) else {
            throw truncated("PNG header", need: pngHeaderLength, in: reader)
        }
        // The PNG spec caps both dimensions at 2^31-1 so they fit a signed 32-bit integer.
        guard (1...UInt32(Int32.max)).contains(width) else {
            throw malformed(at: 16, "PNG width \(width) is outside 1...2147483647")
        }
        guard (1...UInt32(Int32.max)).contains(height) else {
            throw malformed(at: 20, "PNG height \(height) is outside 1...2147483647")
        }
        return ImageInfo(format: .png, width: width, height: height)
    }
}
