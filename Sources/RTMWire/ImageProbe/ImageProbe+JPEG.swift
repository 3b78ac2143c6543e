extension ImageProbe {
    /// Walks the marker segments after SOI up to the first frame header (SOF), which holds the
    /// size; APPn, DQT, DHT and the like may come first, in any order and number. The first
    /// Exif APP1 segment before it gives the orientation (see ``exifOrientation(_:from:to:)``).
    static func probeJPEG(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        var offset = 2  // past SOI
        var exif: ImageOrientation?? = nil  // nil: no Exif segment seen yet
        // Every pass advances `offset` by at least 2 bytes, so the loop ends within count/2 passes.
        while true {
            guard let lead = reader.byte(at: offset) else {
                throw malformed(
                    at: reader.count,
                    "JPEG truncated before a frame header (SOF): have \(reader.count) bytes")
            }
            guard lead == 0xFF else {
                throw malformed(at: offset, "JPEG expected a marker (0xFF) but found \(hex(lead))")
            }
            // Any number of 0xFF fill bytes may precede a marker code.
            var codeOffset = offset + 1
            while reader.byte(at: codeOffset) == 0xFF { codeOffset += 1 }
            guard let marker = reader.byte(at: codeOffset) else {
                throw malformed(at: reader.count, "JPEG truncated inside a marker")
            }
            switch marker {
            case 0x01, 0xD0...0xD8:  // TEM, RST0-7, SOI: standalone, no length
                offset = codeOffset + 1
                continue
            case 0x00:
                throw malformed(
                    at: codeOffset, "JPEG stuffed byte 0xFF00 outside entropy-coded data")
            case 0xD9:
                throw malformed(
                    at: codeOffset - 1, "JPEG end of image (EOI) before a frame header (SOF)")
            case 0xDA:
                throw malformed(
                    at: codeOffset - 1, "JPEG start of scan (SOS) before a frame header (SOF)")
            default:
                break
            }
            let lengthOffset = codeOffset + 1
            guard let length = reader.uint16BE(at: lengthOffset) else {
                throw malformed(
                    at: reader.count, "JPEG truncated inside the length of marker \(hex(marker))")
            }
            guard length >= 2 else {
                throw malformed(
                    at: lengthOffset,
                    "JPEG segment length \(length) at marker \(hex(marker)) is below 2")
            }
            if isStartOfFrame(marker) {
                return try readFrameHeader(
                    reader, marker: marker, lengthOffset: lengthOffset, length: length,
                    orientation: (exif ?? nil) ?? .up)
            }
            let end = lengthOffset + Int(length)
            // An APP1 cut short is left alone: the walk fails at its end anyway.
            if marker == 0xE1, exif == nil, end <= reader.count,
                end - (lengthOffset + 2) >= exifHeader.count,
                reader.matches(exifHeader, at: lengthOffset + 2)
            {
                exif = .some(exifOrientation(reader, from: lengthOffset + 2, to: end))
            }
            offset = end
        }
    }

    /// SOF0-SOF15 except the three codes in that range that are not frame headers:
    /// DHT (0xC4), JPG (0xC8, reserved) and DAC (0xCC).
    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// Frame header: length (2), sample precision (1), lines (2), samples per line (2),
    /// component count (1), then the components.
    static func readFrameHeader(
        _ reader: Reader, marker: UInt8, lengthOffset: Int, length: UInt16,
        orientation: ImageOrientation
    ) throws(RTMWireError) -> ImageInfo {
        guard length >= 8 else {
            throw malformed(
                at: lengthOffset,
                "JPEG frame header length \(length) at marker \(hex(marker)) is below the minimum 8"
            )
        }
        let heightOffset = lengthOffset + 3
        guard let height = reader.uint16BE(at: heightOffset),
            let width = reader.uint16BE(at: heightOffset + 2)
        else {
            throw truncated("JPEG frame header", need: heightOffset + 4, in: reader)
        }
        // Height 0 defers the line count to a DNL marker after the first scan; finding it would
        // mean walking the entropy-coded data, which a header probe does not do.
        guard height > 0 else {
            throw malformed(at: heightOffset, "JPEG height defined by DNL not supported")
        }
        guard width > 0 else { throw malformed(at: heightOffset + 2, "JPEG width is 0") }
        return ImageInfo(
            format: .jpeg, stored: UInt32(width), UInt32(height), orientation: orientation)
    }
}
