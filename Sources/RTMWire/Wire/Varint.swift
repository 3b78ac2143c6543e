/// Varint sizing; the encoder computes every size before writing.
@usableFromInline
enum Varint {
    /// Bytes needed to encode `value` as a varint (1...10).
    @inlinable
    static func size(_ value: UInt64) -> Int {
        // Each byte carries 7 bits; (bits used + 6) / 7, with 0 taking one byte.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits + 6) / 7
    }

    /// Size of an int32/enum value: negative values are sign-extended to 10 bytes, as every
    /// protobuf implementation does.
    @inlinable
    static func size(int32 value: Int32) -> Int {
        size(UInt64(bitPattern: Int64(value)))
    }

    /// Size of a length-delimited field body of `length` bytes, including the length prefix.
    @inlinable
    static func sizeWithLengthPrefix(_ length: Int) -> Int {
        size(UInt64(length)) + length
    }
}
