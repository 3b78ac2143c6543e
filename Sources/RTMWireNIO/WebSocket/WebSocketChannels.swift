import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RTMWire
import RTMWireJSON
import RTMWireTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SwiftNIO plumbing behind ``WebSocketServer`` and ``WebSocketClient``: the HTTP handshake
/// on both sides and the pipeline every upgraded connection gets.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
enum WebSocketChannels {
    /// How each whole message becomes the value the pipeline passes on (an envelope, or a
    /// relay's frame), for the subprotocol agreed in the handshake.
    struct InboundDecoding<Inbound: Sendable>: Sendable {
        let decoder: @Sendable (WebSocketSubprotocol) -> WebSocketMessageAssembler<Inbound>.Decode
    }

    /// An upgraded channel with the RTMWire pipeline. Inbound: the values decoded from one read;
    /// outbound: frames the connection checked and encoded.
    struct Configured<Inbound: Sendable>: Sendable {
        let channel: NIOAsyncChannel<[Inbound], WebSocketFrame>
        let budget: OutboundBudget
        let subprotocol: WebSocketSubprotocol
        /// The credential the client presented in its handshake (a server's side only).
        let credential: String?
        let isServer: Bool
        /// See ``WebSocketMessageAssembler/closeWritten``.
        let closeWritten: EventLoopFuture<Void>
    }

    /// How a server's handshake ended: upgraded, or answered over HTTP (a refusal, a page).
    enum ServerHandshake<Inbound: Sendable>: Sendable {
        case upgraded(Configured<Inbound>)
        case answered
    }

    /// How a client's handshake ended: upgraded, or refused with an HTTP status and body.
    enum ClientHandshake<Inbound: Sendable>: Sendable {
        case upgraded(Configured<Inbound>)
        case refused(EventLoopFuture<HTTPRefusal>)
    }

    /// An accepted or connecting socket and the outcome of its handshake.
    struct Pending<Handshake: Sendable>: Sendable {
        let channel: any Channel
        let handshake: EventLoopFuture<Handshake>
    }

    /// What a server does with a handshake it accepted (the channel, the subprotocol agreed and
    /// the credential presented) before the 101 answer is sent, which waits for the future it
    /// returns: a client may expect what is sent to it from the moment it reads that answer,
    /// so whatever makes it reachable is done first. Called on the channel's event loop.
    typealias Admission =
        @Sendable (any Channel, WebSocketSubprotocol, String?) -> EventLoopFuture<Void>

    /// A listening socket whose accepted connections are handshakes under way.
    typealias Listener<Inbound: Sendable> = NIOAsyncChannel<
        Pending<ServerHandshake<Inbound>>, Never
    >

    /// The largest frame the decoder accepts: the message limit (NIO takes at most 32 bits).
    static func maxFrameSize(_ configuration: WebSocketConfiguration) -> Int {
        min(configuration.maxMessageBytes, Int(UInt32.max))
    }

    /// Installs the message deadline, the message assembler and envelope decoder, the batching,
    /// the outbound budget and the async bridge on an upgraded channel; runs on its event loop.
    static func configure<Inbound: Sendable>(
        _ channel: any Channel, subprotocol: WebSocketSubprotocol, credential: String? = nil,
        isServer: Bool, _ configuration: WebSocketConfiguration,
        _ decoding: InboundDecoding<Inbound>
    ) throws -> Configured<Inbound> {
        let limits = configuration.limits
        let pipeline = channel.pipeline.syncOperations
        if let frameTimeout = limits.frameTimeout {
            // Before the frame decoder: the deadline counts from a message's first raw byte.
            let decoder = try pipeline.handler(
                type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try pipeline.addHandler(
                FrameDeadlineHandler<WebSocketMessageBoundaryTracker>(
                    timeout: frameTimeout, closesChannel: false),
                position: .before(decoder))
        }
        let closeWritten = channel.eventLoop.makePromise(of: Void.self)
        try pipeline.addHandler(
            WebSocketMessageAssembler<Inbound>(
                subprotocol: subprotocol, isServer: isServer, configuration: configuration,
                closeWritten: closeWritten, decode: decoding.decoder(subprotocol)))
        try pipeline.addHandler(MessageBatchHandler<Inbound>())
        // Data frames were reserved by the connection; the close frame was not.
        let budget = try OutboundBudget.install(on: channel, limits: limits) {
            (frame: WebSocketFrame) in
            frame.opcode == .binary || frame.opcode == .text ? frame.length : nil
        }
        let asyncChannel = try NIOAsyncChannel<[Inbound], WebSocketFrame>(
            wrappingChannelSynchronously: channel,
            configuration: .init(
                backPressureStrategy: .init(
                    lowWatermark: configuration.inboundLowWatermark,
                    highWatermark: configuration.inboundHighWatermark)))
        return Configured(
            channel: asyncChannel, budget: budget, subprotocol: subprotocol, credential: credential,
            isServer: isServer, closeWritten: closeWritten.futureResult)
    }

    // MARK: Server

    /// Listens on `host`:`port` (0: an ephemeral port); each accepted handshake is answered
    /// once `admit` (when given) has returned.
    static func listen<Inbound: Sendable>(
        host: String, port: Int, _ configuration: WebSocketConfiguration,
        _ decoding: InboundDecoding<Inbound>, admit: Admission? = nil
    ) async throws -> Listener<Inbound> {
        do {
            return try await ServerBootstrap(group: configuration.eventLoopGroup)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try serverHandshake(channel, configuration, decoding, admit: admit)
                    }
                }
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw TransportError(
                code: .addressInUse, detail: "cannot listen on \(host):\(port): \(error)")
        } catch {
            throw TransportError(
                code: .ioFailure, detail: "cannot listen on \(host):\(port): \(error)")
        }
    }

    /// The HTTP server pipeline of an accepted socket, with the WebSocket upgrader: a request
    /// offering an RTMWire subprotocol (from an allowed origin) is upgraded; any other request
    /// is answered by ``WebSocketHTTPResponder`` and closed. An upgrade's 101 is sent once
    /// `admit` has returned.
    static func serverHandshake<Inbound: Sendable>(
        _ channel: any Channel, _ configuration: WebSocketConfiguration,
        _ decoding: InboundDecoding<Inbound>, admit: Admission? = nil
    ) throws -> Pending<ServerHandshake<Inbound>> {
        // NIO's upgrade handler keeps a refused request's head to itself (it replays only the
        // parts after it), so the refusal keeps it here for the responder's answer.
        let refused = NIOLockedValueBox<HTTPRequestHead?>(nil)
        // The decision on an accepted request, made once (its credential check may verify a
        // signature) and read again when the pipeline is upgraded.
        let accepted = NIOLockedValueBox<(WebSocketSubprotocol, String?)?>(nil)
        let upgrader = NIOTypedWebSocketServerUpgrader<ServerHandshake<Inbound>>(
            maxFrameSize: maxFrameSize(configuration),
            // Protocol errors are answered by the message assembler, with RTMWire's reasons.
            enableAutomaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                switch WebSocketHandshake.evaluate(head, configuration) {
                case .accept(let subprotocol, let credential):
                    accepted.withLockedValue { $0 = (subprotocol, credential) }
                    let headers = HTTPHeaders([("Sec-WebSocket-Protocol", subprotocol.name)])
                    guard let admit else { return channel.eventLoop.makeSucceededFuture(headers) }
                    return admit(channel, subprotocol, credential).map { headers }
                case .refuse:
                    refused.withLockedValue { $0 = head }
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    guard let (subprotocol, credential) = accepted.withLockedValue({ $0 }) else {
                        throw TransportError(
                            code: .handshakeRefused, detail: "the upgrade was refused")
                    }
                    return .upgraded(
                        try configure(
                            channel, subprotocol: subprotocol, credential: credential,
                            isServer: true, configuration, decoding))
                }
            })
        let handshake = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
            configuration: .init(
                upgradeConfiguration: .init(
                    upgraders: [upgrader],
                    notUpgradingCompletionHandler: { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                WebSocketHTTPResponder(
                                    configuration: configuration,
                                    refusedHead: refused.withLockedValue { $0 }))
                            return ServerHandshake<Inbound>.answered
                        }
                    })))
        limitHandshake(channel, handshake, configuration) {
            if case .upgraded = $0 { return true } else { return false }
        }
        return Pending(channel: channel, handshake: handshake)
    }

    /// Closes `channel` when its handshake (or, when it was answered over HTTP, its answer) has
    /// not finished within ``WebSocketConfiguration/handshakeTimeout``: a peer that sends half a
    /// request holds a socket for nothing.
    private static func limitHandshake<Handshake>(
        _ channel: any Channel, _ handshake: EventLoopFuture<Handshake>,
        _ configuration: WebSocketConfiguration, isUpgraded: @escaping @Sendable (Handshake) -> Bool
    ) {
        guard let timeout = configuration.handshakeTimeout else { return }
        let deadline = channel.eventLoop.scheduleTask(in: timeout) {
            channel.close(promise: nil)
        }
        handshake.whenComplete { result in
            if case .success(let outcome) = result, isUpgraded(outcome) { deadline.cancel() }
        }
        channel.closeFuture.whenComplete { _ in deadline.cancel() }
    }

    // MARK: Client

    /// Connects to `host`:`port` and upgrades `target` to a WebSocket connection speaking
    /// `subprotocol`, sending `origin` when given. An IP address is connected to as it is, as
    /// for TCP.
    static func connect<Inbound: Sendable>(
        host: String, port: Int, target: String, subprotocol: WebSocketSubprotocol,
        origin: String?, _ configuration: WebSocketConfiguration,
        _ decoding: InboundDecoding<Inbound>
    ) async throws -> Configured<Inbound> {
        let bootstrap = ClientBootstrap(group: configuration.eventLoopGroup)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
        let initializer:
            @Sendable (any Channel) -> EventLoopFuture<Pending<ClientHandshake<Inbound>>> = {
                channel in
                channel.eventLoop.makeCompletedFuture {
                    try clientHandshake(
                        channel, host: host, port: port, target: target, subprotocol: subprotocol,
                        origin: origin, configuration, decoding)
                }
            }
        let pending: Pending<ClientHandshake<Inbound>>
        do {
            if let address = try? SocketAddress(ipAddress: host, port: port) {
                pending = try await bootstrap.connect(to: address, channelInitializer: initializer)
            } else {
                pending = try await bootstrap.connect(
                    host: host, port: port, channelInitializer: initializer)
            }
        } catch {
            throw TransportError(
                code: .ioFailure, detail: "cannot connect to \(host):\(port): \(error)")
        }
        do {
            switch try await pending.handshake.get() {
            case .upgraded(let configured):
                return configured
            case .refused(let refusal):
                let refusal = try await refusal.get()
                throw TransportError(
                    code: .handshakeRefused,
                    detail: "HTTP \(refusal.status): \(refusal.body)")
            }
        } catch {
            try? await pending.channel.close()
            if let error = error as? TransportError { throw error }
            throw TransportError(
                code: .handshakeRefused,
                detail: "the WebSocket handshake with \(host):\(port) failed: \(error)")
        }
    }

    /// The HTTP client pipeline with the WebSocket upgrader; the request goes out when the
    /// socket connects.
    static func clientHandshake<Inbound: Sendable>(
        _ channel: any Channel, host: String, port: Int, target: String,
        subprotocol: WebSocketSubprotocol, origin: String?, _ configuration: WebSocketConfiguration,
        _ decoding: InboundDecoding<Inbound>
    ) throws -> Pending<ClientHandshake<Inbound>> {
        var headers = HTTPHeaders([
            ("Host", "\(host):\(port)"), ("Sec-WebSocket-Protocol", subprotocol.name),
            ("Content-Length", "0"),
        ])
        if let origin { headers.add(name: "Origin", value: origin) }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
        let upgrader = NIOTypedWebSocketClientUpgrader<ClientHandshake<Inbound>>(
            maxFrameSize: maxFrameSize(configuration), enableAutomaticErrorHandling: false,
            upgradePipelineHandler: { channel, response in
                channel.eventLoop.makeCompletedFuture {
                    let chosen = response.headers.first(name: "Sec-WebSocket-Protocol")
                    guard chosen == subprotocol.name else {
                        throw TransportError(
                            code: .handshakeRefused,
                            detail:
                                "the server answered with subprotocol \(chosen ?? "none"), "
                                + "not \(subprotocol.name)")
                    }
                    return .upgraded(
                        try configure(
                            channel, subprotocol: subprotocol, isServer: false, configuration,
                            decoding))
                }
            })
        let handshake = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
            configuration: .init(
                upgradeConfiguration: .init(
                    upgradeRequestHead: head, upgraders: [upgrader],
                    notUpgradingCompletionHandler: { channel in
                        channel.eventLoop.makeCompletedFuture {
                            let collector = HTTPRefusalCollector(
                                channel.eventLoop.makePromise(of: HTTPRefusal.self))
                            try channel.pipeline.syncOperations.addHandler(collector)
                            return ClientHandshake<Inbound>.refused(collector.refusal.futureResult)
                        }
                    })))
        limitHandshake(channel, handshake, configuration) {
            if case .upgraded = $0 { return true } else { return false }
        }
        return Pending(channel: channel, handshake: handshake)
    }
}

/// A server's answer to a WebSocket handshake it refused.
struct HTTPRefusal: Sendable {
    var status: Int
    var body: String
}

/// Reads a refused handshake's response (status, and up to 1 KiB of its body, the reason).
final class HTTPRefusalCollector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    let refusal: EventLoopPromise<HTTPRefusal>
    private var status = 0
    private var body: [UInt8] = []

    init(_ refusal: EventLoopPromise<HTTPRefusal>) {
        self.refusal = refusal
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head): status = Int(head.status.code)
        case .body(let buffer):
            body += buffer.readableBytesView.prefix(max(0, 1024 - body.count))
        case .end:
            complete()
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        complete()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        complete()
    }

    private func complete() {
        let text = String(decoding: body, as: UTF8.self)
        refusal.succeed(
            HTTPRefusal(status: status, body: text.trimmingCharacters(in: [" ", "\n", "\r"])))
    }
}

@available(*, unavailable)
extension HTTPRefusalCollector: Sendable {}

extension String {
    /// The text without the given characters at either end (no Foundation here).
    fileprivate func trimmingCharacters(in characters: Set<Character>) -> String {
        var text = self[...]
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension WebSocketChannels.InboundDecoding where Inbound == Envelope {
    /// Each message as an envelope: protobuf bytes, or proto3 JSON text.
    static func envelopes(_ configuration: WebSocketConfiguration) -> Self {
        let codec = configuration.codec
        let json = configuration.jsonDecoding
        return Self { subprotocol in
            { payload throws(RTMWireError) in
                try payload.withUnsafeReadableBytes { raw -> Result<Envelope, RTMWireError> in
                    Result { () throws(RTMWireError) in
                        switch subprotocol {
                        case .binary: try Envelope(serializedBytes: raw, options: codec)
                        case .json:
                            try Envelope(jsonUTF8Bytes: raw, options: codec, jsonOptions: json)
                        }
                    }
                }.get()
            }
        }
    }
}
