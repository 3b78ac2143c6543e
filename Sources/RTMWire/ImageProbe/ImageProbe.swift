/// Reads the format and displayed pixel dimensions from the header of a JPEG, PNG, BMP, GIF,
/// WebP, HEIC/HEIF or AVIF image.
///
/// The sender of an image message uses it to fill in width and height when the caller gave
/// none. Dimensions are reported as displayed: a JPEG's Exif orientation and a HEIF/AVIF image's
/// `clap`, `irot` and `imir` properties are applied, so a portrait phone photo is reported
/// portrait. Only the header is read; the pixel data is neither decoded nor validated, every
/// length read from the input is checked against the bytes present before it is used, and
/// nothing is allocated in proportion to sizes claimed by the input.
public enum ImageProbe {
    /// Detects the format of `bytes` and reads the image's displayed width and height.
    ///
    /// - Throws: ``RTMWireError`` with code ``RTMWireError/Code/unrecognizedImageFormat`` when
    ///   the bytes start with none of the known signatures (including empty input), or
    ///   ``RTMWireError/Code/malformedImageHeader`` when the header is cut short, inconsistent,
    ///   or declares a zero dimension (for ISO BMFF: a box size of 2...7, below its header, or
    ///   past the end of its parent; no primary item or no `ispe` for it).
    public static func probe<Bytes: Collection>(
        _ bytes: Bytes
    ) throws(RTMWireError) -> ImageInfo where Bytes.Element == UInt8 {
        // `withContiguousStorageIfAvailable` only rethrows untyped errors, so carry the typed
        // outcome out through a Result.
        let direct = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(RTMWireError) -> ImageInfo in try probe(Reader(buffer)) }
        }
        if let direct { return try direct.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { (buffer) throws(RTMWireError) -> ImageInfo in
            try probe(Reader(buffer))
        }
    }

    static func probe(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        guard let first = reader.byte(at: 0) else {
            throw RTMWireError(
                code: .unrecognizedImageFormat, offset: 0, detail: "empty input is not an image")
        }
        // ISO BMFF (HEIF, AVIF) starts with the 32-bit size of its `ftyp` box.
        if reader.matches(isoBoxTypeFileType, at: 4) { return try probeISOBMFF(reader) }
        switch first {
        case 0xFF where reader.byte(at: 1) == 0xD8:
            return try probeJPEG(reader)
        case 0x89 where reader.matches(pngSignature.prefix(4), at: 0):
            return try probePNG(reader)
        case UInt8(ascii: "B") where reader.byte(at: 1) == UInt8(ascii: "M"):
            return try probeBMP(reader)
        case UInt8(ascii: "G") where reader.matches(gifMagic, at: 0):
            return try probeGIF(reader)
        case UInt8(ascii: "R") where reader.matches(riffMagic, at: 0):
            return try probeWebP(reader)
        default:
            throw RTMWireError(
                code: .unrecognizedImageFormat, offset: 0,
                detail: "bytes start with no JPEG, PNG, BMP, GIF, WebP or HEIF/AVIF signature")
        }
    }
}

// MARK: - Internal helpers

extension ImageProbe {
    /// Bounds-checked little- and big-endian reads over the input: every accessor returns nil
    /// instead of trapping, because the input is untrusted.
    struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>

        init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        var count: Int { buffer.count }

        /// Whether `length` bytes starting at `offset` lie inside the input.
        func contains(_ length: Int, at offset: Int) -> Bool {
            offset >= 0 && length >= 0 && offset <= buffer.count && length <= buffer.count - offset
        }

        func byte(at offset: Int) -> UInt8? {
            contains(1, at: offset) ? buffer[offset] : nil
        }

        func matches<Pattern: Collection<UInt8>>(_ pattern: Pattern, at offset: Int) -> Bool {
            guard contains(pattern.count, at: offset) else { return false }
            var index = offset
            for expected in pattern {
                guard buffer[index] == expected else { return false }
                index += 1
            }
            return true
        }

        func uint16BE(at offset: Int) -> UInt16? {
            guard contains(2, at: offset) else { return nil }
            return UInt16(buffer[offset]) << 8 | UInt16(buffer[offset + 1])
        }

        func uint16LE(at offset: Int) -> UInt16? {
            guard contains(2, at: offset) else { return nil }
            return UInt16(buffer[offset]) | UInt16(buffer[offset + 1]) << 8
        }

        func uint32BE(at offset: Int) -> UInt32? {
            guard let high = uint16BE(at: offset), let low = uint16BE(at: offset + 2) else {
                return nil
            }
            return UInt32(high) << 16 | UInt32(low)
        }

        func uint32LE(at offset: Int) -> UInt32? {
            guard let low = uint16LE(at: offset), let high = uint16LE(at: offset + 2) else {
                return nil
            }
            return UInt32(high) << 16 | UInt32(low)
        }

        func uint24LE(at offset: Int) -> UInt32? {
            guard let low = uint16LE(at: offset), let high = byte(at: offset + 2) else {
                return nil
            }
            return UInt32(high) << 16 | UInt32(low)
        }

        func uint64BE(at offset: Int) -> UInt64? {
            guard let high = uint32BE(at: offset), let low = uint32BE(at: offset + 4) else {
                return nil
            }
            return UInt64(high) << 32 | UInt64(low)
        }
    }

    static func malformed(at offset: Int, _ detail: String) -> RTMWireError {
        RTMWireError(code: .malformedImageHeader, offset: offset, detail: detail)
    }

    /// A uniform "cut short" error, reported at the end of the input where reading stopped.
    static func truncated(_ what: String, need: Int, in reader: Reader) -> RTMWireError {
        malformed(at: reader.count, "\(what) truncated: need \(need) bytes, have \(reader.count)")
    }

    /// `0xAB`-style rendering for marker and signature bytes in error details.
    static func hex(_ value: UInt8) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + (value < 0x10 ? "0" + digits : digits)
    }
}
