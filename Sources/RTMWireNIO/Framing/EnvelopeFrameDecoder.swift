import NIOCore
import RTMWire

/// A `ByteToMessageDecoder` that turns a stream of delimited frames (varint length, then the
/// message) into ``Envelope``s, for any NIO pipeline:
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(
///     ByteToMessageHandler(EnvelopeFrameDecoder(options: .default)))
/// ```
///
/// A length prefix above ``Limits/maxMessageBytes`` is refused as soon as the prefix is read,
/// before the body is buffered; a malformed message fails with its ``RTMWireError``, placed in
/// the stream as `DelimitedFrame` places it for every reader; a stream that ends inside a frame
/// fails with ``RTMWireError/Code/truncatedFrame``. After an error the stream is out of sync and
/// `ByteToMessageHandler` delivers nothing more.
public struct EnvelopeFrameDecoder: ByteToMessageDecoder, Sendable {
    /// The decoded message type.
    public typealias InboundOut = Envelope

    /// Codec options: rules and limits; ``Limits/maxMessageBytes`` is the frame cap.
    public let options: CodecOptions
    /// Bytes of the stream consumed so far, for error offsets.
    private var consumedBytes = 0

    /// Creates a decoder.
    public init(options: CodecOptions = .default) {
        self.options = options
    }

    /// The largest frame body accepted, in bytes.
    public var maximumFrameBytes: Int { options.limits.maxMessageBytes }

    /// Decodes one frame from the front of `buffer`, or returns nil (consuming nothing) when the
    /// frame is not complete yet. Usable without a pipeline.
    public mutating func decodeFrame(from buffer: inout ByteBuffer) throws(RTMWireError)
        -> Envelope?
    {
        let options = self.options
        let streamOffset = consumedBytes
        let result = buffer.withUnsafeReadableBytes {
            raw -> Result<(message: Envelope, length: Int)?, RTMWireError> in
            Result { () throws(RTMWireError) in
                try DelimitedFrame.decode(raw, streamOffset: streamOffset, options: options)
            }
        }
        guard let frame = try result.get() else { return nil }
        buffer.moveReaderIndex(forwardBy: frame.length)
        consumedBytes += frame.length
        return frame.message
    }

    /// Decodes one frame if the buffer holds it.
    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        guard let envelope = try decodeFrame(from: &buffer) else { return .needMoreData }
        context.fireChannelRead(Self.wrapInboundOut(envelope))
        return .continue
    }

    /// Decodes the remaining frames at the end of the stream; bytes left inside a frame throw
    /// ``RTMWireError/Code/truncatedFrame``.
    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while let envelope = try decodeFrame(from: &buffer) {
            context.fireChannelRead(Self.wrapInboundOut(envelope))
        }
        if seenEOF {
            try DelimitedFrame.finish(
                bufferedBytes: buffer.readableBytes, streamOffset: consumedBytes)
        }
        return .needMoreData
    }
}
