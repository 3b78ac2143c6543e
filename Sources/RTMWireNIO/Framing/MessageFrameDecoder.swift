import Logging
import NIOCore
import RTMWire

/// A `ByteToMessageDecoder` that turns a stream of delimited frames (varint length, then the
/// message) into messages of any RTMWire type, for any NIO pipeline:
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(
///     ByteToMessageHandler(MessageFrameDecoder<Envelope>(options: .default)))
/// ```
///
/// A length prefix above `Limits.maxMessageBytes` is refused as soon as the prefix is read,
/// before the body is buffered; a malformed message fails with its `RTMWireError`, placed in
/// the stream as `DelimitedFrame` places it for every reader; a stream that ends inside a frame
/// fails with `RTMWireError.Code.truncatedFrame`. After an error the stream is out of sync and
/// `ByteToMessageHandler` delivers nothing more. Each decoded frame and each error is counted,
/// and each error logged, through ``FramingTelemetry``.
public struct MessageFrameDecoder<Message: RTMMessage>: ByteToMessageDecoder, Sendable {
    /// The decoded message type.
    public typealias InboundOut = Message

    /// Codec options: rules and limits; `Limits.maxMessageBytes` is the frame cap.
    public let options: CodecOptions
    /// Where frames and errors are reported.
    public let telemetry: FramingTelemetry
    private let counters: FrameCounters
    /// Bytes of the stream consumed so far, for error offsets.
    private var consumedBytes = 0

    /// Creates a decoder.
    public init(options: CodecOptions = .default, telemetry: FramingTelemetry = FramingTelemetry())
    {
        self.options = options
        self.telemetry = telemetry
        self.counters = telemetry.counters(.inbound)
    }

    /// The largest frame body accepted, in bytes.
    public var maximumFrameBytes: Int { options.limits.maxMessageBytes }

    /// Decodes one frame from the front of `buffer`, or returns nil (consuming nothing) when the
    /// frame is not complete yet; then a buffer whose storage is far larger than its readable
    /// bytes (after a large frame) is copied down to their size. Usable without a pipeline;
    /// errors are counted, not logged.
    public mutating func decodeFrame(from buffer: inout ByteBuffer) throws(RTMWireError)
        -> Message?
    {
        let options = self.options
        let streamOffset = consumedBytes
        let result = buffer.withUnsafeReadableBytes {
            raw -> Result<(message: Message, length: Int)?, RTMWireError> in
            Result { () throws(RTMWireError) in
                try DelimitedFrame.decode(raw, streamOffset: streamOffset, options: options)
            }
        }
        let frame: (message: Message, length: Int)?
        do {
            frame = try result.get()
        } catch {
            counters.error(error.code)
            throw error
        }
        guard let frame else {
            // Waiting for the rest of a frame: keep no more storage than it needs.
            buffer.compactIfMostlyEmpty()
            return nil
        }
        buffer.moveReaderIndex(forwardBy: frame.length)
        consumedBytes += frame.length
        counters.frame(size: frame.length)
        return frame.message
    }

    /// Decodes one frame if the buffer holds it.
    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        guard
            let message = try logged(
                context,
                { decoder throws(RTMWireError) in
                    try decoder.decodeFrame(from: &buffer)
                })
        else { return .needMoreData }
        context.fireChannelRead(Self.wrapInboundOut(message))
        return .continue
    }

    /// Decodes the remaining frames at the end of the stream; bytes left inside a frame throw
    /// `RTMWireError.Code.truncatedFrame`.
    public mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while let message = try logged(
            context,
            { decoder throws(RTMWireError) in
                try decoder.decodeFrame(from: &buffer)
            })
        {
            context.fireChannelRead(Self.wrapInboundOut(message))
        }
        if seenEOF {
            let consumed = consumedBytes
            let left = buffer.readableBytes
            _ = try logged(context) { decoder throws(RTMWireError) -> Message? in
                do throws(RTMWireError) {
                    try DelimitedFrame.finish(bufferedBytes: left, streamOffset: consumed)
                } catch {
                    decoder.counters.error(error.code)
                    throw error
                }
                return nil
            }
        }
        return .needMoreData
    }

    /// Runs `step`, logging its error with the channel's addresses before rethrowing it.
    private mutating func logged(
        _ context: ChannelHandlerContext,
        _ step: (inout MessageFrameDecoder) throws(RTMWireError) -> Message?
    ) throws(RTMWireError) -> Message? {
        do {
            return try step(&self)
        } catch {
            var metadata = Logger.metadata(of: context.channel)
            metadata.merge(Logger.metadata(of: error)) { $1 }
            telemetry.logger.warning("rtmwire: inbound frame rejected", metadata: metadata)
            throw error
        }
    }
}

/// The decoder of `Envelope` frames.
public typealias EnvelopeFrameDecoder = MessageFrameDecoder<Envelope>
