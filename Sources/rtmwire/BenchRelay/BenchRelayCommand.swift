import ArgumentParser
import RTMWire
import RTMWireNIO
import RTMWireTransport
import RTMWireViews

#if Serve
    import RTMWireServer
#endif

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
            channel, and has each send --envelopes text envelopes as fast as it can; every \
            other client receives each. Prints the wall time, envelopes relayed per second \
            (received by the relay) and deliveries per second (written to recipients); then \
            sends --rate envelopes per second for --seconds and prints the delay from send to \
            delivery (p50, p99). With --durable, does the same against the server `rtmwire \
            serve` runs (every client signed in, every envelope decoded, checked, stored in \
            SQLite and acknowledged) in a temporary folder, and prints its throughput as a \
            share of the in-memory relay's. With --database, then does the same against \
            --nodes server nodes on that PostgreSQL database (each with its own connections \
            and fan-out, client i on node i mod N), once per count, and prints the \
            transactions they committed. Each run prints how many cores this process kept \
            busy in its burst: on a saturated machine the rest went to other processes, such \
            as the database. Then times reading the routing header through the view against \
            decoding in full. Build with -c release for figures worth keeping.
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
    @Option(help: "Envelopes per second, all clients together, in the paced phase.")
    var rate = 1_000
    @Option(help: "Seconds the paced phase lasts.") var seconds = 5.0
    @Flag(
        help: "Also measure the durable server (sign-in, checks, SQLite) in the same run.")
    var durable = false
    #if Serve
        @Option(help: "With --durable: full (synced at every commit) or normal.")
        var durability = SQLiteStorage.Configuration.Durability.full
    #endif
    @Option(
        help: ArgumentHelp(
            "Also measure server nodes on this PostgreSQL database (implies --durable).",
            valueName: "postgres-url"))
    var database: String?
    @Option(
        help: "With --database: the node counts to measure, comma-separated, each from 1 to 16.")
    var nodes = "1,2,3"

    /// The node counts `--nodes` names.
    var nodeCounts: [Int] {
        nodes.split(separator: ",").compactMap { Int($0.trimmingPrefix(" ")) }
    }
    @Flag(
        name: .customLong("check-bodies"),
        help: "Have the relay decode every envelope before forwarding it (what the view saves).")
    var checksBodies = false

    func validate() throws {
        guard clients >= 2, envelopes >= 1, textBytes >= 1, rate >= 1, seconds > 0 else {
            throw ValidationError(
                "needs at least 2 clients, 1 envelope, 1 text byte, a rate of 1 and some seconds")
        }
        let counts = nodeCounts
        guard counts.count == nodes.split(separator: ",").count, !counts.isEmpty,
            counts.allSatisfy({ (1...16).contains($0) })
        else {
            throw ValidationError("--nodes takes node counts from 1 to 16, comma-separated")
        }
    }

    func run() async throws {
        #if !Serve
            if durable || database != nil {
                throw CLIError.serverNotBuilt("bench-relay --durable")
            }
        #endif
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
            throw CLIError(
                kind: "unsupported", detail: "the relay needs macOS 14", status: .unavailable)
        }
        try await measure()
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private func measure() async throws {
        var load = RelayLoad(
            clients: clients, count: envelopes, textBytes: textBytes, rate: rate,
            seconds: seconds, transport: transport, tokens: nil)
        let relay = EnvelopeRelay(
            configuration: RelayConfiguration(
                maxQueuedEnvelopes: 1 << 20, checksBodies: checksBodies))
        let inMemory = try await load.run(relay)
        report(
            "in-memory relay\(checksBodies ? ", checking bodies" : "")", inMemory,
            jsonConversions: relay.statistics.jsonConversions)
        #if Serve
            if durable || database != nil { try await measureDurable(&load, against: inMemory) }
            if let database {
                for count in nodeCounts {
                    try await measureCluster(&load, nodes: count, on: database, against: inMemory)
                }
            }
        #endif
        try viewAgainstDecode(
            text: String(repeating: "가", count: max(1, textBytes / 3)), room: RelayLoad.room)
    }

    #if Serve
        /// The durable server under the same load, and its throughput as a share of `inMemory`'s.
        @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
        private func measureDurable(_ load: inout RelayLoad, against inMemory: RelayLoad.Figures)
            async throws
        {
            let durableFigures = try await DurableServerBench(durability: durability).run(&load)
            report(
                "durable server (ChatServer, SQLite, synchronous=\(durability.rawValue), every "
                    + "envelope decoded and checked, signed in)", durableFigures,
                jsonConversions: nil)
            StandardStreams.write(
                "  durable ÷ in-memory throughput: "
                    + "\(format(100 * inMemory.burstSeconds / durableFigures.burstSeconds))%\n")
        }

        /// `nodes` server nodes on `database` under the same load.
        @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
        private func measureCluster(
            _ load: inout RelayLoad, nodes: Int, on database: String,
            against inMemory: RelayLoad.Figures
        ) async throws {
            let figures = try await ClusterServerBench(url: database, nodes: nodes).run(&load)
            report(
                "\(nodes) node\(nodes == 1 ? "" : "s") on PostgreSQL (ChatServer, PostgresStorage "
                    + "and PostgresFanOut each, client i on node i mod \(nodes))", figures.load,
                jsonConversions: nil)
            let sent = clients * envelopes + max(1, Int(Double(rate) * seconds) / clients) * clients
            StandardStreams.write(
                "  transactions committed: \(figures.commits) "
                    + "(\(format(Double(figures.commits) / Double(sent))) per envelope sent); "
                    + "÷ in-memory throughput: "
                    + "\(format(100 * inMemory.burstSeconds / figures.load.burstSeconds))%\n")
        }
    #endif

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private func report(_ name: String, _ figures: RelayLoad.Figures, jsonConversions: Int?) {
        let sent = clients * envelopes
        let delivered = sent * (clients - 1)
        let seconds = figures.burstSeconds
        StandardStreams.write(
            """
            \(name) over \(transport.rawValue): \(clients) clients × \(envelopes) envelopes \
            (\(textBytes)-byte text) in \(format(seconds)) s
              relayed   \(format(Double(sent) / seconds)) envelopes/s (received, stored when \
            durable)
              delivered \(format(Double(delivered) / seconds)) envelopes/s (to \(clients - 1) \
            recipients each)
              burst CPU of this process \(format(figures.burstCPUSeconds)) s: \
            \(format(figures.burstCPUSeconds / seconds)) of \(ProcessCPU.cores) cores busy\(
                figures.burstOthersCPUSeconds.map {
                    "; other processes \(format(max(0, $0) / seconds)) cores"
                } ?? "")
              at \(rate) envelopes/s for \(format(self.seconds)) s: send to delivery p50 \
            \(format(figures.percentile(0.5))) ms, p99 \(format(figures.percentile(0.99))) ms, \
            max \(format(figures.delaysMs.last ?? 0)) ms (\(figures.delaysMs.count) deliveries)\(
                jsonConversions.map { "\n  JSON conversions \($0)" } ?? "")

            """)
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
}
