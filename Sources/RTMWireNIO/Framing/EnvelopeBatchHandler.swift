import NIOCore
import RTMWire

/// Groups the envelopes decoded from one socket read into one `[Envelope]`, so a consumer sees
/// what "arrived together" (a receipt responder batches its delivery receipts by it) and pays one
/// hand-off per read instead of one per envelope.
///
/// Place it after ``EnvelopeFrameDecoder``. Pending envelopes are passed on before an error,
/// an end of input or an inactive channel is, so nothing decoded ahead of a fault is lost.
public final class EnvelopeBatchHandler: ChannelInboundHandler, RemovableChannelHandler {
    /// Single envelopes from the decoder.
    public typealias InboundIn = Envelope
    /// The envelopes of one read.
    public typealias InboundOut = [Envelope]

    private var pending: [Envelope] = []

    /// Creates a handler.
    public init() {}

    /// Collects an envelope.
    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        pending.append(Self.unwrapInboundIn(data))
    }

    /// Passes on the read's envelopes.
    public func channelReadComplete(context: ChannelHandlerContext) {
        flush(context)
        context.fireChannelReadComplete()
    }

    /// Passes on pending envelopes, then the error.
    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        flush(context)
        context.fireErrorCaught(error)
    }

    /// Passes on pending envelopes, then the event.
    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        flush(context)
        context.fireUserInboundEventTriggered(event)
    }

    /// Passes on pending envelopes, then the event.
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
extension EnvelopeBatchHandler: Sendable {}
