extension ImageProbe {
    static let gifMagic: [UInt8] = Array("GIF".utf8)

    /// Signature (6) + logical screen width (2) + height (2).
    static let gifHeaderLength = 10

    /// Reports the logical screen size, which bounds every frame of the image.
    static func probeGIF(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        guard reader.contains(6, at: 0) else {
            throw truncated("GIF signature", need: 6, in: reader)
        }
        guard reader.matches("87a".utf8, at: 3) || reader.matches("89a".utf8, at: 3) else {
            throw malformed(at: 3, "GIF version is neither 87a nor 89a")
        }
        guard let width = reader.uint16LE(at: 6), let height = reader.uint16LE(at: 8) else {
            throw truncated("GIF header", need: gifHeaderLength, in: reader)
        }
        guard width > 0 else { throw malformed(at: 6, "GIF logical screen width is 0") }
        guard height > 0 else { throw malformed(at: 8, "GIF logical screen height is 0") }
        return ImageInfo(format: .gif, width: UInt32(width), height: UInt32(height))
    }
}
