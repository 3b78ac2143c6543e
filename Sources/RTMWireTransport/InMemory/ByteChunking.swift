/// How an in-memory connection cuts the bytes of one write into the pieces its peer receives,
/// as a network would. Tests use it to split frames at every byte boundary.
public struct ByteChunking: Sendable {
    private let split: @Sendable ([UInt8]) -> [[UInt8]]

    /// Cuts with a custom function. The pieces, concatenated, must equal the input.
    public init(_ split: @escaping @Sendable (_ bytes: [UInt8]) -> [[UInt8]]) {
        self.split = split
    }

    /// Cuts `bytes` into pieces.
    public func pieces(of bytes: [UInt8]) -> [[UInt8]] {
        split(bytes)
    }

    /// One piece per write (the default).
    public static let whole = ByteChunking { [$0] }

    /// One byte per piece: every byte boundary is a split point.
    public static let everyByte = fixed(size: 1)

    /// Pieces of at most `size` bytes (`size` below 1 counts as 1).
    public static func fixed(size: Int) -> ByteChunking {
        let size = max(1, size)
        return ByteChunking { bytes in
            stride(from: 0, to: bytes.count, by: size).map {
                Array(bytes[$0..<min($0 + size, bytes.count)])
            }
        }
    }

    /// Splits at the given offsets into the write (offsets outside `1..<count` are ignored).
    public static func splitting(at offsets: [Int]) -> ByteChunking {
        ByteChunking { bytes in
            var pieces: [[UInt8]] = []
            var start = 0
            for offset in offsets.sorted() where offset > start && offset < bytes.count {
                pieces.append(Array(bytes[start..<offset]))
                start = offset
            }
            pieces.append(Array(bytes[start...]))
            return pieces
        }
    }
}
