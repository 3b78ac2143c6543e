import Logging
import NIOCore
import RTMWire

/// A channel handler that writes each outbound message of any RTMWire type as one delimited frame
/// (varint length, then the message), checking the rules and limits of ``options`` first:
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(MessageFrameEncoder<Envelope>())
/// ```
///
/// The frame is serialised straight into a buffer of its exact size. A message the codec refuses
/// fails **that write only**: its promise fails with the `RTMWireError`, nothing is written,
/// and the channel and every later write go on (unlike `MessageToByteHandler`, which fails every
/// later write after one encoder error). Refusals are counted and logged at `debug` through
/// ``FramingTelemetry``, as written frames are counted.
public final class MessageFrameEncoder<Message: RTMMessage>: ChannelOutboundHandler,
    RemovableChannelHandler
{
    /// Messages from the application.
    public typealias OutboundIn = Message
    /// Their frames.
    public typealias OutboundOut = ByteBuffer

    /// Codec options: rules and limits.
    public let options: CodecOptions
    /// Where frames and refusals are reported.
    public let telemetry: FramingTelemetry
    private let counters: FrameCounters

    /// Creates an encoder.
    public init(options: CodecOptions = .default, telemetry: FramingTelemetry = FramingTelemetry())
    {
        self.options = options
        self.telemetry = telemetry
        self.counters = telemetry.counters(.outbound)
    }

    /// Appends the message's frame to `buffer`; usable without a pipeline. Throws, writing
    /// nothing, when the codec refuses the message.
    public func encode(_ message: Message, into buffer: inout ByteBuffer) throws(RTMWireError) {
        let frame: OutboundFrame<Message>
        do {
            frame = try OutboundFrame(message, options: options)
        } catch {
            counters.error(error.code)
            throw error
        }
        // The buffer is grown to the frame's size first, so the write cannot fail.
        _ = try? buffer.writeDelimitedFrame(frame)
        counters.frame(size: frame.size)
    }

    /// Writes the message's frame, or fails this write's promise when the codec refuses it.
    public func write(
        context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?
    ) {
        let message = Self.unwrapOutboundIn(data)
        var buffer = context.channel.allocator.buffer(capacity: 0)
        do {
            try encode(message, into: &buffer)
        } catch {
            var metadata = Logger.metadata(of: context.channel)
            metadata.merge(Logger.metadata(of: error)) { $1 }
            telemetry.logger.debug("rtmwire: outbound message refused", metadata: metadata)
            promise?.fail(error)
            return
        }
        context.write(Self.wrapOutboundOut(buffer), promise: promise)
    }
}

@available(*, unavailable)
extension MessageFrameEncoder: Sendable {}

/// The encoder of `Envelope` frames.
public typealias EnvelopeFrameEncoder = MessageFrameEncoder<Envelope>
