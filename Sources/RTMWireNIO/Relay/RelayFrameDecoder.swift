import NIOCore
import RTMWire

/// The relay's TCP frame decoder: splits the delimited stream into frames (varint length, then
/// the envelope) and hands on each frame's bytes with the header read through the view, never
/// decoding the body. Like ``MessageFrameDecoder``, a length above `Limits.maxMessageBytes` is
/// refused as soon as the prefix is read, and a stream that ends inside a frame fails with
/// `RTMWireError.Code.truncatedFrame`.
struct RelayFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = RelayFrame

    let options: CodecOptions
    /// Decode each envelope in full before passing it on (``RelayConfiguration/checksBodies``).
    let checksBodies: Bool
    /// Bytes of the stream consumed so far, for error offsets.
    private var consumedBytes = 0

    init(options: CodecOptions, checksBodies: Bool) {
        self.options = options
        self.checksBodies = checksBodies
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        guard let frame = try nextFrame(&buffer) else { return .needMoreData }
        context.fireChannelRead(Self.wrapInboundOut(frame))
        return .continue
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while let frame = try nextFrame(&buffer) {
            context.fireChannelRead(Self.wrapInboundOut(frame))
        }
        if seenEOF {
            try DelimitedFrame.finish(
                bufferedBytes: buffer.readableBytes, streamOffset: consumedBytes)
        }
        return .needMoreData
    }

    /// The frame at the front of `buffer`, or nil (consuming nothing) until it is whole.
    private mutating func nextFrame(_ buffer: inout ByteBuffer) throws(RTMWireError) -> RelayFrame?
    {
        guard let (length, prefixSize) = try prefix(buffer) else { return nil }
        guard buffer.readableBytes >= prefixSize + length else {
            buffer.compactIfMostlyEmpty()
            return nil
        }
        buffer.moveReaderIndex(forwardBy: prefixSize)
        let bytes = buffer.readBytes(length: length) ?? []
        do {
            let frame = try RelayFrame(bytes: bytes, options: options, checksBody: checksBodies)
            consumedBytes += prefixSize + length
            return frame
        } catch {
            var error = error
            error.offset = consumedBytes + prefixSize + (error.offset ?? 0)
            throw error
        }
    }

    /// The frame's length and the prefix's size, once the prefix is whole.
    private func prefix(_ buffer: ByteBuffer) throws(RTMWireError) -> (Int, Int)? {
        var value: UInt64 = 0
        for (index, byte) in buffer.readableBytesView.prefix(10).enumerated() {
            value |= UInt64(byte & 0x7F) << (7 * UInt64(index))
            if byte & 0x80 == 0 {
                let limit = options.limits.maxMessageBytes
                guard value <= UInt64(limit) else {
                    throw RTMWireError(
                        code: .limitExceeded, offset: consumedBytes,
                        limit: .init(
                            name: "maxMessageBytes", allowed: limit, actual: value),
                        detail: "frame length prefix exceeds the message size limit")
                }
                return (Int(value), index + 1)
            }
        }
        if buffer.readableBytes >= 10 {
            throw RTMWireError(
                code: .varintTooLong, offset: consumedBytes,
                detail: "frame length prefix is longer than 10 bytes")
        }
        return nil
    }
}
