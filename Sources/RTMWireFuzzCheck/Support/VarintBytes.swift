/// Varints as bytes, for the checks and the tests that build or walk wire input by hand: the one
/// varint helper outside the codec (a check must not borrow the code it checks).
public enum VarintBytes {
    /// The minimal encoding of `value`.
    public static func encode(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return bytes
    }

    /// Appends the minimal encoding of `value` to `bytes`.
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// The length of the minimal encoding of `value` (1...10).
    public static func size(_ value: UInt64) -> Int {
        (64 - (value | 1).leadingZeroBitCount + 6) / 7
    }

    /// Reads the varint at `offset`, which must end before `end`, as every protobuf parser does:
    /// at most 10 bytes, bits beyond 64 dropped. Returns the value and the bytes it took, or nil
    /// when `end` comes first or the varint runs longer than 10 bytes.
    public static func decode(_ bytes: [UInt8], at offset: Int, end: Int) -> (
        value: UInt64, length: Int
    )? {
        var value: UInt64 = 0
        var length = 0
        while offset + length < end, length < 10 {
            let byte = bytes[offset + length]
            value |= UInt64(byte & 0x7F) << UInt64(7 * length)
            length += 1
            if byte < 0x80 { return (value, length) }
        }
        return nil
    }
}
