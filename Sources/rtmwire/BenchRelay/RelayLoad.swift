import RTMWire
import RTMWireNIO
import RTMWireTransport

/// One load run against a relay on 127.0.0.1: `clients` connections in one channel, a burst
/// phase (each sends `count` texts as fast as it can) and a paced phase (`rate` texts per
/// second in all, for `seconds`) that times each delivery from its send.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
struct RelayLoad: Sendable {
    /// What a run measured.
    struct Figures: Sendable {
        /// The burst: seconds from the first send until every client has every envelope (and,
        /// with a server, every acknowledgement).
        var burstSeconds: Double
        /// The paced phase's delays from send to delivery, in ms, sorted.
        var delaysMs: [Double]
        /// The CPU seconds this process used in the burst (servers and clients together).
        var burstCPUSeconds: Double
        /// The CPU seconds the other processes used in the burst (nil where unknown).
        var burstOthersCPUSeconds: Double?

        /// The delay below which `fraction` of the deliveries came.
        func percentile(_ fraction: Double) -> Double {
            guard !delaysMs.isEmpty else { return 0 }
            let index = Int((Double(delaysMs.count - 1) * fraction).rounded())
            return delaysMs[min(delaysMs.count - 1, index)]
        }
    }

    var clients: Int
    var count: Int
    var textBytes: Int
    var rate: Int
    var seconds: Double
    var transport: BenchRelayCommand.Transport
    /// Tokens per client when the relay's router signs connections in (nil: a plain relay).
    var tokens: [String]?
    /// The channel the clients share: one of its own per run against a database that keeps
    /// what earlier runs stored.
    var room = Self.room

    static let room = Conversation(type: .channel, id: "bench")

    /// Runs the load against `relay` and returns its figures.
    func run(_ relay: EnvelopeRelay) async throws -> Figures {
        try await run([relay])
    }

    /// Runs the load against several relays (server nodes), client i on relay i mod their
    /// count, and returns its figures.
    func run(_ relays: [EnvelopeRelay]) async throws -> Figures {
        try await listen(relays[...], addresses: []) { addresses in
            try await withClients(addresses) { connections in
                try await join(connections, relays[0])
                let cpu = ProcessCPU.seconds()
                let machine = ProcessCPU.machineSeconds()
                let burst = try await phase(connections, burst: true)
                let burstCPU = ProcessCPU.seconds() - cpu
                let others = machine.flatMap { before in
                    ProcessCPU.machineSeconds().map { $0 - before - burstCPU }
                }
                let paced = try await phase(connections, burst: false)
                return Figures(
                    burstSeconds: burst.seconds, delaysMs: paced.delays.sorted(),
                    burstCPUSeconds: burstCPU, burstOthersCPUSeconds: others)
            }
        }
    }

    /// Runs each relay, one inside the other, then `body` with their addresses.
    private func listen<Result: Sendable>(
        _ relays: ArraySlice<EnvelopeRelay>, addresses: [RelayAddresses],
        _ body: ([RelayAddresses]) async throws -> Result
    ) async throws -> Result {
        guard let relay = relays.first else { return try await body(addresses) }
        return try await relay.run(
            tcp: transport == .tcp ? RelayEndpoint(host: "127.0.0.1", port: 0) : nil,
            webSocket: transport == .tcp ? nil : RelayEndpoint(host: "127.0.0.1", port: 0)
        ) { listening in
            try await listen(relays.dropFirst(), addresses: addresses + [listening], body)
        }
    }

    /// Signs each client in (with a server) and has it join the channel, one after another,
    /// then takes every envelope the joins caused.
    private func join(_ connections: [any EnvelopeConnection], _ relay: EnvelopeRelay)
        async throws
    {
        for (index, connection) in connections.enumerated() {
            if let tokens {
                try await connection.send(
                    envelope(index, "sign-in", .signIn(SignIn(token: tokens[index]))))
                _ = try await connection.receive()
            }
            try await connection.send(
                envelope(index, "join", .status(StatusMessage(presence: .online))))
            if tokens != nil {
                // A server acknowledges the join once the member is in.
                while case .status? = try await connection.receive()?.body {}
            } else {
                // A plain relay runs alone: it acknowledges nothing.
                while relay.statistics.received <= index { await Task.yield() }
            }
        }
        // The joins the earlier members were told of.
        for (index, connection) in connections.enumerated() {
            for _ in 0..<(clients - 1 - index) { _ = try await connection.receive() }
        }
    }

    /// One phase: returns its wall time and (paced) each delivery's delay in ms.
    private func phase(_ connections: [any EnvelopeConnection], burst: Bool) async throws
        -> (seconds: Double, delays: [Double])
    {
        let perClient = burst ? count : max(1, Int(Double(rate) * seconds) / clients)
        let interval = Duration.seconds(Double(clients) / Double(max(1, rate)))
        let clock = ContinuousClock()
        let start = clock.now
        let filler = String(repeating: "가", count: max(1, textBytes / 3))
        let delays = try await withThrowingTaskGroup(of: [Double].self) { group in
            for (index, connection) in connections.enumerated() {
                group.addTask {
                    if burst {
                        let batch = (0..<perClient).map { number in
                            envelope(
                                index, "b\(number)", .text(TextMessage(text: "0|" + filler)))
                        }
                        for chunk in stride(from: 0, to: perClient, by: 100) {
                            try await connection.send(
                                contentsOf: Array(batch[chunk..<min(perClient, chunk + 100)]))
                        }
                        return []
                    }
                    var next = clock.now
                    for number in 0..<perClient {
                        try await clock.sleep(until: next)
                        next = next.advanced(by: interval)
                        let sent = Self.nanoseconds(clock.now - start)
                        try await connection.send(
                            envelope(
                                index, "p\(number)", .text(TextMessage(text: "\(sent)|" + filler))))
                    }
                    return []
                }
                group.addTask {
                    try await receive(
                        on: connection, texts: perClient * (clients - 1),
                        acknowledgements: tokens == nil ? 0 : perClient,
                        timing: burst ? nil : (clock, start))
                }
            }
            var delays: [Double] = []
            for try await part in group { delays += part }
            return delays
        }
        return (Self.nanoseconds(clock.now - start) / 1e9, delays)
    }

    /// Receives until the phase's texts and acknowledgements are all in; returns each text's
    /// delay in ms when timing.
    private func receive(
        on connection: any EnvelopeConnection, texts: Int, acknowledgements: Int,
        timing: (ContinuousClock, ContinuousClock.Instant)?
    ) async throws -> [Double] {
        var delays: [Double] = []
        var textsLeft = texts
        var acknowledgementsLeft = acknowledgements
        while textsLeft > 0 || acknowledgementsLeft > 0 {
            let batch = try await connection.receiveBatch()
            guard !batch.isEmpty else { throw RelayLoadError.closedEarly }
            for received in batch {
                switch received.body {
                case .text(let text)?:
                    textsLeft -= 1
                    if let (clock, start) = timing,
                        let sent = Double(text.text.prefix { $0 != "|" })
                    {
                        delays.append((Self.nanoseconds(clock.now - start) - sent) / 1e6)
                    }
                case .acknowledgement?:
                    acknowledgementsLeft -= 1
                case .refusal(let refusal)?:
                    throw RelayLoadError.refused(refusal.detail)
                default:
                    break
                }
            }
        }
        return delays
    }

    private func envelope(_ client: Int, _ id: String, _ body: Envelope.Body) -> Envelope {
        Envelope(
            messageID: "\(id)-\(client)", sender: Sender(userID: "user\(client)"),
            sendTimeMs: 1_700_000_000_000, conversation: room, body: body)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    /// Connects the clients, client i to `nodes[i % nodes.count]`, and runs `body` with them.
    private func withClients<Result: Sendable>(
        _ nodes: [RelayAddresses], _ body: ([any EnvelopeConnection]) async throws -> Result
    ) async throws -> Result {
        func connect(_ connected: [any EnvelopeConnection]) async throws -> Result {
            guard connected.count < clients else { return try await body(connected) }
            let addresses = nodes[connected.count % nodes.count]
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

/// Why a load run stopped.
enum RelayLoadError: Error, CustomStringConvertible {
    /// A connection ended before its phase's envelopes were in.
    case closedEarly
    /// The server refused an envelope.
    case refused(String)

    var description: String {
        switch self {
        case .closedEarly: "a connection closed before its envelopes arrived"
        case .refused(let detail): "the server refused an envelope: \(detail)"
        }
    }
}
