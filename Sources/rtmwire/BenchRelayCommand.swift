import ArgumentParser
import RTMWire
import RTMWireNIO
import RTMWireTransport

/// `rtmwire bench-relay`: measures an in-process relay on 127.0.0.1 (envelopes per second among
/// N clients of one channel) and what reading the header through the view costs against a full
/// decode.
struct BenchRelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-relay",
        abstract:
            "Measure the relay: envelopes per second among N loopback clients, view vs decode.",
        discussion: """
            Starts a relay on 127.0.0.1, connects --clients clients over --transport to one \
            channel, and has each send --envelopes text envelopes; every other client receives \
            each. Prints the wall time, envelopes relayed per second (received by the relay) \
            and deliveries per second (written to recipients). Then times, on the same \
            envelopes, reading the routing header through the view against decoding each in \
            full. Build with -c release for figures worth keeping.
            """)

    /// How the clients connect.
    enum Transport: String, ExpressibleByArgument, CaseIterable {
        case tcp, websocket, json
    }

    @Option(help: "Clients in the channel.") var clients = 8
    @Option(help: "Envelopes each client sends.") var envelopes = 2_000
    @Option(help: "tcp, websocket (binary) or json (WebSocket, proto3 JSON).")
    var transport = Transport.tcp
    @Option(help: "Text bytes per envelope.") var textBytes = 100
    @Flag(
        name: .customLong("check-bodies"),
        help: "Have the relay decode every envelope before forwarding it (what the view saves).")
    var checksBodies = false

    func validate() throws {
        guard clients >= 2, envelopes >= 1, textBytes >= 1 else {
            throw ValidationError("needs at least 2 clients, 1 envelope and 1 text byte")
        }
    }

    func run() async throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
            throw CLIError(
                kind: "unsupported", detail: "the relay needs macOS 14", status: .unavailable)
        }
        try await measure()
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private func measure() async throws {
        let room = Conversation(type: .channel, id: "bench")
        let text = String(repeating: "가", count: max(1, textBytes / 3))
        let relay = EnvelopeRelay(
            configuration: RelayConfiguration(
                maxQueuedEnvelopes: 1 << 20, checksBodies: checksBodies))
        let clients = self.clients
        let count = self.envelopes
        let (seconds, statistics) = try await relay.run(
            tcp: transport == .tcp ? RelayEndpoint(host: "127.0.0.1", port: 0) : nil,
            webSocket: transport == .tcp ? nil : RelayEndpoint(host: "127.0.0.1", port: 0)
        ) { addresses in
            try await withClients(clients, addresses) { connections in
                for (index, connection) in connections.enumerated() {
                    try await connection.send(
                        Envelope(
                            messageID: "join-\(index)", sender: Sender(userID: "user\(index)"),
                            sendTimeMs: 1_700_000_000_000, conversation: room,
                            body: .status(StatusMessage(presence: .online))))
                    // Each join must land before the next member's, to reach it.
                    while relay.statistics.received <= index { await Task.yield() }
                }
                // The joins the earlier members received.
                for (index, connection) in connections.enumerated() {
                    for _ in 0..<(clients - 1 - index) { _ = try await connection.receive() }
                }
                let clock = ContinuousClock()
                let start = clock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, connection) in connections.enumerated() {
                        group.addTask {
                            let batch = (0..<count).map { number in
                                Envelope(
                                    messageID: "m-\(index)-\(number)",
                                    sender: Sender(userID: "user\(index)"),
                                    sendTimeMs: 1_700_000_000_000, conversation: room,
                                    body: .text(TextMessage(text: text)))
                            }
                            for chunk in stride(from: 0, to: count, by: 100) {
                                try await connection.send(
                                    contentsOf: Array(batch[chunk..<min(count, chunk + 100)]))
                            }
                        }
                        group.addTask {
                            var received = 0
                            while received < count * (clients - 1) {
                                received += try await connection.receiveBatch().count
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                let elapsed = clock.now - start
                // Before the clients leave (their departures are routed too).
                return (
                    Double(elapsed.components.seconds)
                        + Double(elapsed.components.attoseconds) / 1e18, relay.statistics
                )
            }
        }
        let sent = clients * count
        let delivered = sent * (clients - 1)
        StandardStreams.write(
            """
            relay over \(transport.rawValue)\(checksBodies ? ", checking bodies" : ""): \
            \(clients) clients × \(count) envelopes (\(textBytes)-byte text) in \(format(seconds)) s
              relayed   \(format(Double(sent) / seconds)) envelopes/s (received by the relay)
              delivered \(format(Double(delivered) / seconds)) envelopes/s (to \(clients - 1) \
            recipients each)
              JSON conversions \(statistics.jsonConversions), dropped \(statistics.dropped)

            """)
        try viewAgainstDecode(text: text, room: room)
    }

    /// Reading an envelope's routing header through the view (what the relay does) against a
    /// full decode, on a text and on an image with a 16 KB thumbnail.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private func viewAgainstDecode(text: String, room: Conversation) throws {
        let samples: [(String, Envelope)] = [
            (
                "text",
                Envelope(
                    messageID: "t", sender: Sender(userID: "alice"), sendTimeMs: 1_700_000_000_000,
                    conversation: room, body: .text(TextMessage(text: text)))
            ),
            (
                "image",
                Envelope(
                    messageID: "i", sender: Sender(userID: "alice"), sendTimeMs: 1_700_000_000_000,
                    conversation: room,
                    body: .image(
                        ImageMessage(
                            mediaID: "media", fileName: "photo.jpg", size: 2_000_000, width: 4032,
                            height: 3024, thumbnail: Array(repeating: 0xAB, count: 16_384),
                            thumbnailWidth: 160, thumbnailHeight: 120)))
            ),
        ]
        let rounds = 20_000
        for (name, envelope) in samples {
            let bytes = try envelope.serializedBytes()
            let clock = ContinuousClock()
            var sink = 0
            // The best of five runs of each: the machine's other work only ever adds time.
            var viewTime = Duration.seconds(1_000)
            var decodeTime = Duration.seconds(1_000)
            for _ in 0..<5 {
                viewTime = min(
                    viewTime,
                    try clock.measure {
                        for _ in 0..<rounds {
                            sink &+= try Envelope.withView(of: bytes) { view in
                                (try view.messageID.string).utf8.count
                                    + (try view.sender?.userID.string ?? "").utf8.count
                                    + (try view.conversation?.id.string ?? "").utf8.count
                                    + (view.body == nil ? 0 : 1)
                            }
                        }
                    })
                decodeTime = min(
                    decodeTime,
                    try clock.measure {
                        for _ in 0..<rounds {
                            sink &+= try Envelope(serializedBytes: bytes).messageID.utf8.count
                        }
                    })
            }
            let view = nanoseconds(viewTime) / Double(rounds)
            let decode = nanoseconds(decodeTime) / Double(rounds)
            StandardStreams.write(
                "  \(name) (\(bytes.count) B): view header \(format(view)) ns, full decode "
                    + "\(format(decode)) ns, decode/view \(format(decode / view))× (\(sink % 2))\n")
        }
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded >= 100 ? String(Int(rounded)) : String(rounded)
    }

    /// Connects `count` clients to the relay and runs `body` with them.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private func withClients<Result: Sendable>(
        _ count: Int, _ addresses: RelayAddresses,
        _ body: ([any EnvelopeConnection]) async throws -> Result
    ) async throws -> Result {
        func connect(_ connected: [any EnvelopeConnection]) async throws -> Result {
            guard connected.count < count else { return try await body(connected) }
            switch transport {
            case .tcp:
                return try await TCPClient.withConnection(
                    host: "127.0.0.1", port: addresses.tcp!.port!
                ) { try await connect(connected + [$0]) }
            case .websocket, .json:
                return try await WebSocketClient.withConnection(
                    host: "127.0.0.1", port: addresses.webSocket!.port!,
                    subprotocol: transport == .json ? .json : .binary
                ) { try await connect(connected + [$0]) }
            }
        }
        return try await connect([])
    }
}
