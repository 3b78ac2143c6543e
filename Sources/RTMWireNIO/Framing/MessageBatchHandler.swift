import NIOCore
import RTMWire

/// Groups the messages decoded from one socket read into one array, so a consumer sees
/// what "arrived together" (a receipt responder batches its delivery receipts by it) and pays one
/// hand-off per read instead of one per message.
///
/// Place it after a ``MessageFrameDecoder`` of the same type. Pending messages are passed on
/// before an error, an end of input or an inactive channel is, so nothing decoded ahead of a
/// fault is lost.
public final class MessageBatchHandler<Message>: ChannelInboundHandler,
    RemovableChannelHandler
{
    /// Single messages from the decoder.
    public typealias InboundIn = Message
    /// The messages of one read.
    public typealias InboundOut = [Message]

    private var pending: [Message] = []

    /// Creates a handler.
    public init() {}

    /// Collects a message.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending.append(Self.unwrapInboundIn(data))
    }

    /// Passes on the read's messages.
    public func channelReadComplete(context: ChannelHandlerContext) {
        flush(context)
        context.fireChannelReadComplete()
    }

    /// Passes on pending messages, then the error.
    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        flush(context)
        context.fireErrorCaught(error)
    }

    /// Passes on pending messages, then the event.
    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        flush(context)
        context.fireUserInboundEventTriggered(event)
    }

    /// Passes on pending messages, then the event.
    public func channelInactive(context: ChannelHandlerContext) {
        flush(context)
        context.fireChannelInactive()
    }

    private func flush(_ context: ChannelHandlerContext) {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        context.fireChannelRead(Self.wrapInboundOut(batch))
    }
}

@available(*, unavailable)
extension MessageBatchHandler: Sendable {}

/// The batch handler of `Envelope`s.
public typealias EnvelopeBatchHandler = MessageBatchHandler<Envelope>
