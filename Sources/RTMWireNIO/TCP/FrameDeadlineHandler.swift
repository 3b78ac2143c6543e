import NIOCore
import RTMWireTransport

/// Ends a connection whose peer takes longer than ``ConnectionLimits/frameTimeout`` to finish a
/// frame: the deadline starts at a frame's first byte and is dropped when its last byte arrives,
/// so trickling bytes does not extend it, and the time between frames is not limited.
///
/// Placed before the frame decoder (it sees raw bytes). At the deadline it fires
/// `TransportError.Code.frameTimedOut` down the pipeline, after which the connection closes;
/// every envelope decoded before is delivered first.
final class FrameDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let timeout: TimeAmount
    private var tracker = FrameBoundaryTracker()
    private var deadline: Scheduled<Void>?
    /// The frame the deadline is for (``FrameBoundaryTracker/framesStarted`` when it was set).
    private var deadlineFrame = 0

    init(timeout: TimeAmount) {
        self.timeout = timeout
        ResourceCensus.add(\.deadlineHandlers, 1)
    }

    deinit {
        ResourceCensus.add(\.deadlineHandlers, -1)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        tracker.consume(Self.unwrapInboundIn(data).readableBytesView)
        if !tracker.isInsideFrame {
            cancelDeadline()
        } else if deadline == nil || deadlineFrame != tracker.framesStarted {
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
        deadlineFrame = tracker.framesStarted
        let timeout = self.timeout
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) {
            let context = loopBound.value
            context.fireErrorCaught(
                TransportError(
                    code: .frameTimedOut,
                    detail:
                        "a frame took longer than \(timeout) to arrive; the connection is closed"
                ))
            context.close(promise: nil)
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }
}

@available(*, unavailable)
extension FrameDeadlineHandler: Sendable {}
