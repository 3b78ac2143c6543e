import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO
import RTMWire
import RTMWireReferencePeers

/// How server nodes on one PostgreSQL reach each other's connections, through the database they
/// share rather than a protocol of their own.
///
/// A node writes what the other nodes' connections must get as rows of the `fanout` table (an
/// envelope and who it is for, a reaction whose summaries each node computes, a group that
/// changed) and, in the same transaction, NOTIFYs ``channel``. Every node LISTENs on it and
/// reads the rows past the last it handled, by id. The notification carries no data, so
/// PostgreSQL's 8,000-byte payload limit never applies and its queue holds one short entry per
/// transaction; a node also reads every ``pollInterval``, so a notification lost with its
/// connection delays a delivery by at most that long. Rows are kept ``keepMs``.
///
/// What is delivered this way is live delivery only: what a node acknowledged is in the
/// histories, which any node serves, so a client that missed a delivery catches up from there.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class PostgresFanOut: Sendable {
    /// The channel nodes NOTIFY and LISTEN on.
    public static let channel = "rtmwire_fanout"
    /// The most rows one read takes.
    static let batch = 1_000

    /// This node's name in the rows it writes; it skips its own rows.
    public let node: String
    /// How long a row is kept (every node deletes older ones). Default 60 s: far longer than any
    /// node takes to read it, short enough that the table stays small.
    public let keepMs: Int64
    /// How often a node reads without being woken. Default 1 s.
    public let pollInterval: Duration
    let storage: PostgresStorage
    private let clock: @Sendable () -> Int64
    private let reader: NIOLockedValueBox<FanOutReader>
    private let wake = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])

    private init(
        storage: PostgresStorage, node: String, keepMs: Int64, pollInterval: Duration,
        frontier: Int64, clock: @escaping @Sendable () -> Int64
    ) {
        self.storage = storage
        self.node = node
        self.keepMs = keepMs
        self.pollInterval = pollInterval
        self.clock = clock
        reader = NIOLockedValueBox(FanOutReader(after: frontier))
    }

    /// Starts listening on `storage`'s database as `node` (a name no other node uses: by default
    /// a random one). What other nodes wrote before it started is not its to deliver. Throws
    /// ``StorageError`` when the database cannot be read.
    public static func start(
        on storage: PostgresStorage, node: String = randomNode(), keepMs: Int64 = 60_000,
        pollInterval: Duration = .seconds(1),
        clock: @escaping @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) async throws(StorageError) -> PostgresFanOut {
        let rows = try await storage.read(
            "read where the other nodes' deliveries begin",
            "SELECT coalesce(max(id), 0)::bigint FROM fanout")
        let frontier: Int64
        do {
            frontier = try rows.first?.decode(Int64.self) ?? 0
        } catch {
            throw StorageError(postgres: error, doing: "read where the deliveries begin")
        }
        let fanOut = PostgresFanOut(
            storage: storage, node: node, keepMs: keepMs, pollInterval: pollInterval,
            frontier: frontier, clock: clock)
        fanOut.tasks.withLockedValue { $0 = [fanOut.listen(), fanOut.poll()] }
        return fanOut
    }

    /// A name for a node: 16 random hex digits.
    public static func randomNode() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Stops listening: the server then gets nothing more from the other nodes.
    public func close() async {
        let running = tasks.withLockedValue { tasks in
            defer { tasks = [] }
            return tasks
        }
        for task in running { task.cancel() }
        for task in running { await task.value }
        wake.continuation.finish()
    }

    /// Writes `items` for the other nodes, in order, in one transaction that also wakes them.
    func publish(_ items: [FanOutItem]) async throws(StorageError) {
        guard !items.isEmpty else { return }
        let node = node
        let now = clock()
        let rows = items.map(FanOutRow.init)
        let logger = storage.configuration.logger
        try await storage.transaction("hand \(items.count) deliveries to the other nodes") {
            connection in
            let database = PostgresStatements(connection: connection, logger: logger)
            for row in rows {
                try await database.run(row.insert(node: node, at: now))
            }
            try await database.run("SELECT pg_notify(\(Self.channel), \(node))")
        }
    }

    /// The next items other nodes wrote, in order, once there are any; nil once closed. One
    /// caller at a time (the server's pushed actions).
    func nextBatch() async -> [FanOutItem]? {
        var woken = wake.stream.makeAsyncIterator()
        while await woken.next() != nil {
            guard let items = try? await read(), !items.isEmpty else { continue }
            // More may be waiting than one read takes.
            if items.count >= Self.batch { wake.continuation.yield() }
            return items
        }
        return nil
    }

    /// Reads the rows past the frontier and returns the new ones other nodes wrote.
    private func read() async throws(StorageError) -> [FanOutItem] {
        let frontier = reader.withLockedValue { $0.frontier }
        let rows = try await storage.read(
            "read the other nodes' deliveries",
            """
            SELECT id, node, kind, users, channels, groups, metadata_keys, envelope, subject,
                history, conversation_type, conversation_id
            FROM fanout WHERE id > \(frontier) ORDER BY id LIMIT \(Self.batch)
            """)
        var items: [FanOutItem] = []
        var highest = frontier
        for row in rows {
            let (id, decoded) = try FanOutRow.decode(row)
            highest = max(highest, id)
            guard reader.withLockedValue({ $0.take(id) }), decoded.node != node else { continue }
            // A row this version cannot read is skipped: a newer node's kind.
            if let item = decoded.item { items.append(item) }
        }
        let now = clock()
        reader.withLockedValue { $0.advance(seenUpTo: highest, at: now) }
        return items
    }

    /// LISTENs on a pooled connection of its own, waking the reader on each notification;
    /// listens again when the connection is lost.
    private func listen() -> Task<Void, Never> {
        let storage = storage
        let wake = wake.continuation
        let logger = storage.configuration.logger
        return Task {
            while !Task.isCancelled {
                do {
                    try await storage.client.withConnection { connection in
                        // The pool can lend a connection that has just closed, where a LISTEN
                        // may never answer (see PostgresConnection.answer(to:logger:)).
                        guard !connection.isClosed else {
                            throw StorageError(.unavailable, "the pool lent a closed connection")
                        }
                        try await connection.listen(on: Self.channel) { notifications in
                            // What came while not listening is read now.
                            wake.yield()
                            for try await _ in notifications { wake.yield() }
                        }
                    }
                } catch {
                    if Task.isCancelled { return }
                    logger.warning(
                        "rtmwire: listening for other nodes' deliveries failed; retrying",
                        metadata: [
                            "rtmwire.error": "\(StorageError(postgres: error, doing: "listen"))"
                        ])
                }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Wakes the reader every ``pollInterval`` and deletes rows older than ``keepMs`` about
    /// twice per ``keepMs``.
    private func poll() -> Task<Void, Never> {
        let wake = wake.continuation
        let interval = pollInterval
        let keepMs = keepMs
        let clock = clock
        let storage = storage
        return Task {
            var lastCleanupMs: Int64 = 0
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                wake.yield()
                let now = clock()
                if now - lastCleanupMs >= keepMs / 2 {
                    lastCleanupMs = now
                    _ = try? await storage.read(
                        "delete old deliveries",
                        "DELETE FROM fanout WHERE created_ms < \(now - keepMs)")
                }
            }
        }
    }
}
