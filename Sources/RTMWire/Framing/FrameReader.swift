/// Turns a byte stream carrying delimited frames (varint length + message) into messages, as the
/// bytes arrive in pieces of any size.
///
/// Append bytes with ``append(_:)`` and take messages with ``next()`` until it returns nil
/// ("need more data"). At end of stream call ``finish()``: it tells a clean end (nothing
/// buffered) from a stream cut inside a frame. A length prefix above
/// ``Limits/maxMessageBytes`` is refused as soon as the prefix is read, before the frame's
/// body is buffered, so a peer cannot make the reader allocate for bytes it never sends.
///
/// After an error the stream is out of sync; the reader keeps failing with the same error.
public struct FrameReader<Message: RTMMessage>: Sendable {
    /// How frames are decoded and which limits apply (``Limits/maxMessageBytes`` caps frames).
    public let options: CodecOptions
    private var buffer: [UInt8] = []
    private var start = 0
    /// Offset in the whole stream of `buffer[0]`, for error positions.
    private var streamOffset = 0
    private var failure: RTMWireError?

    /// Creates a reader.
    public init(options: CodecOptions = .default) {
        self.options = options
    }

    /// Bytes received but not yet returned as messages.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            // Drop consumed bytes so memory stays proportional to one frame.
            streamOffset += start
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message, or nil when more bytes are needed.
    public mutating func next() throws(RTMWireError) -> Message? {
        if let failure { throw failure }
        do {
            return try nextFrame()
        } catch {
            failure = error
            throw error
        }
    }

    /// Declares the end of the stream: throws ``RTMWireError/Code/truncatedFrame`` when a frame
    /// was cut short, otherwise returns normally. Call ``next()`` until nil first.
    public func finish() throws(RTMWireError) {
        if let failure { throw failure }
        try DelimitedFrame.finish(
            bufferedBytes: bufferedByteCount, streamOffset: streamOffset + start)
    }

    private mutating func nextFrame() throws(RTMWireError) -> Message? {
        guard buffer.count > start else { return nil }
        let begin = start
        let offset = streamOffset + begin
        let options = self.options
        let frame = try buffer.withUnsafeBytes {
            raw -> Result<(message: Message, length: Int)?, RTMWireError> in
            Result { () throws(RTMWireError) in
                try DelimitedFrame.decode(
                    UnsafeRawBufferPointer(rebasing: raw[begin...]), streamOffset: offset,
                    options: options)
            }
        }.get()
        guard let frame else { return nil }
        start += frame.length
        return frame.message
    }
}
