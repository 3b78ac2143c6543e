/// Varint sizing; the encoder computes every size before writing.
@usableFromInline
package enum Varint {
    /// Bytes needed to encode `value` as a varint (1...10).
    @inlinable
    package static func size(_ value: UInt64) -> Int {
        // Each byte carries 7 bits; (bits used + 6) / 7, with 0 taking one byte.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits + 6) / 7
    }

    /// Size of an int32/enum value: negative values are sign-extended to 10 bytes, as every
    /// protobuf implementation does.
    @inlinable
    package static func size(int32 value: Int32) -> Int {
        size(UInt64(bitPattern: Int64(value)))
    }

    /// The varint at the start of `word` (eight input bytes, loaded little-endian) and its
    /// length, when it ends within them (1...8 bytes; nil otherwise). No loop: the terminating
    /// byte is the first whose high bit is clear, and the seven-bit groups are packed together
    /// in three steps, pairs, then quads, then halves. Timestamps (six bytes) take one call
    /// rather than six rounds of a byte loop.
    @inlinable @inline(__always)
    package static func decode(word: UInt64) -> (value: UInt64, length: Int)? {
        let stops = ~word & 0x8080_8080_8080_8080
        if stops == 0 { return nil }
        let last = stops.trailingZeroBitCount  // the high bit of the terminating byte
        // The bytes up to the terminating one (a shift by 64 wraps to 0, then all ones).
        var value = word & ((2 &<< UInt64(last)) &- 1) & 0x7F7F_7F7F_7F7F_7F7F
        value = (value & 0x007F_007F_007F_007F) | (value & 0x7F00_7F00_7F00_7F00) &>> 1
        value = (value & 0x0000_3FFF_0000_3FFF) | (value & 0x3FFF_0000_3FFF_0000) &>> 2
        value = (value & 0x0000_0000_0FFF_FFFF) | (value & 0x0FFF_FFFF_0000_0000) &>> 4
        return (value, (last &+ 1) &>> 3)
    }

    /// The varint at `offset` and its length, when it has 1...8 bytes and ends before `end`,
    /// read with ``decode(word:)``; nil otherwise (the caller's byte loop then reads it, or
    /// throws). Loads stay inside `offset..<end`: eight bytes when there are eight, else two
    /// overlapping four-byte loads placed at their positions.
    @inlinable @inline(__always)
    package static func decode(_ base: UnsafePointer<UInt8>, at offset: Int, end: Int)
        -> (value: UInt64, length: Int)?
    {
        let available = end &- offset
        let start = UnsafeRawPointer(base + offset)
        if available >= 8 {
            return decode(word: UInt64(littleEndian: start.loadUnaligned(as: UInt64.self)))
        }
        guard available >= 4 else { return nil }
        let low = UInt64(UInt32(littleEndian: start.loadUnaligned(as: UInt32.self)))
        let high = UInt64(
            UInt32(
                littleEndian: start.loadUnaligned(fromByteOffset: available &- 4, as: UInt32.self)))
        // The bytes past `available` are zero, which reads as an end: a varint is only taken
        // when it ends within the bytes that are there.
        guard let decoded = decode(word: low | high &<< UInt64((available &- 4) &* 8)),
            decoded.length <= available
        else { return nil }
        return decoded
    }

    /// Size of a length-delimited field body of `length` bytes, including the length prefix.
    @inlinable
    package static func sizeWithLengthPrefix(_ length: Int) -> Int {
        size(UInt64(length)) + length
    }
}
