import CoreMetrics
import Logging
import NIOConcurrencyHelpers
import NIOCore
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

/// A relay of envelopes among clients over TCP and WebSocket: each envelope goes to the other
/// connections of its conversation, routed by its header read through the view. Envelopes from
/// TCP and `rtmwire.v1.binary` clients are forwarded as the bytes they came in, their bodies
/// never decoded; only `rtmwire.v1.json` clients cost a decode (their JSON to bytes, and bytes
/// to JSON for them).
///
/// What the view checks is the structure (wire rules, nesting, the message limit) and the
/// header strings it reads; a body that breaks a rule only a full decode checks (invalid UTF-8
/// in text the relay never reads, a missing required field, the content budget) is forwarded,
/// and each receiver that decodes it refuses it, which ends that receiver's connection. With
/// clients you do not trust, turn on ``RelayConfiguration/checksBodies``: every envelope is then
/// decoded and checked once, at the relay, before it is forwarded (its bytes still unchanged).
///
/// Who gets what is the membership rule: a connection is the user its first envelope names as
/// sender; it joins a channel or group by sending to it (a status with presence online joins
/// before anything is said) and leaves with presence offline or by disconnecting (the others
/// then get an offline status for it); peer envelopes go to the peer's connections; receipts go
/// back to the sender of the messages they name. <doc:RelayingEnvelopes> has the rule in full.
///
/// ```swift
/// let relay = EnvelopeRelay()
/// try await relay.run(
///     tcp: RelayEndpoint(host: "0.0.0.0", port: 7070),
///     webSocket: RelayEndpoint(host: "0.0.0.0", port: 8080)
/// ) { addresses in
///     try await shutdownSignal()  // serve until then; then drain and stop
/// }
/// ```
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public final class EnvelopeRelay: Sendable {
    /// The relay's settings.
    public let configuration: RelayConfiguration
    /// Who decides where envelopes go; nil: the relay's own membership rule.
    public let router: (any RelayRouter)?
    private let state: NIOLockedValueBox<State>
    private let metrics: RelayMetrics

    private struct State {
        var membership: RelayMembership
        var links: [Int: RelayLink] = [:]
        /// WebSocket connections registered at their handshake, by channel, until served.
        var admitted: [ObjectIdentifier: AdmittedLink] = [:]
        var nextID = 0
        var draining = false
        var statistics = RelayStatistics()
    }

    /// Creates a relay; it serves while ``run(tcp:webSocket:isolation:_:)`` runs. With a
    /// `router`, the router decides who each connection is and where each envelope goes;
    /// without one, the relay's own membership rule does.
    public init(
        configuration: RelayConfiguration = RelayConfiguration(), router: (any RelayRouter)? = nil
    ) {
        self.configuration = configuration
        self.router = router
        self.state = NIOLockedValueBox(
            State(membership: RelayMembership(recentMessages: configuration.recentMessages)))
        self.metrics = RelayMetrics(configuration.telemetry)
    }

    /// What the relay has done so far.
    public var statistics: RelayStatistics { state.withLockedValue { $0.statistics } }

    /// Listens on the endpoints given (TCP, WebSocket, or both) while `body` runs with the bound
    /// addresses. When `body` returns, the relay drains: it stops accepting, sends every
    /// connection what is queued for it, closes each (WebSocket close 1001, going away; TCP
    /// half-close) and waits up to ``RelayConfiguration/drainTimeout`` for them to end, then
    /// closes the rest. When `body` throws, connections are cancelled. Throws
    /// `TransportError` when an address cannot be bound, or when neither endpoint is given.
    public func run<Result: Sendable>(
        tcp: RelayEndpoint?, webSocket: RelayEndpoint?,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (RelayAddresses) async throws -> Result
    ) async throws -> Result {
        guard tcp != nil || webSocket != nil else {
            throw TransportError(
                code: .ioFailure, detail: "a relay needs a TCP or a WebSocket endpoint, or both")
        }
        let tcpListener = try await listenTCP(tcp)
        let webSocketListener: WebSocketChannels.Listener<RelayFrame>?
        do {
            webSocketListener = try await listenWebSocket(webSocket)
        } catch {
            try? await tcpListener?.channel.close()
            throw error
        }
        var addresses = RelayAddresses()
        addresses.tcp = try tcpListener.map { try TCPChannels.boundAddress($0) }
        addresses.webSocket = try webSocketListener.map { try TCPChannels.boundAddress($0) }
        configuration.telemetry.logger.info(
            "rtmwire: relay listening",
            metadata: [
                "rtmwire.tcp": "\(addresses.tcp.map { "\($0)" } ?? "-")",
                "rtmwire.websocket": "\(addresses.webSocket.map { "\($0)" } ?? "-")",
            ])
        return try await serve(tcpListener, { [self] in await serveTCP($0) }) {
            try await serve(webSocketListener, { [self] in await serveWebSocket($0) }) {
                let ticker = startTicking()
                let pusher = startPushing()
                let result: Result
                do {
                    result = try await body(addresses)
                } catch {
                    ticker?.cancel()
                    pusher?.cancel()
                    throw error
                }
                ticker?.cancel()
                pusher?.cancel()
                await drain()
                return result
            }
        }
    }

    // MARK: Listening

    private func listenTCP(_ endpoint: RelayEndpoint?) async throws
        -> NIOAsyncChannel<TCPChannels.ConfiguredChannel<RelayFrame>, Never>?
    {
        guard let endpoint else { return nil }
        let tcp = configuration.tcp
        let checksBodies = configuration.checksBodies
        return try await TCPChannels.listen(host: endpoint.host, port: endpoint.port, tcp) {
            channel in
            try TCPChannels.configure(channel, tcp) { pipeline in
                try pipeline.addHandler(
                    ByteToMessageHandler(
                        RelayFrameDecoder(options: tcp.codec, checksBodies: checksBodies)))
            }
        }
    }

    private func listenWebSocket(_ endpoint: RelayEndpoint?) async throws
        -> WebSocketChannels.Listener<RelayFrame>?
    {
        guard let endpoint else { return nil }
        return try await WebSocketChannels.listen(
            host: endpoint.host, port: endpoint.port, configuration.webSocket,
            .relayFrames(
                configuration.webSocket, checksBodies: configuration.checksBodies,
                conversions: countJSONConversion),
            admit: { [self] channel, subprotocol, credential in
                admit(channel, subprotocol, credential)
            })
    }

    /// Serves `listener`'s connections with `handler` while `body` runs (just `body` when
    /// there is no listener).
    private func serve<Accepted: Sendable, Result: Sendable>(
        _ listener: NIOAsyncChannel<Accepted, Never>?,
        _ handler: @escaping @Sendable (Accepted) async -> Void,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result where Accepted: RelayAccepted {
        guard let listener else { return try await body() }
        return try await ServerScope.withListener(
            listener, maxConnections: Accepted.maxConnections(configuration),
            telemetry: configuration.telemetry, channel: { $0.acceptedChannel },
            refuse: { [self] accepted in
                await accepted.refuse()
                // Over the limit: a WebSocket handshake may have been admitted meanwhile.
                abandon(accepted.acceptedChannel)
            }, serve: handler, body)
    }

    // MARK: Connections

    private func serveTCP(_ child: TCPChannels.ConfiguredChannel<RelayFrame>) async {
        let budget = child.budget
        try? await child.channel.executeThenClose { inbound, outbound in
            let channel = child.channel.channel
            let link = register(.tcp, channel, credential: nil)
            await opened(link)
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await frame in link.outbox {
                        var buffer = channel.allocator.buffer(capacity: frame.bytes.count + 5)
                        buffer.writeDelimited(frame.bytes)
                        do {
                            try await budget.write(
                                CollectionOfOne(buffer), bytes: buffer.readableBytes, to: outbound)
                        } catch {
                            break
                        }
                    }
                    outbound.finish()
                    if link.refusal.withLockedValue({ $0 }) != nil {
                        // Refused by the router: what was queued (its refusal) is written.
                        try? await channel.close().get()
                    } else {
                        // Everything queued is written: the peer reads the end of the stream.
                        try? await channel.close(mode: .output).get()
                    }
                }
                await receive(inbound, on: link)
                await group.waitForAll()
            }
        }
    }

    private func serveWebSocket(
        _ pending: WebSocketChannels.Pending<WebSocketChannels.ServerHandshake<RelayFrame>>
    ) async {
        guard case .upgraded(let configured)? = try? await pending.handshake.get() else {
            // Admitted, then closed before the upgrade: its admitted link goes.
            abandon(pending.channel)
            // Answered over HTTP (a refusal, the page): held until its socket closes.
            try? await pending.channel.closeFuture.get()
            return
        }
        let isJSON = configured.subprotocol == .json
        let budget = configured.budget
        try? await configured.channel.executeThenClose { inbound, outbound in
            let channel = configured.channel.channel
            // Registered and opened at its handshake.
            guard let link = await served(channel) else { return }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { [self] in
                    for await frame in link.outbox {
                        guard let message = webSocketMessage(frame, json: isJSON, channel) else {
                            continue
                        }
                        do {
                            try await budget.write(
                                CollectionOfOne(message), bytes: message.length, to: outbound)
                        } catch {
                            break
                        }
                    }
                    let going = state.withLockedValue { $0.draining }
                    let refusal = link.refusal.withLockedValue { $0 }
                    let close =
                        refusal.map { WebSocketClose(code: .policyViolation, reason: $0) }
                        ?? WebSocketClose(code: going ? .goingAway : .normalClosure, reason: "")
                    try? await outbound.write(
                        close.frame(allocator: channel.allocator, maskKey: nil))
                    outbound.finish()
                    try? await configured.closeWritten.get()
                    // A refused client is not waited for: its socket closes after the close frame.
                    if refusal != nil { try? await channel.close().get() }
                }
                await receive(inbound, on: link)
                await group.waitForAll()
            }
        }
    }

    /// The message `frame` is for a WebSocket client: its bytes, or its JSON (decoded here: a
    /// frame the relay viewed is valid for the view, and a body that fails the full decode is
    /// dropped for this client and counted).
    private func webSocketMessage(_ frame: RelayFrame, json: Bool, _ channel: any Channel)
        -> WebSocketFrame?
    {
        guard json else {
            return WebSocketFrame(
                fin: true, opcode: .binary, data: channel.allocator.buffer(bytes: frame.bytes))
        }
        countJSONConversion()
        do {
            let envelope = try Envelope(
                serializedBytes: frame.bytes, options: configuration.webSocket.codec)
            return WebSocketFrame(
                fin: true, opcode: .text,
                data: channel.allocator.buffer(
                    string: envelope.jsonString(options: configuration.webSocket.jsonEncoding)))
        } catch {
            var metadata = Logger.metadata(of: error)
            metadata["rtmwire.relay.message"] = "\(frame.header.messageID)"
            configuration.telemetry.logger.warning(
                "rtmwire: relay could not convert an envelope to JSON", metadata: metadata)
            drop("undecodableForJSON")
            return nil
        }
    }

    /// Routes every envelope `link` sends until its stream ends (cleanly, on an error the
    /// pipeline already closed the connection for, or on a refusal), then forgets the link,
    /// tells its conversations it went offline and ends its outbox.
    private func receive(
        _ inbound: NIOAsyncChannelInboundStream<[RelayFrame]>, on link: RelayLink
    ) async {
        do {
            for try await batch in inbound {
                if let router {
                    metrics.received(link.transport, count: batch.count)
                    state.withLockedValue { $0.statistics.received += batch.count }
                    perform(
                        await router.received(batch.map(RelayEnvelope.init), from: link.connection))
                } else {
                    for frame in batch { try route(frame, from: link) }
                }
            }
        } catch let refusal as RelayMembership.Refusal {
            closeLink(link, reason: "\(refusal)")
        } catch {
            var metadata = Logger.metadata(of: link.channel)
            metadata["rtmwire.error"] = "\(error)"
            configuration.telemetry.logger.info(
                "rtmwire: relay connection ended", metadata: metadata)
        }
        await unregister(link)
    }

    private func register(
        _ transport: RelayLink.Transport, _ channel: any Channel, credential: String?
    ) -> RelayLink {
        metrics.connection(transport)
        return state.withLockedValue { state in
            state.nextID += 1
            state.statistics.connections += 1
            let link = RelayLink(
                connection: RelayConnection(
                    id: state.nextID, transport: transport, credential: credential),
                channel: channel, capacity: configuration.maxQueuedEnvelopes)
            state.links[link.id] = link
            if state.draining { link.finish() }
            return link
        }
    }

    /// A WebSocket connection registered at its handshake, until it is served or abandoned.
    private struct AdmittedLink {
        let link: RelayLink
        /// The router's ``RelayRouter/opened(_:)``, which ends before anything else is done
        /// with the connection; nil without a router.
        let opening: Task<Void, Never>?
    }

    /// Registers an accepted WebSocket handshake's connection and tells the router it opened;
    /// the 101 is sent once the returned future succeeds. A client that presented its
    /// credential in the handshake counts on what is sent to it from the moment it reads that
    /// answer (without this, a group response sent to a member who had just connected could be
    /// lost under load). Without a router nothing waits: the handshake stays on the event loop.
    private func admit(
        _ channel: any Channel, _ subprotocol: WebSocketSubprotocol, _ credential: String?
    ) -> EventLoopFuture<Void> {
        let link = register(
            subprotocol == .json ? .webSocketJSON : .webSocketBinary, channel,
            credential: credential)
        let answered = channel.eventLoop.makePromise(of: Void.self)
        let opening: Task<Void, Never>?
        if router == nil {
            opening = nil
            answered.succeed()
        } else {
            opening = Task { [self] in
                await opened(link)
                answered.succeed()
            }
        }
        state.withLockedValue {
            $0.admitted[ObjectIdentifier(channel)] = AdmittedLink(link: link, opening: opening)
        }
        return answered.futureResult
    }

    /// The link registered at `channel`'s handshake, taken by the connection that serves it
    /// once the handshake upgraded (each upgraded handshake was admitted: nil only if not).
    ///
    /// Whoever handles an accepted socket takes or abandons its admitted link once the
    /// handshake's outcome is known (the link is admitted before that): served here, or
    /// abandoned when the handshake did not upgrade or the socket was refused over the limit.
    private func served(_ channel: any Channel) async -> RelayLink? {
        guard let admitted = takeAdmitted(channel) else { return nil }
        await admitted.opening?.value
        return admitted.link
    }

    /// Unregisters the connection admitted at `channel`'s handshake, if there was one, once
    /// the router has opened it.
    private func abandon(_ channel: any Channel) {
        guard let admitted = takeAdmitted(channel) else { return }
        Task { [self] in
            // The router hears of the close after the open.
            await admitted.opening?.value
            await unregister(admitted.link)
        }
    }

    /// Removes and returns `channel`'s admitted link: whoever takes it serves or abandons it.
    private func takeAdmitted(_ channel: any Channel) -> AdmittedLink? {
        state.withLockedValue { $0.admitted.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Tells the router a connection opened, and does what it answers.
    private func opened(_ link: RelayLink) async {
        guard let router else { return }
        perform(await router.opened(link.connection))
    }

    /// Calls the router's ``RelayRouter/tick()`` every ``RelayRouter/tickInterval`` until
    /// cancelled; nil when the router wants no ticks.
    private func startTicking() -> Task<Void, Never>? {
        guard let router, let interval = router.tickInterval else { return nil }
        return Task { [self] in
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                perform(await router.tick())
            }
        }
    }

    /// Carries out the router's ``RelayRouter/pushedActions`` as they come, until cancelled or
    /// the stream ends; nil when the router pushes none.
    private func startPushing() -> Task<Void, Never>? {
        guard let router, let pushed = router.pushedActions else { return nil }
        return Task { [self] in
            for await actions in pushed {
                perform(actions)
            }
        }
    }

    /// Does what a router asked.
    private func perform(_ actions: [RelayAction]) {
        for action in actions {
            switch action {
            case .deliver(let envelope, let ids):
                let recipients = state.withLockedValue { state in ids.compactMap { state.links[$0] }
                }
                for recipient in recipients { deliver(envelope.frame, to: recipient) }
            case .close(let id, let reason):
                guard let link = state.withLockedValue({ $0.links[id] }) else { continue }
                state.withLockedValue { $0.statistics.closed += 1 }
                metrics.dropped("refused")
                var metadata = Logger.metadata(of: link.channel)
                metadata["rtmwire.relay.reason"] = "\(reason)"
                configuration.telemetry.logger.info(
                    "rtmwire: relay router closed a connection", metadata: metadata)
                link.refuse(reason)
            }
        }
    }

    private func unregister(_ link: RelayLink) async {
        if let router {
            state.withLockedValue { $0.links[link.id] = nil }
            link.finish()
            perform(await router.closed(link.connection))
            return
        }
        let departures: [(RelayLink, RelayFrame)] = state.withLockedValue { state in
            state.links[link.id] = nil
            let (user, departed) = state.membership.remove(link.id)
            guard let user else { return [] }
            var departures: [(RelayLink, RelayFrame)] = []
            for conversation in departed {
                guard let frame = offlineStatus(of: user, in: conversation, link: link.id)
                else { continue }
                for member in state.membership.members(of: conversation) {
                    if let recipient = state.links[member] { departures.append((recipient, frame)) }
                }
            }
            return departures
        }
        link.finish()
        for (recipient, frame) in departures { deliver(frame, to: recipient) }
    }

    /// Routes one envelope: its recipients get its bytes queued.
    private func route(_ frame: RelayFrame, from link: RelayLink) throws {
        metrics.received(link.transport)
        let recipients: [RelayLink] = try state.withLockedValue { state in
            state.statistics.received += 1
            let route = try state.membership.route(frame.header, from: link.id)
            if let reason = route.dropped {
                state.statistics.dropped += 1
                metrics.dropped(reason)
            }
            return route.recipients.compactMap { state.links[$0] }
        }
        for recipient in recipients { deliver(frame, to: recipient) }
    }

    private func deliver(_ frame: RelayFrame, to recipient: RelayLink) {
        switch recipient.deliver(frame) {
        case .queued:
            metrics.delivered()
            state.withLockedValue { $0.statistics.deliveries += 1 }
        case .full:
            closeLink(recipient, reason: "slowReader")
        case .closing:
            // Leaving (or draining): what it has not been sent is not its any more.
            drop("recipientClosing")
        }
    }

    /// Closes a connection that broke the rule or fell behind; its stream's end unregisters it.
    private func closeLink(_ link: RelayLink, reason: String) {
        state.withLockedValue { $0.statistics.closed += 1 }
        metrics.dropped(reason.hasPrefix("slowReader") ? "slowReader" : "refused")
        var metadata = Logger.metadata(of: link.channel)
        metadata["rtmwire.relay.reason"] = "\(reason)"
        configuration.telemetry.logger.warning(
            "rtmwire: relay closed a connection", metadata: metadata)
        link.channel.close(promise: nil)
    }

    /// Ends every outbox and waits (up to the drain timeout) for the connections to end.
    private func drain() async {
        let links = state.withLockedValue { state in
            state.draining = true
            return Array(state.links.values)
        }
        configuration.telemetry.logger.info(
            "rtmwire: relay draining", metadata: ["rtmwire.connections": "\(links.count)"])
        for link in links { link.finish() }
        let deadline = NIODeadline.now() + configuration.drainTimeout
        while NIODeadline.now() < deadline, !state.withLockedValue({ $0.links.isEmpty }) {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        for link in state.withLockedValue({ Array($0.links.values) }) {
            link.channel.close(promise: nil)
        }
    }

    private func drop(_ reason: String) {
        metrics.dropped(reason)
        state.withLockedValue { $0.statistics.dropped += 1 }
    }

    private func countJSONConversion() {
        metrics.convertedJSON()
        state.withLockedValue { $0.statistics.jsonConversions += 1 }
    }

    /// The status a departed member's conversation gets: presence offline, from its user.
    private func offlineStatus(of user: String, in conversation: ConversationKey, link: Int)
        -> RelayFrame?
    {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let envelope = Envelope(
            messageID: "relay-offline-\(link)-\(now.tv_sec)-\(now.tv_nsec)",
            sender: Sender(userID: user),
            sendTimeMs: Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000,
            conversation: Conversation(type: conversation.type, id: conversation.id),
            body: .status(StatusMessage(presence: .offline)))
        return try? RelayFrame(envelope, options: configuration.webSocket.codec)
    }
}

/// An accepted socket of one of the relay's listeners.
protocol RelayAccepted: Sendable {
    static func maxConnections(_ configuration: RelayConfiguration) -> Int
    var acceptedChannel: any Channel { get }
    /// Closes a socket over the connection limit.
    func refuse() async
}

extension TCPChannels.ConfiguredChannel: RelayAccepted where Inbound == RelayFrame {
    static func maxConnections(_ configuration: RelayConfiguration) -> Int {
        configuration.tcp.limits.maxConnections
    }
    var acceptedChannel: any Channel { channel.channel }
    func refuse() async {
        // Closed through its async wrapper, which must be finished.
        try? await channel.executeThenClose { _, _ in }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension WebSocketChannels.Pending: RelayAccepted
where Handshake == WebSocketChannels.ServerHandshake<RelayFrame> {
    static func maxConnections(_ configuration: RelayConfiguration) -> Int {
        configuration.webSocket.limits.maxConnections
    }
    var acceptedChannel: any Channel { channel }
    func refuse() async {
        try? await channel.close()
        if case .upgraded(let configured)? = try? await handshake.get() {
            try? await configured.channel.executeThenClose { _, _ in }
        }
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension WebSocketChannels.InboundDecoding where Inbound == RelayFrame {
    /// Each message as a relay frame: binary messages viewed in place, JSON messages decoded
    /// and encoded to bytes (counted by `conversions`).
    static func relayFrames(
        _ configuration: WebSocketConfiguration, checksBodies: Bool,
        conversions: @escaping @Sendable () -> Void
    ) -> Self {
        let codec = configuration.codec
        let json = configuration.jsonDecoding
        return Self { subprotocol in
            { payload throws(RTMWireError) in
                switch subprotocol {
                case .binary:
                    return try RelayFrame(
                        bytes: Array(payload.readableBytesView), options: codec,
                        checksBody: checksBodies)
                case .json:
                    conversions()
                    let envelope = try payload.withUnsafeReadableBytes {
                        raw -> Result<Envelope, RTMWireError> in
                        Result { () throws(RTMWireError) in
                            try Envelope(jsonUTF8Bytes: raw, options: codec, jsonOptions: json)
                        }
                    }.get()
                    return try RelayFrame(envelope, options: codec)
                }
            }
        }
    }
}

/// The relay's swift-metrics counters, created once.
struct RelayMetrics: Sendable {
    let factory: any MetricsFactory
    let deliveries: Counter
    let conversions: Counter

    init(_ telemetry: FramingTelemetry) {
        factory = telemetry.metricsFactory ?? MetricsSystem.factory
        deliveries = Counter(label: "rtmwire_relay_deliveries_total", factory: factory)
        conversions = Counter(label: "rtmwire_relay_json_conversions_total", factory: factory)
    }

    /// `count` envelopes received on a connection of `transport`.
    func received(_ transport: RelayLink.Transport, count: Int = 1) {
        Counter(
            label: "rtmwire_relay_envelopes_total", dimensions: [("transport", transport.rawValue)],
            factory: factory
        ).increment(by: count)
    }

    func delivered() { deliveries.increment() }

    func convertedJSON() { conversions.increment() }

    /// One envelope (or connection) dropped, for `reason`.
    func dropped(_ reason: String) {
        Counter(
            label: "rtmwire_relay_dropped_total", dimensions: [("reason", reason)], factory: factory
        ).increment()
    }

    /// One connection served on `transport`.
    func connection(_ transport: RelayLink.Transport) {
        Counter(
            label: "rtmwire_relay_connections_total",
            dimensions: [("transport", transport.rawValue)], factory: factory
        ).increment()
    }
}
