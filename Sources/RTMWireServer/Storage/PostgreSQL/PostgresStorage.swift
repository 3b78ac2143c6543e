import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// The database several server nodes share: PostgreSQL, through postgres-nio's connection pool.
///
/// It keeps what ``SQLiteStorage`` keeps, with the same meaning, but assumes nothing that only
/// one writer could: another node may append to the same history, change the same metadata or
/// group at any moment. So it caches nothing between calls; a transaction that must see a
/// history's newest position locks that history's row (`SELECT … FOR UPDATE`), and one that
/// changes metadata locks the store-wide revision's row, so that writers of every node take
/// turns exactly where SQLite's one writer would. A transaction is durable when it commits
/// (PostgreSQL's `synchronous_commit`, on by default).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class PostgresStorage: ServerStorage, Sendable {
    /// How the database is used.
    public struct Configuration: Sendable {
        /// How much history is kept.
        public var retention: RetentionPolicy
        /// The most connections this node opens at once. Default 8: a node's transactions are
        /// short, and every node of a deployment takes its share of the server's
        /// `max_connections` (100 by default).
        public var maxConnections: Int
        /// The longest one call (a transaction, or a read) may take, waiting for a connection
        /// included; a longer one is cancelled and fails as ``StorageError/Code/unavailable``.
        /// Default 10 s: far longer than a transaction takes under load, short enough that a
        /// node whose database is gone tells its clients so (`storageUnavailable`) soon.
        public var callTimeLimit: Duration
        /// The logger.
        public var logger: Logger

        /// Creates a configuration.
        public init(
            retention: RetentionPolicy = .default, maxConnections: Int = 8,
            callTimeLimit: Duration = .seconds(10),
            logger: Logger = Logger(label: "rtmwire.storage")
        ) {
            self.retention = retention
            self.maxConnections = maxConnections
            self.callTimeLimit = callTimeLimit
            self.logger = logger
        }
    }

    /// The settings in force.
    public let configuration: Configuration
    /// Where the database is, its password left out (what logs and errors show).
    public let location: String
    let client: PostgresClient
    /// What a history's first epoch is derived from (``HistoryEpoch``).
    let epochSalt: Int64
    private let running: Task<Void, Never>
    let operations = PostgresOperations()

    private init(
        configuration: Configuration, location: String, client: PostgresClient,
        epochSalt: Int64, running: Task<Void, Never>
    ) {
        self.configuration = configuration
        self.location = location
        self.client = client
        self.epochSalt = epochSalt
        self.running = running
    }

    /// Connects to the database `url` names (`postgres://` or `postgresql://USER[:PASSWORD]@HOST
    /// [:PORT]/DATABASE`, with `?sslmode=disable`, `prefer` (the default) or `require`) and
    /// brings its schema up to date. Throws ``StorageError`` with ``StorageError/Code/unavailable``
    /// when the server cannot be reached or refuses the connection, and
    /// ``StorageError/Code/newerSchema`` when a newer RTMWire wrote the database.
    public static func open(url: String, configuration: Configuration = Configuration())
        async throws(StorageError) -> PostgresStorage
    {
        try await open(PostgresAddress(url: url), configuration: configuration)
    }

    /// Whether `text` is a URL ``open(url:configuration:)`` takes (`postgres://` or
    /// `postgresql://`): how `rtmwire serve --database` tells a database from a mistake before
    /// connecting.
    public static func isDatabaseURL(_ text: String) -> Bool {
        PostgresAddress.isURL(text)
    }

    /// Connects to the database at `address`: ``open(url:configuration:)`` once the URL is read.
    static func open(_ address: PostgresAddress, configuration: Configuration)
        async throws(StorageError) -> PostgresStorage
    {
        // One connection of its own first: a refused connection or a bad password is reported
        // at once, where the pool would retry for a minute before failing a request.
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try address.connectionConfiguration(), id: 0,
                logger: configuration.logger)
        } catch {
            throw StorageError(postgres: error, doing: "connect to PostgreSQL at \(address)")
        }
        let epochSalt: Int64
        do {
            try await PostgresMigrations.migrate(
                connection, logger: configuration.logger, location: address.description)
            epochSalt = try await PostgresMigrations.epochSalt(
                connection, logger: configuration.logger, location: address.description)
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
        var clientConfiguration = address.clientConfiguration()
        clientConfiguration.options.maximumConnections = max(1, configuration.maxConnections)
        let client = PostgresClient(
            configuration: clientConfiguration, backgroundLogger: configuration.logger)
        let running = Task { await client.run() }
        return PostgresStorage(
            configuration: configuration, location: address.description, client: client,
            epochSalt: epochSalt, running: running)
    }

    /// The transactions this storage committed since it opened: what its node asks of the
    /// database's commits (each acknowledged batch is one; each batch handed to the other
    /// nodes, another).
    public var committedTransactions: Int { operations.committedCount }

    public func close() async {
        guard await operations.close() else { return }
        // Cancelling run() closes the pool and its connections.
        running.cancel()
        await running.value
    }

    /// Runs `body` as one transaction on one pooled connection, committed when it returns and
    /// rolled back when it throws. A transaction PostgreSQL ended to break a deadlock (or a
    /// serialisation failure) is run again, up to three times: it was rolled back whole, and the
    /// transactions here lock rows in one order, so it is rare.
    func transaction<Result: Sendable>(
        _ doing: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws(StorageError) -> Result {
        var attempt = 1
        while true {
            do {
                return try await transactionOnce(doing, body)
            } catch let error as PSQLError
                where attempt < 3 && ["40P01", "40001"].contains(error.serverInfo?[.sqlState])
            {
                attempt += 1
            } catch {
                throw StorageError(postgres: error, doing: doing)
            }
        }
    }

    private func transactionOnce<Result: Sendable>(
        _ doing: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let logger = configuration.logger
        let client = client
        let operations = operations
        return try await operations.run(within: configuration.callTimeLimit) {
            try await client.withConnection { connection in
                _ = try await connection.answer(to: "BEGIN", logger: logger)
                do {
                    let result = try await body(connection)
                    _ = try await connection.answer(to: "COMMIT", logger: logger)
                    operations.countCommit()
                    return result
                } catch {
                    _ = try? await connection.answer(to: "ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
    }

    /// Runs one statement outside any transaction and returns its rows.
    func read(_ doing: String, _ query: PostgresQuery) async throws(StorageError) -> [PostgresRow] {
        do {
            let client = client
            let logger = configuration.logger
            return try await operations.run(within: configuration.callTimeLimit) {
                try await client.withConnection { connection in
                    try await connection.answer(to: query, logger: logger)
                }
            }
        } catch {
            throw StorageError(postgres: error, doing: doing)
        }
    }
}
