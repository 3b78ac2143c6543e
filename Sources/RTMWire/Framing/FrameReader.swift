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
        if bufferedByteCount > 0 {
            throw RTMWireError(
                code: .truncatedFrame, offset: streamOffset + start,
                detail: "stream ended \(bufferedByteCount) bytes into a frame")
        }
    }

    private mutating func nextFrame() throws(RTMWireError) -> Message? {
        let available = buffer.count - start
        guard available > 0 else { return nil }
        // Parse the length prefix by hand: it may itself be incomplete.
        var length: UInt64 = 0
        var prefixLength = 0
        var complete = false
        while prefixLength < available {
            let byte = buffer[start + prefixLength]
            length |= UInt64(byte & 0x7F) << (7 * UInt64(prefixLength))
            prefixLength += 1
            if byte < 0x80 { complete = true; break }
            if prefixLength == 10 {
                throw RTMWireError(
                    code: .varintTooLong, offset: streamOffset + start,
                    detail: "frame length prefix longer than 10 bytes")
            }
        }
        guard complete else { return nil }
        let cap = options.limits.maxMessageBytes
        guard length <= UInt64(cap) else {
            throw RTMWireError.limit(
                "maxMessageBytes", allowed: cap, actual: Int(clamping: length), path: "",
                detail: "frame length prefix at byte \(streamOffset + start) exceeds the frame cap")
        }
        let bodyLength = Int(length)
        guard available - prefixLength >= bodyLength else { return nil }
        let bodyStart = start + prefixLength
        let frameOffset = streamOffset + bodyStart
        let message = try buffer.withUnsafeBytes { (raw) -> Result<Message, RTMWireError> in
            let body = UnsafeRawBufferPointer(rebasing: raw[bodyStart..<bodyStart + bodyLength])
            return Result { () throws(RTMWireError) -> Message in
                try Message(decoding: body, options: options)
            }
        }.mapError { error in
            var shifted = error
            shifted.offset = error.offset.map { $0 + frameOffset }
            return shifted
        }.get()
        start = bodyStart + bodyLength
        return message
    }
}
