extension ImageProbe {
    /// The Exif orientation in the APP1 payload `start..<end` of a JPEG ("Exif\0\0" then a TIFF
    /// header and IFD0), or nil when the payload is not Exif or holds no usable orientation.
    ///
    /// Unreadable Exif (offsets past the segment, a wrong TIFF magic) and orientation values
    /// outside 1 ... 8 count as "no orientation": that is how viewers display such a file, and
    /// broken metadata must not stop a decodable photo from being sent.
    static func exifOrientation(_ reader: Reader, from start: Int, to end: Int) -> ImageOrientation?
    {
        guard end - start >= exifHeader.count + 8, reader.matches(exifHeader, at: start) else {
            return nil
        }
        let tiff = start + exifHeader.count
        let bigEndian: Bool
        if reader.matches("MM".utf8, at: tiff) {
            bigEndian = true
        } else if reader.matches("II".utf8, at: tiff) {
            bigEndian = false
        } else {
            return nil
        }
        let length = end - tiff
        // Every offset below is relative to the TIFF header and must stay inside the segment.
        func u16(_ offset: Int) -> UInt16? {
            guard offset >= 0, offset <= length - 2 else { return nil }
            return bigEndian
                ? reader.uint16BE(at: tiff + offset) : reader.uint16LE(at: tiff + offset)
        }
        func u32(_ offset: Int) -> UInt32? {
            guard offset >= 0, offset <= length - 4 else { return nil }
            return bigEndian
                ? reader.uint32BE(at: tiff + offset) : reader.uint32LE(at: tiff + offset)
        }
        // Clamped: on a 32-bit platform (wasm32, watchOS) an offset above Int.max would trap.
        guard u16(2) == 42, let ifd = u32(4).map({ Int(clamping: $0) }), let count = u16(ifd) else {
            return nil
        }
        // At most 65,535 entries of 12 bytes, each read bounds-checked: the loop stops at the
        // first entry past the segment.
        for index in 0..<Int(count) {
            let entry = ifd + 2 + 12 * index
            guard let tag = u16(entry), let type = u16(entry + 2), let values = u32(entry + 4)
            else { return nil }
            guard tag == exifOrientationTag else { continue }
            // SHORT (type 3), one value, stored in the first two bytes of the value field.
            guard type == 3, values >= 1, let value = u16(entry + 8), value <= 8 else {
                return nil
            }
            return ImageOrientation(rawValue: UInt8(value))
        }
        return nil
    }

    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    static let exifOrientationTag: UInt16 = 0x0112
}
