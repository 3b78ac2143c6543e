import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import SQLiteNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's embedded database: SQLite (vendored by sqlite-nio, so one SQLite version on
/// every platform) in one file of a data directory, in write-ahead-log mode.
///
/// One connection writes, one reads, one checkpoints (write-ahead logging lets them run at once).
/// Transactions on the writing connection run one at a time, and so do reads on the reading
/// connection (its internal `read(_:_:)` says why); a commit waits for a
/// checkpoint only when it truncates a long log (see ``Configuration/checkpointIntervalMs``). With ``Configuration/Durability/full`` (the
/// default) a transaction is on disk when it commits, so an acknowledged envelope survives a
/// crash of the process and of the machine; ``Configuration/Durability/normal`` survives a crash
/// of the process only, and commits faster.
public final class SQLiteStorage: ServerStorage, Sendable {
    /// How the database is kept.
    public struct Configuration: Sendable {
        /// When a commit reaches the disk.
        public enum Durability: String, Sendable, CaseIterable {
            /// Synced at every commit (`PRAGMA synchronous=FULL`): survives power loss.
            case full
            /// Synced at checkpoints (`PRAGMA synchronous=NORMAL`): survives a killed process.
            case normal
        }

        /// When a commit reaches the disk. Default ``Durability/full``.
        public var durability: Durability
        /// How much history is kept.
        public var retention: RetentionPolicy
        /// The least time from the end of one checkpoint to the start of the next, in ms.
        /// Default 1,000. A checkpoint copies the write-ahead log into the database file beside
        /// the writer, at most this often; commits wait only when the log has passed 1,000
        /// pages and the checkpoint truncates it.
        public var checkpointIntervalMs: Int64
        /// The logger.
        public var logger: Logger

        /// Creates a configuration.
        public init(
            durability: Durability = .full, retention: RetentionPolicy = .default,
            checkpointIntervalMs: Int64 = 1_000, logger: Logger = Logger(label: "rtmwire.storage")
        ) {
            self.durability = durability
            self.retention = retention
            self.checkpointIntervalMs = checkpointIntervalMs
            self.logger = logger
        }
    }

    /// The database file's name in its data directory.
    public static let fileName = "rtmwire.sqlite"

    /// The settings in force.
    public let configuration: Configuration
    /// The database file.
    public let path: String
    let writer: SQLiteConnection
    let reader: SQLiteConnection
    /// What a history's first epoch is derived from (``HistoryEpoch``).
    let epochSalt: Int64
    /// Held while open: no other process uses the data directory (``DataDirectoryLock``).
    private let directoryLock: NIOLockedValueBox<DataDirectoryLock?>
    /// Copies the write-ahead log into the database, beside the writer (SQLiteStorage+Checkpoint).
    let checkpointer: SQLiteConnection
    let gate = SerialGate()
    /// Reads run one at a time: see ``read(_:_:)``.
    let readGate = SerialGate()
    /// Checkpoints run one at a time, and none once the storage is closed.
    let checkpointGate = SerialGate()
    let checkpoints = NIOLockedValueBox(CheckpointState(lastEnded: .now()))
    /// Each history's epoch and newest position, as committed: the writer is the only one, so
    /// they are read from the database once per history.
    let heads = NIOLockedValueBox<[String: HistoryHead]>([:])
    let closed = NIOLockedValueBox(false)

    private init(
        configuration: Configuration, path: String, writer: SQLiteConnection,
        reader: SQLiteConnection, checkpointer: SQLiteConnection, epochSalt: Int64,
        directoryLock: DataDirectoryLock
    ) {
        self.directoryLock = NIOLockedValueBox(directoryLock)
        self.configuration = configuration
        self.path = path
        self.writer = writer
        self.reader = reader
        self.epochSalt = epochSalt
        self.checkpointer = checkpointer
    }

    /// Opens (creating when missing) the database in `directory`, which is created too, and
    /// brings its schema up to date. Throws ``StorageError`` when the directory or file cannot be
    /// made or written, or holds a database of a newer RTMWire, and
    /// ``StorageError/Code/cannotOpen`` while another storage (in this process or another) has
    /// the directory open: it is the database's only writer, and holds the directory's
    /// `rtmwire.lock` until ``close()``.
    public static func open(directory: String, configuration: Configuration = Configuration())
        async throws(StorageError) -> SQLiteStorage
    {
        try makeDirectory(directory)
        let lock = try DataDirectoryLock.acquire(directory)
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        let writer = try await connect(path, configuration)
        let reader: SQLiteConnection
        let checkpointer: SQLiteConnection
        let epochSalt: Int64
        do throws(StorageError) {
            try await prepare(writer, configuration)
            try await migrate(writer, path: path)
            epochSalt = try await readEpochSalt(writer, path: path)
            reader = try await connect(path, configuration)
            do {
                checkpointer = try await connect(path, configuration)
            } catch {
                try? await reader.close()
                throw error
            }
        } catch {
            try? await writer.close()
            throw error
        }
        return SQLiteStorage(
            configuration: configuration, path: path, writer: writer, reader: reader,
            checkpointer: checkpointer, epochSalt: epochSalt, directoryLock: lock)
    }

    /// A connection to the database at `path` that waits up to 5 s for a lock.
    private static func connect(_ path: String, _ configuration: Configuration)
        async throws(StorageError) -> SQLiteConnection
    {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path), logger: configuration.logger)
        } catch {
            throw StorageError(mapping: error, doing: "open \(path)")
        }
        do {
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            return connection
        } catch {
            try? await connection.close()
            throw StorageError(mapping: error, doing: "open \(path)")
        }
    }

    /// The salt migration 4 stored (``HistoryEpoch``).
    private static func readEpochSalt(_ connection: SQLiteConnection, path: String)
        async throws(StorageError) -> Int64
    {
        let rows: [SQLiteRow]
        do {
            rows = try await connection.query(
                "SELECT value FROM counters WHERE name = ?", [.text(HistoryEpoch.saltCounter)])
        } catch {
            throw StorageError(mapping: error, doing: "read the epoch salt of \(path)")
        }
        guard let salt = rows.first?.column("value")?.integer else {
            throw StorageError(.corrupt, "\(path) has no epoch salt (counters.epoch_salt)")
        }
        return Int64(salt)
    }

    /// The directory, created (with its parents) when missing.
    private static func makeDirectory(_ directory: String) throws(StorageError) {
        var built = directory.hasPrefix("/") ? "/" : ""
        for part in directory.split(separator: "/") {
            built += part + "/"
            if mkdir(built, 0o700) != 0, errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw StorageError(
                    .cannotOpen, "cannot create the data directory \(directory): \(reason)")
            }
        }
        guard access(directory, W_OK) == 0 else {
            throw StorageError(.readOnly, "the data directory \(directory) is not writable")
        }
    }

    private static func prepare(_ connection: SQLiteConnection, _ configuration: Configuration)
        async throws(StorageError)
    {
        do {
            let mode = try await connection.query("PRAGMA journal_mode = WAL")
            guard mode.first?.column("journal_mode")?.string?.lowercased() == "wal" else {
                throw StorageError(.unavailable, "the database refused write-ahead logging")
            }
            let synchronous = configuration.durability == .full ? "FULL" : "NORMAL"
            _ = try await connection.query("PRAGMA synchronous = \(synchronous)")
            // The checkpointing connection checkpoints; a commit would otherwise copy the log
            // into the database itself once it passes 1,000 pages, and wait for that.
            _ = try await connection.query("PRAGMA wal_autocheckpoint = 0")
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(mapping: error, doing: "prepare the database")
        }
    }

    private static func migrate(_ connection: SQLiteConnection, path: String)
        async throws(StorageError)
    {
        do {
            let version =
                try await connection.query("PRAGMA user_version").first?
                .column("user_version")?.integer ?? 0
            let known = SQLiteMigrations.all.count
            guard version <= known else {
                throw StorageError(
                    .newerSchema,
                    "\(path) has schema version \(version); this rtmwire knows up to \(known)")
            }
            for (index, migration) in SQLiteMigrations.all.enumerated().dropFirst(Int(version)) {
                _ = try await connection.query("BEGIN IMMEDIATE")
                do {
                    for statement in migration.split(separator: ";")
                    where
                        !statement
                        .allSatisfy(\.isWhitespace)
                    {
                        _ = try await connection.query(String(statement))
                    }
                    _ = try await connection.query("PRAGMA user_version = \(index + 1)")
                    _ = try await connection.query("COMMIT")
                } catch {
                    _ = try? await connection.query("ROLLBACK")
                    throw error
                }
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(mapping: error, doing: "migrate \(path)")
        }
    }

    public func close() async {
        let wasClosed = closed.withLockedValue { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        try? await checkpointGate.run { () async throws(StorageError) in
            await Self.close(self.checkpointer)
        }
        try? await readGate.run { () async throws(StorageError) in
            await Self.close(self.reader)
        }
        try? await gate.run { () async throws(StorageError) in
            await Self.close(self.writer)
        }
        // Only once the database is closed may another process open it.
        directoryLock.withLockedValue { $0 = nil }
    }

    /// Closes `connection` even when the calling task is cancelled: sqlite-nio's async `close()`
    /// gives up on a cancelled task without closing (its thread-pool work item is dropped), and
    /// the handle then stays open, or, in a debug build, traps when the connection deinitializes.
    /// Its future-based `close()` always runs.
    private static func close(_ connection: SQLiteConnection) async {
        let closing: EventLoopFuture<Void> = connection.close()
        try? await closing.get()
    }

    /// A storage dropped without ``close()`` still closes its connections (in the background:
    /// each future holds its connection until the handle is closed).
    deinit {
        guard !closed.withLockedValue({ $0 }) else { return }
        for connection in [checkpointer, reader, writer] {
            _ = connection.close() as EventLoopFuture<Void>
        }
    }

    /// Throws ``StorageError/Code/closed`` once ``close()`` was called.
    func checkOpen() throws(StorageError) {
        if closed.withLockedValue({ $0 }) {
            throw StorageError(.closed, "the storage was closed")
        }
    }

    /// Runs `body`'s statements on the reading connection, once every read that arrived before
    /// it has ended; throws ``StorageError/Code/closed`` once ``close()`` was called, and maps
    /// what else `body` throws to a ``StorageError`` about `doing`.
    ///
    /// One at a time because the statements of one SQLite connection share a snapshot while any
    /// of them is running: sqlite-nio runs each statement on a thread of its pool, so a read that
    /// began while another was under way saw the database as of that other read's start. A
    /// history read sent after an acknowledgement could then miss the envelope acknowledged
    /// (found by the durable soak: "acknowledged at 69 but not in history"). Alone on the
    /// connection, a read's first statement starts a snapshot that holds every commit before it.
    func read<Value: Sendable>(
        _ doing: @autoclosure () -> String,
        _ body: @Sendable (SQLiteConnection) async throws -> Value
    ) async throws(StorageError) -> Value {
        let outcome = try await readGate.run {
            () async throws(StorageError) -> Result<Value, any Error> in
            // Inside the gate: close() may have closed the connection while this read waited.
            try checkOpen()
            do {
                return .success(try await body(reader))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error as StorageError): throw error
        case .failure(let error): throw StorageError(mapping: error, doing: doing())
        }
    }

    /// Runs `body` as one write transaction, committed when it returns and rolled back when it
    /// throws; transactions run one at a time.
    /// `committed` runs once the commit succeeded and before the next transaction begins: what
    /// the cache keeps of the database changes there, never for a transaction rolled back.
    func writeTransaction<Result: Sendable>(
        _ doing: String, _ body: @Sendable @escaping () async throws -> Result,
        committed: @Sendable (Result) -> Void = { _ in }
    ) async throws(StorageError) -> Result {
        try checkOpen()
        return try await gate.run { () async throws(StorageError) in
            do {
                _ = try await self.writer.query("BEGIN IMMEDIATE")
            } catch {
                throw StorageError(mapping: error, doing: doing)
            }
            do {
                let result = try await body()
                _ = try await self.writer.query("COMMIT")
                committed(result)
                self.committed()
                return result
            } catch {
                _ = try? await self.writer.query("ROLLBACK")
                if let error = error as? StorageError { throw error }
                throw StorageError(mapping: error, doing: doing)
            }
        }
    }
}

extension StorageError {
    /// The storage error for a failure of SQLite (or of its connection) while `doing`.
    init(mapping error: any Error, doing: String) {
        guard let error = error as? SQLiteError else {
            self.init(.unavailable, "could not \(doing): \(error)")
            return
        }
        let code: Code =
            switch error.reason {
            case .full: .full
            case .readOnly, .permission, .readonlyInRecovery, .readonlyCantLock,
                .readonlyInRollback, .readonlyBackingMoved, .readonlyDirectory:
                .readOnly
            case .corrupt, .notADatabase, .corruptVirtualTable, .corruptSequenceSchema,
                .corruptIndex:
                .corrupt
            case .cantOpen, .cantOpenDirectory, .cantOpenInvalidPath, .cantOpenUnfollowedSymlink:
                .cannotOpen
            default: .unavailable
            }
        self.init(code, "could not \(doing): \(error.message)")
    }
}
