import RTMWire

/// Settings of an in-memory connection pair.
public struct InMemoryConfiguration: Sendable {
    /// Codec options of both ends: limits (`Limits.maxMessageBytes` caps frames) and rules.
    public var codec: CodecOptions
    /// Most byte pieces buffered in one direction before a sender suspends (back-pressure).
    /// Default 64; values below 1 count as 1.
    public var capacity: Int
    /// How each write is cut into pieces. Default ``ByteChunking/whole``.
    public var chunking: ByteChunking

    /// Creates settings.
    public init(codec: CodecOptions = .default, capacity: Int = 64, chunking: ByteChunking = .whole)
    {
        self.codec = codec
        self.capacity = max(1, capacity)
        self.chunking = chunking
    }
}
