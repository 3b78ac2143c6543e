import Logging
import NIOCore
import NIOWebSocket
import RTMWire
import RTMWireTransport

/// The WebSocket side of a connection after the handshake: joins the fragments of each message
/// (up to `Limits.maxMessageBytes`, checked before a fragment is copied), decodes each whole
/// message into one value, answers pings, pings an idle peer, and runs the closing handshake.
///
/// Every fault ends the connection the same way: the error goes down the pipeline after every
/// value decoded before it (so the receiver gets them first), then a close frame whose code and
/// reason name the error (``WebSocketClose``) is written, and the socket is closed once it has
/// been. Faults found before this handler (an oversized frame header, a broken frame, a message
/// past its deadline) arrive through `errorCaught` and end the same way.
final class WebSocketMessageAssembler<Inbound: Sendable>: ChannelDuplexHandler,
    RemovableChannelHandler
{
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = Inbound
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// Turns one whole message's payload into the value passed on.
    typealias Decode = (ByteBuffer) throws(RTMWireError) -> Inbound

    private let subprotocol: WebSocketSubprotocol
    private let isServer: Bool
    private let maxMessageBytes: Int
    private let pingInterval: TimeAmount?
    private let pingTimeout: TimeAmount
    private let telemetry: FramingTelemetry
    private let counters: FrameCounters
    private let decode: Decode
    /// Completed once this side's close frame is written (or can no longer be): what
    /// ``WebSocketEnvelopeConnection/close()`` waits for before the socket may close.
    let closeWritten: EventLoopPromise<Void>

    /// The fragments of the message under way.
    private var message: ByteBuffer?
    private var closeSent = false
    private var closeReceived = false
    private var failed = false
    private var pinger: RepeatedTask?
    private var pongDeadline: Scheduled<Void>?

    init(
        subprotocol: WebSocketSubprotocol, isServer: Bool, configuration: WebSocketConfiguration,
        closeWritten: EventLoopPromise<Void>, decode: @escaping Decode
    ) {
        self.closeWritten = closeWritten
        self.subprotocol = subprotocol
        self.isServer = isServer
        self.maxMessageBytes = configuration.maxMessageBytes
        self.pingInterval = configuration.pingInterval
        self.pingTimeout = configuration.pingTimeout
        self.telemetry = configuration.telemetry
        self.counters = configuration.telemetry.counters(.inbound)
        self.decode = decode
    }

    /// The frame type of this connection's data messages.
    private var dataOpcode: WebSocketOpcode { subprotocol == .binary ? .binary : .text }

    /// A client masks every frame it sends (RFC 6455 §5.3); a server never does.
    private var outboundMask: WebSocketMaskingKey? { isServer ? nil : .random() }

    // MARK: Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        // Added right after the handshake, on an active channel.
        startPinging(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimers()
        closeWritten.succeed()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimers()
        defer { closeWritten.succeed() }
        endOfInput(context)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent {
            endOfInput(context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// The TCP stream ended. After the peer's close frame the end was already reported; after
    /// this side's, the peer may hang up without answering (and this side closes the socket
    /// itself once its close frame is written): a clean end. Otherwise the peer vanished.
    private func endOfInput(_ context: ChannelHandlerContext) {
        guard !closeReceived, !failed else { return }
        if message != nil {
            return fail(
                context,
                RTMWireError(
                    code: .truncatedFrame,
                    detail: "the connection ended inside a fragmented message"))
        }
        if closeSent {
            closeReceived = true
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            return
        }
        fail(
            context,
            TransportError(
                code: .reset, detail: "the peer ended the connection without a close frame"))
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After a fault nothing more is delivered; after the peer's close frame no data may come.
        guard !failed, !closeReceived else { return }
        let frame = Self.unwrapInboundIn(data)
        if isServer, frame.maskKey == nil {
            return fail(context, violation("a client frame is not masked (RFC 6455 §5.1)"))
        }
        if frame.rsv1 || frame.rsv2 || frame.rsv3 {
            return fail(context, violation("reserved bits are set, but no extension was agreed"))
        }
        switch frame.opcode {
        case .ping:
            guard !closeSent else { return }
            let pong = WebSocketFrame(
                fin: true, opcode: .pong, maskKey: outboundMask, data: frame.unmaskedData)
            context.writeAndFlush(Self.wrapOutboundOut(pong), promise: nil)
        case .pong:
            pongDeadline?.cancel()
            pongDeadline = nil
        case .connectionClose:
            receiveClose(context, frame)
        case .binary, .text:
            guard message == nil else {
                return fail(
                    context, violation("a new message began before the last one's final fragment"))
            }
            guard frame.opcode == dataOpcode else {
                return fail(
                    context,
                    TransportError(
                        code: .unsupportedMessageType,
                        detail:
                            "\(frame.opcode == .text ? "a text" : "a binary") message on "
                            + "\(subprotocol.name), which carries only "
                            + "\(subprotocol == .binary ? "binary" : "text") messages"))
            }
            append(context, frame, sizeSoFar: 0)
        case .continuation:
            guard let sizeSoFar = message?.readableBytes else {
                return fail(context, violation("a continuation frame without a message under way"))
            }
            append(context, frame, sizeSoFar: sizeSoFar)
        default:
            fail(context, violation("unknown opcode \(frame.opcode)"))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(context, Self.typed(error, maxMessageBytes: maxMessageBytes))
    }

    /// Adds a data frame to the message under way, refusing it before it is copied when the
    /// message would pass the limit; delivers the message at its final fragment.
    private func append(_ context: ChannelHandlerContext, _ frame: WebSocketFrame, sizeSoFar: Int) {
        let size = sizeSoFar + frame.length
        guard size <= maxMessageBytes else {
            return fail(context, Self.tooLarge(size, maxMessageBytes))
        }
        var payload: ByteBuffer
        if var fragments = message {
            // Keep the slot empty while the buffer is written, so it is not copied.
            message = nil
            fragments.writeImmutableBuffer(frame.unmaskedData)
            payload = fragments
        } else {
            payload = frame.unmaskedData
        }
        guard frame.fin else {
            message = payload
            return
        }
        let value: Inbound
        do {
            value = try decode(payload)
        } catch {
            counters.error(error.code)
            return fail(context, error)
        }
        payload.clear()
        counters.frame(size: size)
        context.fireChannelRead(Self.wrapInboundOut(value))
    }

    /// The peer's close frame: a clean end (normal closure, going away, no code) is the end of
    /// the inbound stream; any other code is the peer's error. The socket closes once both sides
    /// have sent theirs.
    private func receiveClose(_ context: ChannelHandlerContext, _ frame: WebSocketFrame) {
        closeReceived = true
        stopTimers()
        var data = frame.unmaskedData
        let code = data.readWebSocketErrorCode()
        let reason = data.readString(length: data.readableBytes) ?? ""
        if message != nil {
            message = nil
            closeReceived = false
            return fail(
                context,
                RTMWireError(
                    code: .truncatedFrame,
                    detail: "the peer closed the connection inside a fragmented message"))
        }
        switch code {
        case nil, .normalClosure?, .goingAway?:
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            if closeSent { context.close(promise: nil) }
        case let code?:
            let number = UInt16(webSocketErrorCode: code)
            failed = true
            context.fireErrorCaught(
                TransportError(
                    code: .closedByPeer,
                    detail: "the peer closed the connection with code \(number): \(reason)"))
            sendCloseThenClose(context, WebSocketClose(code: code, reason: ""))
        }
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = Self.unwrapOutboundIn(data)
        if closeSent {
            // Nothing may follow a close frame (RFC 6455 §5.5.1).
            promise?.fail(ChannelError.outputClosed)
            return
        }
        guard frame.opcode == .connectionClose else {
            context.write(data, promise: promise)
            return
        }
        closeSent = true
        let promise = promise ?? context.eventLoop.makePromise()
        let closeWritten = self.closeWritten
        let closesSocket = closeReceived
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        promise.futureResult.whenComplete { _ in
            closeWritten.succeed()
            if closesSocket { loopBound.value.close(promise: nil) }
        }
        context.write(data, promise: promise)
    }

    // MARK: Faults

    /// Ends the connection on `error`: the error down the pipeline, then a close frame naming
    /// it, then the socket.
    private func fail(_ context: ChannelHandlerContext, _ error: any Error) {
        guard !failed else { return }
        failed = true
        message = nil
        stopTimers()
        var metadata = Logger.metadata(of: context.channel)
        if let error = error as? RTMWireError {
            metadata.merge(Logger.metadata(of: error)) { $1 }
        } else {
            metadata["rtmwire.error"] = "\(error)"
        }
        telemetry.logger.warning("rtmwire: websocket connection failed", metadata: metadata)
        context.fireErrorCaught(error)
        sendCloseThenClose(context, WebSocketClose(for: error))
    }

    /// Writes `close` unless a close frame was sent already, then closes the socket.
    private func sendCloseThenClose(_ context: ChannelHandlerContext, _ close: WebSocketClose) {
        guard context.channel.isActive else { return }
        guard !closeSent else {
            context.close(promise: nil)
            return
        }
        closeSent = true
        let frame = close.frame(allocator: context.channel.allocator, maskKey: outboundMask)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let closeWritten = self.closeWritten
        context.writeAndFlush(Self.wrapOutboundOut(frame)).whenComplete { _ in
            closeWritten.succeed()
            loopBound.value.close(promise: nil)
        }
    }

    private func violation(_ detail: String) -> TransportError {
        TransportError(code: .protocolViolation, detail: detail)
    }

    /// A fault from the frame decoder (or any handler before this one) as a typed error.
    static func typed(_ error: any Error, maxMessageBytes: Int) -> any Error {
        switch error {
        case let error as NIOWebSocketError:
            if error == .invalidFrameLength {
                // NIO refuses the frame from its header and does not say the length it declared:
                // `actual` is the least it can have been.
                return RTMWireError(
                    code: .limitExceeded,
                    limit: .init(
                        name: "maxMessageBytes", allowed: maxMessageBytes,
                        actual: maxMessageBytes + 1
                    ),
                    detail: "a frame header declares more than the message size limit")
            }
            return TransportError(code: .protocolViolation, detail: "\(error)")
        case is RTMWireError, is TransportError:
            return error
        default:
            return TCPEnvelopeConnection.transportError(error)
        }
    }

    /// The error for a message of `size` bytes past the limit.
    static func tooLarge(_ size: Int, _ maxMessageBytes: Int) -> RTMWireError {
        RTMWireError(
            code: .limitExceeded,
            limit: .init(name: "maxMessageBytes", allowed: maxMessageBytes, actual: size),
            detail: "message is larger than the message size limit")
    }

    // MARK: Keep-alive

    private func startPinging(_ context: ChannelHandlerContext) {
        guard let pingInterval, pinger == nil else { return }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        pinger = context.eventLoop.scheduleRepeatedTask(
            initialDelay: pingInterval, delay: pingInterval
        ) { _ in
            let (handler, context) = loopBound.value
            handler.ping(context)
        }
    }

    private func ping(_ context: ChannelHandlerContext) {
        guard !closeSent, !failed, pongDeadline == nil else { return }
        var data = context.channel.allocator.buffer(capacity: 8)
        data.writeInteger(UInt64(context.eventLoop.now.uptimeNanoseconds))
        let frame = WebSocketFrame(fin: true, opcode: .ping, maskKey: outboundMask, data: data)
        context.writeAndFlush(Self.wrapOutboundOut(frame), promise: nil)
        let timeout = pingTimeout
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        pongDeadline = context.eventLoop.scheduleTask(in: timeout) {
            let (handler, context) = loopBound.value
            handler.pongDeadline = nil
            handler.fail(
                context,
                TransportError(
                    code: .keepAliveTimedOut,
                    detail: "no pong within \(timeout) of a ping: the peer is not responding"))
        }
    }

    private func stopTimers() {
        pinger?.cancel()
        pinger = nil
        pongDeadline?.cancel()
        pongDeadline = nil
    }
}

@available(*, unavailable)
extension WebSocketMessageAssembler: Sendable {}
