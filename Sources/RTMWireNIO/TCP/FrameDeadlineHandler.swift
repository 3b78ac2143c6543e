import NIOCore
import RTMWireTransport

/// What ``FrameDeadlineHandler`` needs to know of a byte stream: where its units (delimited
/// frames over TCP, messages over WebSocket) begin and end, followed without buffering.
protocol StreamBoundaryTracking: Sendable {
    /// What a unit is called in the timeout's detail ("frame", "message").
    static var unitName: String { get }
    /// A tracker at the start of a stream.
    init()
    /// Follows the next bytes of the stream.
    mutating func consume(_ bytes: some Collection<UInt8>)
    /// Some, but not all, bytes of a unit have been seen.
    var isInsideUnit: Bool { get }
    /// Units whose first byte has been seen.
    var unitsStarted: Int { get }
}

/// Ends a connection whose peer takes longer than ``ConnectionLimits/frameTimeout`` to finish a
/// frame (over WebSocket, a message, fragments included): the deadline starts at a unit's first
/// byte and is dropped when its last byte arrives, so trickling bytes does not extend it, and the
/// time between units is not limited.
///
/// Placed before the frame decoder (it sees raw bytes). At the deadline it fires
/// `TransportError.Code.frameTimedOut` down the pipeline; over TCP the channel closes then, over
/// WebSocket the message assembler closes it with 1008. Every envelope decoded before is
/// delivered first.
final class FrameDeadlineHandler<Tracker: StreamBoundaryTracking>: ChannelInboundHandler,
    RemovableChannelHandler
{
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let timeout: TimeAmount
    /// Closes the channel at the deadline; without it, a handler after this one closes it.
    let closesChannel: Bool
    private var tracker = Tracker()
    private var deadline: Scheduled<Void>?
    /// The unit the deadline is for (``StreamBoundaryTracking/unitsStarted`` when it was set).
    private var deadlineFrame = 0

    init(timeout: TimeAmount, closesChannel: Bool = true) {
        self.timeout = timeout
        self.closesChannel = closesChannel
        ResourceCensus.add(\.deadlineHandlers, 1)
    }

    deinit {
        ResourceCensus.add(\.deadlineHandlers, -1)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        tracker.consume(Self.unwrapInboundIn(data).readableBytesView)
        if !tracker.isInsideUnit {
            cancelDeadline()
        } else if deadline == nil || deadlineFrame != tracker.unitsStarted {
            // A new frame began in this read: its own deadline starts now.
            cancelDeadline()
            schedule(context)
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
    }

    private func schedule(_ context: ChannelHandlerContext) {
        deadlineFrame = tracker.unitsStarted
        let timeout = self.timeout
        let closesChannel = self.closesChannel
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) {
            let context = loopBound.value
            context.fireErrorCaught(
                TransportError(
                    code: .frameTimedOut,
                    detail:
                        "a \(Tracker.unitName) took longer than \(timeout) to arrive; the "
                        + "connection is closed"))
            if closesChannel { context.close(promise: nil) }
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}

@available(*, unavailable)
extension FrameDeadlineHandler: Sendable {}
