/// Parsing of one delimited frame (varint byte length, then the message) at the front of a
/// buffer: the single implementation behind ``FrameReader``, the SwiftNIO decoder and every
/// transport, so the same bytes give the same ``RTMWireError`` whoever reads them.
///
/// Every error carries an ``RTMWireError/offset`` counted from the start of the stream: wire
/// errors inside a message at the byte where they were found; errors of the frame itself (length
/// prefix, frame cap, a stream cut inside a frame) and errors that have no byte position (the
/// semantic rules and limits of a decoded message) at the first byte of their frame.
public enum DelimitedFrame {
    /// Decodes the frame at the start of `bytes`.
    ///
    /// Returns nil when `bytes` does not hold the whole frame yet (nothing is consumed);
    /// otherwise the message and the frame's length (prefix + body) in bytes. A length prefix
    /// above ``Limits/maxMessageBytes`` is refused as soon as the prefix is read, whatever
    /// follows. `streamOffset` is the position of `bytes[0]` in the whole stream.
    public static func decode<Message: RTMMessage>(
        _ bytes: UnsafeRawBufferPointer, as type: Message.Type = Message.self,
        streamOffset: Int, options: CodecOptions
    ) throws(RTMWireError) -> (message: Message, length: Int)? {
        // The prefix is parsed by hand rather than with WireReader: an incomplete prefix means
        // "need more bytes", not truncation.
        var length: UInt64 = 0
        var prefixLength = 0
        while true {
            guard prefixLength < bytes.count else { return nil }
            let byte = bytes[prefixLength]
            length |= UInt64(byte & 0x7F) << (7 * UInt64(prefixLength))
            prefixLength += 1
            if byte < 0x80 { break }
            if prefixLength == 10 {
                throw RTMWireError(
                    code: .varintTooLong, offset: streamOffset,
                    detail: "frame length prefix longer than 10 bytes")
            }
        }
        let cap = options.limits.maxMessageBytes
        guard length <= UInt64(cap) else {
            throw RTMWireError(
                code: .limitExceeded, offset: streamOffset,
                limit: .init(name: "maxMessageBytes", allowed: cap, actual: length),
                detail:
                    "frame length prefix exceeds the frame cap; refused before buffering the body")
        }
        let bodyLength = Int(length)
        guard bytes.count - prefixLength >= bodyLength else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[prefixLength..<prefixLength + bodyLength])
        do {
            return (try Message(decoding: body, options: options), prefixLength + bodyLength)
        } catch {
            var placed = error
            placed.offset = error.offset.map { $0 + streamOffset + prefixLength } ?? streamOffset
            throw placed
        }
    }

    /// The end of a stream: throws ``RTMWireError/Code/truncatedFrame`` when `bufferedBytes`
    /// bytes of an unfinished frame starting at `streamOffset` are left, otherwise returns.
    public static func finish(bufferedBytes: Int, streamOffset: Int) throws(RTMWireError) {
        guard bufferedBytes > 0 else { return }
        throw RTMWireError(
            code: .truncatedFrame, offset: streamOffset,
            detail: "stream ended \(bufferedBytes) bytes into a frame")
    }
}
