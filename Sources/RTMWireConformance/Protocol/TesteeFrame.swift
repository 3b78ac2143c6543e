/// The framing of the testee protocol: a 4-byte little-endian body length, then the body.
public enum TesteeFrame {
    /// The largest body either side sends or accepts: 64 MiB.
    public static let maxBodyLength = 64 << 20

    /// The 4-byte length prefix of a body of `count` bytes.
    public static func prefix(_ count: Int) -> [UInt8] {
        let length = UInt32(truncatingIfNeeded: count)
        return (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
    }

    /// A whole frame: the prefix, then `body`.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        prefix(body.count) + body
    }

    /// The body length a prefix announces.
    public static func length(ofPrefix bytes: some Collection<UInt8>) -> Int {
        var length = 0
        for (index, byte) in bytes.prefix(4).enumerated() { length |= Int(byte) << (8 * index) }
        return length
    }
}
