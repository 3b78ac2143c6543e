import NIOConcurrencyHelpers
import NIOCore
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport

/// The soak with faults: `connections` workers open connection after connection to one server
/// for `seconds`, each connection behaving as a seeded draw picks (see ``Behaviour``), and every
/// connection's outcome is checked on both ends. Figures are reported, never asserted.
struct SoakRunner {
    /// What one connection does.
    enum Behaviour: String, CaseIterable, Sendable {
        /// Sends mixed envelopes in random batches and checks every echo, timing each.
        case exchange
        /// Like `exchange`, but reads the echoes slowly (the server's sends back up).
        case slowReader
        /// Good frames, then a garbage frame: the server ends the connection with its error.
        case garbage
        /// Good frames, then a length prefix of 4 GiB: refused before any body is buffered.
        case oversizedPrefix
        /// Good frames, then half a frame and a half-close: `truncatedFrame`.
        case halfCloseMidFrame
        /// Good frames, then half a frame and a reset.
        case resetMidFrame

        /// How often each is drawn, out of the sum.
        var weight: Int { self == .exchange ? 6 : 1 }
    }

    var seconds: Double
    var connections: Int
    var seed: UInt64
    /// Counts the connections finished, for a sampler running beside the soak.
    var progress = SoakProgress()

    /// Everything a run saw.
    struct Report: Sendable {
        var connections: [Behaviour: Int] = [:]
        var envelopesEchoed = 0
        var elapsedSeconds = 0.0
        /// Round trips of `exchange` envelopes.
        var latencies = LatencyHistogram()
        /// Error codes the server's connections ended with.
        var serverErrors: [String: Int] = [:]
        /// Broken promises: lost, duplicated or reordered envelopes, untyped errors.
        var violations: [String] = []

        var throughput: Double { Double(envelopesEchoed) / max(elapsedSeconds, 1e-9) }

        var summary: String {
            let p50 = latencies.quantile(0.5).map { "\(Int($0)) µs" } ?? "n/a"
            let p99 = latencies.quantile(0.99).map { "\(Int($0)) µs" } ?? "n/a"
            let kinds = Behaviour.allCases.map { "\($0.rawValue) \(connections[$0] ?? 0)" }
            let errors = serverErrors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            return """
                soak: \(connections.values.reduce(0, +)) connections in \
                \(String(format: "%.1f", elapsedSeconds)) s (\(kinds.joined(separator: ", ")))
                soak: \(envelopesEchoed) envelopes echoed = \(Int(throughput)) envelopes/s, \
                round trip p50 \(p50), p99 \(p99)
                soak: server-side connection errors: \(errors.joined(separator: ", "))
                soak: violations: \(violations.count)
                """
        }
    }

    /// What the server saw on one connection, in constant space.
    struct ServerRecord: Sendable {
        /// The connection's name: the prefix of its first envelope's id; nil if none arrived.
        var key: String?
        var received = StreamDigest()
        /// The stable code of the error it ended with ("untyped: …" for any other error).
        var errorCode: String?
    }

    /// What the server saw on each connection, keyed by the connection's name, until a client
    /// takes it to check; and the codes its connections ended with.
    final class ServerLog: Sendable {
        private struct State {
            var records: [String: ServerRecord] = [:]
            var errors: [String: Int] = [:]
        }
        private let state = NIOLockedValueBox(State())

        func record(_ record: ServerRecord) {
            state.withLockedValue { state in
                if let code = record.errorCode { state.errors[code, default: 0] += 1 }
                if let key = record.key { state.records[key] = record }
            }
        }

        /// The record of `key`'s connection, removed from the log.
        func take(_ key: String) -> ServerRecord? {
            state.withLockedValue { $0.records.removeValue(forKey: key) }
        }

        var errors: [String: Int] { state.withLockedValue { $0.errors } }
    }

    /// What a client expects the server to have seen on its connection.
    struct Expectation: Sendable {
        var key: String
        var behaviour: Behaviour
        /// The digests of every prefix of what it sent (the whole of it last).
        var prefixes: [StreamDigest]

        var sent: StreamDigest { prefixes[prefixes.count - 1] }
    }

    /// The mixed envelopes connections send, every kind the codec has.
    static let kinds = Fixtures.everyKind() + Fixtures.chatKinds()

    static let configuration = TCPConfiguration(
        limits: ConnectionLimits(sendTimeout: .seconds(10), frameTimeout: .seconds(5)))

    func run() async throws -> Report {
        let log = ServerLog()
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        var results = try await TCPLoopback.withServer(
            configuration: Self.configuration,
            handler: { connection in log.record(await Self.serve(connection)) }
        ) { port in
            try await withThrowingTaskGroup(of: WorkerResult.self) { group in
                for worker in 0..<connections {
                    let seed = self.seed &+ UInt64(worker) &* 0x9E37_79B9
                    group.addTask {
                        try await Self.worker(
                            worker, seed: seed, port: port, log: log, progress: progress,
                            until: deadline)
                    }
                }
                var results: [WorkerResult] = []
                for try await result in group { results.append(result) }
                return results
            }
        }
        // Every server handler has returned: check what is still pending.
        for index in results.indices {
            results[index].check(log, final: true)
        }
        var report = Report()
        report.elapsedSeconds = Self.seconds(clock.now - start)
        for result in results {
            report.envelopesEchoed += result.echoed
            report.latencies.merge(result.latencies)
            report.violations += result.violations
            report.connections.merge(result.connections, uniquingKeysWith: +)
        }
        report.serverErrors = log.errors
        for (code, _) in report.serverErrors where code.hasPrefix("untyped") {
            report.violations.append("server: \(code)")
        }
        return report
    }

    /// The stable code of a typed error, nil for any other error.
    static func typedCode(_ error: any Error) -> String? {
        (error as? RTMWireError)?.code.name ?? (error as? TransportError)?.code.name
    }

    static func seconds(_ duration: Duration) -> Double { SoakSample.seconds(duration) }

    /// The server: receives until the end or a fault, echoing every envelope unless the
    /// connection is a fault peer's (its first envelope's id starts with "f"), which does not
    /// read, so echoes would only race the server's own close.
    static func serve(_ connection: TCPEnvelopeConnection) async -> ServerRecord {
        var record = ServerRecord()
        do {
            while let envelope = try await connection.receive() {
                if record.key == nil {
                    record.key = String(envelope.messageID.prefix { $0 != "/" })
                }
                record.received.add(envelope)
                if !(record.key?.hasPrefix("f") ?? true) { try await connection.send(envelope) }
            }
            await connection.close()
        } catch {
            record.errorCode = typedCode(error) ?? "untyped: \(error)"
        }
        return record
    }

    /// Compares what the server saw with what the client sent.
    static func check(_ expectation: Expectation, _ record: ServerRecord?) -> [String] {
        let key = expectation.key
        guard let record else { return ["\(key): the server saw no envelope"] }
        var violations: [String] = []
        let got = record.received
        switch expectation.behaviour {
        case .exchange, .slowReader:
            if got != expectation.sent {
                violations.append(
                    "\(key): the server got \(got.count) envelopes, not the \(expectation.sent.count) sent, once each in order"
                )
            }
            if let code = record.errorCode { violations.append("\(key): unexpected \(code)") }
        case .garbage, .oversizedPrefix, .halfCloseMidFrame:
            // Everything before the fault was read: exactly the good frames, once, in order.
            if got != expectation.sent {
                violations.append(
                    "\(key): \(got.count) of \(expectation.sent.count) good envelopes before the fault"
                )
            }
            if record.errorCode == nil { violations.append("\(key): the fault went unnoticed") }
        case .resetMidFrame:
            // A reset may drop bytes the server had not read: a prefix, never a duplicate.
            if got.count >= expectation.prefixes.count || expectation.prefixes[got.count] != got {
                violations.append(
                    "\(key): the envelopes before the reset are not a prefix of those sent")
            }
        }
        return violations
    }

    struct WorkerResult: Sendable {
        /// Connections whose server record has not been checked yet.
        var pending: [Expectation] = []
        var connections: [Behaviour: Int] = [:]
        var echoed = 0
        var latencies = LatencyHistogram()
        var violations: [String] = []

        /// Checks the pending connections the server has finished with (all of them when
        /// `final`), so a long run keeps only what is in flight.
        mutating func check(_ log: ServerLog, final: Bool) {
            var stillPending: [Expectation] = []
            for expectation in pending {
                if let record = log.take(expectation.key) {
                    violations += SoakRunner.check(expectation, record)
                } else if final {
                    violations += SoakRunner.check(expectation, nil)
                } else {
                    stillPending.append(expectation)
                }
            }
            pending = stillPending
        }
    }

    /// One worker: connections one after another until the deadline, and at least until one of
    /// them was an `exchange`. A machine busy with a build can take the whole short run of
    /// `swift test` to start the workers: a run that then made no connection would check nothing
    /// (seen once in ten plain `swift test` runs beside a release build).
    static func worker(
        _ worker: Int, seed: UInt64, port: Int, log: ServerLog, progress: SoakProgress,
        until deadline: ContinuousClock.Instant
    ) async throws -> WorkerResult {
        var random = SplitMix64(state: seed)
        var result = WorkerResult()
        await progress.work(until: deadline) { round in
            let behaviour = draw(&random)
            let isFault = behaviour != .exchange && behaviour != .slowReader
            let key = "\(isFault ? "f" : "")w\(worker)c\(round)"
            result.connections[behaviour, default: 0] += 1
            defer { result.check(log, final: false) }
            let envelopes = (0..<(1 + random.below(40))).map { index in
                var envelope = kinds[random.below(kinds.count)]
                envelope.messageID = "\(key)/\(index)"
                return envelope
            }
            do {
                switch behaviour {
                case .exchange, .slowReader:
                    let exchange = try await Self.exchange(
                        envelopes, port: port, slow: behaviour == .slowReader, random: &random)
                    result.echoed += exchange.echoed.count
                    if behaviour == .exchange {
                        for latency in exchange.latencies {
                            result.latencies.add(microseconds: latency)
                        }
                    }
                    let prefixes = StreamDigest.prefixes(of: envelopes)
                    if exchange.echoed != prefixes[prefixes.count - 1] {
                        result.violations.append(
                            "\(key): \(exchange.echoed.count) of \(envelopes.count) echoes, in order"
                        )
                    }
                    result.pending.append(
                        .init(
                            key: key, behaviour: behaviour, prefixes: [prefixes[prefixes.count - 1]]
                        ))
                default:
                    let good = Array(envelopes.prefix(1 + random.below(5)))
                    try await Self.fault(behaviour, after: good, port: port, random: &random)
                    let prefixes = StreamDigest.prefixes(of: good)
                    result.pending.append(
                        .init(
                            key: key, behaviour: behaviour,
                            // Only a reset needs every prefix.
                            prefixes: behaviour == .resetMidFrame
                                ? prefixes : [prefixes[prefixes.count - 1]]))
                }
            } catch {
                if typedCode(error) == nil {
                    result.violations.append("\(key) (\(behaviour)): untyped client error \(error)")
                } else {
                    result.violations.append("\(key) (\(behaviour)): \(error)")
                }
            }
            return behaviour == .exchange
        }
        return result
    }

    static func draw(_ random: inout SplitMix64) -> Behaviour {
        var pick = random.below(Behaviour.allCases.reduce(0) { $0 + $1.weight })
        for behaviour in Behaviour.allCases {
            if pick < behaviour.weight { return behaviour }
            pick -= behaviour.weight
        }
        return .exchange
    }

    /// Sends `envelopes` in random batches while receiving the echoes; half-closes; returns the
    /// echoes and the round trip of each (microseconds).
    static func exchange(
        _ envelopes: [Envelope], port: Int, slow: Bool, random: inout SplitMix64
    ) async throws -> (echoed: StreamDigest, latencies: [Double]) {
        var batches: [[Envelope]] = []
        var rest = envelopes[...]
        while !rest.isEmpty {
            let size = 1 + random.below(8)
            batches.append(Array(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        let sentAt = NIOLockedValueBox<[ContinuousClock.Instant]>([])
        let finalBatches = batches
        return try await TCPLoopback.withConnection(port: port, configuration: configuration) {
            connection in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for batch in finalBatches {
                        let now = ContinuousClock.now
                        sentAt.withLockedValue { $0 += Array(repeating: now, count: batch.count) }
                        try await connection.send(contentsOf: batch)
                    }
                    await connection.close()
                }
                var echoed = StreamDigest()
                var latencies: [Double] = []
                latencies.reserveCapacity(envelopes.count)
                while let echo = try await connection.receive() {
                    let now = ContinuousClock.now
                    let index = echoed.count
                    if let sent = sentAt.withLockedValue({ index < $0.count ? $0[index] : nil }) {
                        latencies.append(seconds(now - sent) * 1e6)
                    }
                    echoed.add(echo)
                    if slow { try await Task.sleep(nanoseconds: 2_000_000) }
                }
                try await group.waitForAll()
                return (echoed, latencies)
            }
        }
    }

    static let garbage: [[UInt8]] = [
        [0x03, 0x00, 0x01, 0x02], [0x03, 0x0A, 0x7F, 0x41], [0x02, 0x0F, 0x00],
        Array(repeating: 0xFF, count: 11), [0x04, 0x0A, 0x02, 0xC3, 0x28],
    ]

    /// A raw peer: the good frames, then its fault; waits until the connection is gone.
    static func fault(
        _ behaviour: Behaviour, after good: [Envelope], port: Int, random: inout SplitMix64
    ) async throws {
        let peer = try await HostilePeer.connect(port: port)
        let frames = try good.flatMap { try $0.delimitedBytes() }
        let partial = Array(
            try kinds[random.below(kinds.count)].delimitedBytes().prefix(1 + random.below(8)))
        switch behaviour {
        case .garbage:
            try await peer.write(frames + garbage[random.below(garbage.count)] + frames)
        case .oversizedPrefix:
            try await peer.write(frames + [0x80, 0x80, 0x80, 0x80, 0x10, 0x41, 0x41])
        case .halfCloseMidFrame:
            try await peer.write(frames + partial)
            try await peer.closeOutput()
        case .resetMidFrame:
            try await peer.write(frames + partial)
            try await peer.reset()
        case .exchange, .slowReader:
            break
        }
        if behaviour != .resetMidFrame {
            // The server ends the connection by itself.
            try await peer.waitUntilClosed()
        }
    }
}
