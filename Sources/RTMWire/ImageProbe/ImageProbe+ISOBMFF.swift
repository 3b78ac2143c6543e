extension ImageProbe {
    static let isoBoxTypeFileType: [UInt8] = Array("ftyp".utf8)

    /// One ISO BMFF box (ISO/IEC 14496-12 §4.2): where it starts, where its payload starts
    /// (after size, type and any 64-bit largesize) and where it ends.
    struct ISOBox {
        /// The box type as a big-endian FourCC (see ``fourCC(_:)``).
        var type: UInt32
        var start: Int
        var payload: Int
        var end: Int
        /// Size 0: "the box extends to the end of the file"; `end` is then the parent's end.
        var extendsToEnd: Bool

        var payloadLength: Int { end - payload }
    }

    /// A FourCC as the big-endian integer the box header holds.
    static func fourCC(_ code: StaticString) -> UInt32 {
        code.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// `mdat`-style rendering of a FourCC for error details (hex when not printable ASCII).
    static func describe(fourCC value: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) {
            return "'" + String(decoding: bytes, as: UTF8.self) + "'"
        }
        return "0x" + bytes.map { String(hex($0).dropFirst(2)) }.joined()
    }

    /// Reads the header of the box at `offset`, which must lie inside its parent (`parentEnd`,
    /// the end of the input for top-level boxes). Sizes 0 (to the end) and 1 (a 64-bit
    /// largesize follows) are accepted; a size below the header or past the parent's end throws,
    /// and at the top level "past the end" means the input is cut short.
    static func readBox(
        _ reader: Reader, at offset: Int, parentEnd: Int
    ) throws(RTMWireError) -> ISOBox {
        let topLevel = parentEnd == reader.count
        func pastEnd(_ detail: String) -> RTMWireError {
            topLevel
                ? malformed(at: reader.count, "ISO BMFF input truncated: \(detail)")
                : malformed(at: offset, "ISO BMFF \(detail) past the end of its parent box")
        }
        let available = parentEnd - offset
        guard available >= 8, let size32 = reader.uint32BE(at: offset),
            let type = reader.uint32BE(at: offset + 4)
        else {
            throw pastEnd("box header at byte \(offset) needs 8 bytes, \(max(0, available)) remain")
        }
        let name = describe(fourCC: type)
        var header = 8
        var size = UInt64(size32)
        switch size32 {
        case 0:
            return ISOBox(
                type: type, start: offset, payload: offset + 8, end: parentEnd, extendsToEnd: true)
        case 1:
            guard available >= 16, let large = reader.uint64BE(at: offset + 8) else {
                throw pastEnd("box \(name) at byte \(offset) lacks its 64-bit largesize")
            }
            guard large >= 16 else {
                throw malformed(
                    at: offset + 8, "ISO BMFF box \(name) largesize \(large) is below its header")
            }
            header = 16
            size = large
        case 2..<8:
            throw malformed(
                at: offset, "ISO BMFF box \(name) size \(size32) is below its 8-byte header")
        default:
            break
        }
        guard size <= UInt64(available) else {
            throw pastEnd(
                "box \(name) at byte \(offset) declares \(size) bytes, \(available) remain")
        }
        return ISOBox(
            type: type, start: offset, payload: offset + header, end: offset + Int(size),
            extendsToEnd: false)
    }

    /// Calls `body` for each child box of the payload range `start..<end`, in order, until it
    /// returns false. Every child is at least 8 bytes, so the walk ends within (end - start) / 8
    /// steps; a child that extends to the end is the last one.
    static func forEachBox(
        _ reader: Reader, from start: Int, to end: Int,
        _ body: (ISOBox) throws(RTMWireError) -> Bool
    ) throws(RTMWireError) {
        var offset = start
        while offset < end {
            let box = try readBox(reader, at: offset, parentEnd: end)
            guard try body(box) else { return }
            offset = box.end
        }
    }

    // MARK: ftyp

    static let heicBrands: Set<UInt32> = Set(
        ["heic", "heix", "heim", "heis", "hevc", "hevx"].map { fourCC(string: $0) })
    static let avifBrands: Set<UInt32> = [fourCC("avif"), fourCC("avis")]
    static let heifBrands: Set<UInt32> = [fourCC("mif1"), fourCC("msf1"), fourCC("mif2")]

    static func fourCC(string: String) -> UInt32 {
        string.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The image format the file-type box declares: the major brand decides when it names a
    /// codec, then the compatible brands (AVIF before HEIC), then the generic HEIF brands. Any
    /// other ISO BMFF file (MP4, QuickTime, 3GP, JPEG 2000) is not an image this probe reads.
    static func heifFormat(_ reader: Reader, fileType box: ISOBox) throws(RTMWireError)
        -> ImageFormat
    {
        guard box.payloadLength >= 8, let major = reader.uint32BE(at: box.payload) else {
            throw malformed(
                at: box.start, "ISO BMFF 'ftyp' box of \(box.payloadLength) bytes has no brands")
        }
        var brands = [major]
        var offset = box.payload + 8
        while offset + 4 <= box.end, brands.count < 64, let brand = reader.uint32BE(at: offset) {
            brands.append(brand)
            offset += 4
        }
        if heicBrands.contains(major) { return .heic }
        if avifBrands.contains(major) { return .avif }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heicBrands.contains) { return .heic }
        if brands.contains(where: heifBrands.contains) { return .heif }
        throw RTMWireError(
            code: .unrecognizedImageFormat, offset: 0,
            detail:
                "ISO BMFF file with brands \(brands.map { describe(fourCC: $0) }.joined(separator: ", ")) is not a HEIF or AVIF image"
        )
    }
}
