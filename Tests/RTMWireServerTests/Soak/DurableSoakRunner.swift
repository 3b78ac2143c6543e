import RTMWire
import RTMWireNIO
import RTMWireTestSupport

@testable import RTMWireServer

/// The durable soak: `workers` workers open connection after connection to one ``ChatServer``
/// over SQLite, behind the real relay on TCP loopback, with tokens required, for `seconds`; each
/// connection is a seeded draw of ``Behaviour`` and is checked when it ends (see
/// DurableSoakConnections.swift). What a run saw is reported; what breaks a promise is a
/// violation.
struct DurableSoakRunner: Sendable {
    /// What one connection does.
    enum Behaviour: String, CaseIterable, Sendable {
        /// Signs in, sends texts to channels, peers and its groups, waits for every answer, then
        /// reads back each acknowledged position from history.
        case chat
        /// Signs in and reads the latest page of a conversation it may read.
        case readHistory
        /// Signs in, sends texts and resets the connection without waiting for an answer.
        case abrupt
        /// Sends a text without signing in: `unauthenticated`, and the connection is closed.
        case noSignIn
        /// Signs in, then garbage bytes: the relay ends the connection.
        case garbage
        /// Signs in, then a length prefix of 4 GiB: refused before any body is buffered.
        case oversizedPrefix
        /// Signed in, sends an envelope naming another sender (`senderMismatch`), then a good one.
        case wrongSender
        /// Signed in, posts to and asks the history of a group it is not in (`forbidden`).
        case notMember

        /// How often each is drawn, out of the sum.
        var weight: Int {
            switch self {
            case .chat: 6
            case .readHistory: 2
            default: 1
            }
        }

        static func draw(_ random: inout SplitMix64) -> Behaviour {
            var pick = random.below(allCases.reduce(0) { $0 + $1.weight })
            for behaviour in allCases {
                if pick < behaviour.weight { return behaviour }
                pick -= behaviour.weight
            }
            return .chat
        }
    }

    var seconds: Double
    var workers: Int
    var seed: UInt64
    var retention: RetentionPolicy
    var population = DurableSoakPopulation()
    /// Counts the connections finished, for a sampler running beside the soak.
    var progress = SoakProgress()

    /// What a run (or one worker) saw, in constant space.
    struct Report: Sendable {
        var connections: [Behaviour: Int] = [:]
        /// Texts the server acknowledged with a position.
        var acknowledged = 0
        /// Acknowledged texts read back from history at their position, byte for byte.
        var readBack = 0
        /// Acknowledged texts retention had deleted by the time they were read back.
        var trimmed = 0
        /// History pages read (read-back pages included) and their entries checked.
        var pages = 0
        var entriesChecked = 0
        /// Pages whose latest position was ahead of their newest entry (see
        /// ``Connection/check(_:_:)``).
        var headAhead = 0
        /// Refusals received, by code name: every one typed and the one expected.
        var refusals: [String: Int] = [:]
        /// Envelopes other users' connections delivered to this one while it waited.
        var deliveries = 0
        var elapsedSeconds = 0.0
        /// Broken promises (the first few, and how many).
        private(set) var violations: [String] = []
        private(set) var violationCount = 0

        mutating func violation(_ text: String) {
            violationCount += 1
            if violations.count < 50 { violations.append(text) }
        }

        mutating func merge(_ other: Report) {
            connections.merge(other.connections, uniquingKeysWith: +)
            acknowledged += other.acknowledged
            readBack += other.readBack
            trimmed += other.trimmed
            pages += other.pages
            entriesChecked += other.entriesChecked
            headAhead += other.headAhead
            refusals.merge(other.refusals, uniquingKeysWith: +)
            deliveries += other.deliveries
            violationCount += other.violationCount
            violations += other.violations.prefix(max(0, 50 - violations.count))
        }

        var summary: String {
            let kinds = Behaviour.allCases.map { "\($0.rawValue) \(connections[$0] ?? 0)" }
            let codes = refusals.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            return """
                durable: \(connections.values.reduce(0, +)) connections in \
                \(String(format: "%.1f", elapsedSeconds)) s (\(kinds.joined(separator: ", ")))
                durable: \(acknowledged) texts acknowledged: \(readBack) read back at their \
                position, \(trimmed) already deleted by retention; \(pages) history pages, \
                \(entriesChecked) entries checked (\(headAhead) pages with a latest position \
                ahead of their entries); \(deliveries) deliveries from others
                durable: refusals: \(codes.joined(separator: ", "))
                durable: violations: \(violationCount)
                """
        }
    }

    /// Runs the workers against the server on `port` until the deadline (and at least until
    /// each has had one `chat` connection, so a run on a busy machine checks something).
    func run(port: Int) async throws -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        var report = try await withThrowingTaskGroup(of: Report.self) { group in
            for worker in 0..<workers {
                let seed = self.seed &+ UInt64(worker) &* 0x9E37_79B9
                group.addTask {
                    try await self.worker(worker, seed: seed, port: port, until: deadline)
                }
            }
            var report = Report()
            for try await result in group { report.merge(result) }
            return report
        }
        report.elapsedSeconds = SoakSample.seconds(clock.now - start)
        return report
    }

    /// One worker: connections one after another, each a draw of behaviour and user.
    func worker(
        _ worker: Int, seed: UInt64, port: Int, until deadline: ContinuousClock.Instant
    ) async throws -> Report {
        var random = SplitMix64(state: seed)
        var report = Report()
        await progress.work(until: deadline) { round in
            let behaviour = Behaviour.draw(&random)
            let user = random.below(DurableSoakPopulation.users.count)
            let connection = Connection(
                runner: self, port: port, user: user, key: "w\(worker)c\(round)")
            report.connections[behaviour, default: 0] += 1
            do {
                try await connection.run(behaviour, &random, &report)
            } catch {
                report.violation(
                    "\(connection.key) (\(behaviour)): the client failed: \(error)")
            }
            return behaviour == .chat
        }
        return report
    }
}
