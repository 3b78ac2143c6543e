import Logging
import PostgresNIO

/// The PostgreSQL database's schema, as numbered migrations, the same idea as
/// ``SQLiteMigrations``: the database records the last one it ran (the one row of
/// `schema_version`, PostgreSQL having no `user_version`) and a newer RTMWire runs the ones
/// after it, each in a transaction of its own. A migration, once released, is never edited: a
/// change is a new one. Version 1 is the whole schema SQLite reached in two steps.
///
/// Identifiers and ids are `text COLLATE "C"`: byte order and byte equality, as SQLite's
/// `BINARY`, whatever collation the database was created with (`ORDER BY` then sorts group
/// members the same on both).
enum PostgresMigrations {
    /// The migrations, in order, each a list of statements (the extended protocol postgres-nio
    /// speaks runs one statement at a time); the schema version is their count.
    static let all: [[String]] = [
        // 1: histories, their envelopes (with what each is about), group members, metadata sets
        // and locks, the store-wide counters, media expiry.
        [
            """
            CREATE TABLE histories (
                key text COLLATE "C" PRIMARY KEY,
                epoch text NOT NULL,
                last_position bigint NOT NULL,
                -- Every position at or below this one was deleted by retention.
                trimmed_through bigint NOT NULL DEFAULT 0
            )
            """,
            """
            CREATE TABLE envelopes (
                history text COLLATE "C" NOT NULL,
                position bigint NOT NULL,
                message_id text COLLATE "C" NOT NULL,
                sender_id text COLLATE "C" NOT NULL,
                stored_ms bigint NOT NULL,
                bytes bytea NOT NULL,
                referenced_id text COLLATE "C",
                PRIMARY KEY (history, position),
                UNIQUE (history, message_id)
            )
            """,
            """
            CREATE INDEX envelopes_referenced ON envelopes (history, referenced_id)
                WHERE referenced_id IS NOT NULL
            """,
            // deleteExpired looks for what is older than the cut-off across every history.
            "CREATE INDEX envelopes_stored ON envelopes (stored_ms)",
            """
            CREATE TABLE group_members (
                group_id text COLLATE "C" NOT NULL,
                user_id text COLLATE "C" NOT NULL,
                role integer NOT NULL,
                PRIMARY KEY (group_id, user_id)
            )
            """,
            """
            CREATE TABLE metadata_sets (
                target text COLLATE "C" PRIMARY KEY,
                -- The set as an encoded rtmwire.v1.Metadata message.
                metadata bytea NOT NULL
            )
            """,
            """
            CREATE TABLE metadata_locks (
                target text COLLATE "C" NOT NULL,
                name text COLLATE "C" NOT NULL,
                holder text NOT NULL,
                PRIMARY KEY (target, name)
            )
            """,
            """
            CREATE TABLE counters (
                name text COLLATE "C" PRIMARY KEY,
                value bigint NOT NULL
            )
            """,
            // The row every metadata change locks (see PostgresStorage+Metadata).
            "INSERT INTO counters (name, value) VALUES ('metadata_revision', 0)",
            """
            CREATE TABLE media (
                media_id text COLLATE "C" PRIMARY KEY,
                expires_ms bigint NOT NULL
            )
            """,
        ],
        // 2: the salt a history's first epoch is derived from (HistoryEpoch): 64 random bits,
        // one per database, whichever node migrates it.
        [
            """
            INSERT INTO counters (name, value) VALUES ('epoch_salt', \
            ('x' || substr(md5(random()::text || clock_timestamp()::text), 1, 16))::bit(64)::bigint)
            """
        ],
        // 3: what one node hands the others (PostgresFanOut): each row an envelope for an
        // audience, a reaction's summaries to recompute, or a group whose members changed; kept
        // a minute, read by id (NOTIFY only wakes the readers).
        [
            """
            CREATE TABLE fanout (
                id bigserial PRIMARY KEY,
                node text NOT NULL,
                created_ms bigint NOT NULL,
                -- 0: deliver the envelope, 1: send the reactions' summaries of subject (a
                -- message id of history), 2: the members of group subject changed.
                kind integer NOT NULL,
                users text[] NOT NULL,
                channels text[] NOT NULL,
                groups text[] NOT NULL,
                metadata_keys text[] NOT NULL,
                envelope bytea,
                subject text NOT NULL,
                history text NOT NULL,
                conversation_type integer NOT NULL,
                conversation_id text NOT NULL
            )
            """,
            "CREATE INDEX fanout_created ON fanout (created_ms)",
        ],
    ]

    /// The salt migration 2 stored (``HistoryEpoch``).
    static func epochSalt(_ connection: PostgresConnection, logger: Logger, location: String)
        async throws(StorageError) -> Int64
    {
        do {
            let rows = try await connection.query(
                "SELECT value FROM counters WHERE name = \(HistoryEpoch.saltCounter)",
                logger: logger)
            for try await salt in rows.decode(Int64.self) { return salt }
        } catch {
            throw StorageError(postgres: error, doing: "read the epoch salt of \(location)")
        }
        throw StorageError(.corrupt, "\(location) has no epoch salt (counters.epoch_salt)")
    }

    /// Any constant: the advisory lock that nodes starting at once take, so that one migrates
    /// and the others then find the schema up to date.
    static let advisoryLock: Int64 = 0x5254_4D57_6972_6531  // "RTMWire1"

    /// Brings the schema of the database `connection` is on up to date; throws
    /// ``StorageError/Code/newerSchema`` when a newer RTMWire wrote it.
    static func migrate(_ connection: PostgresConnection, logger: Logger, location: String)
        async throws(StorageError)
    {
        let known = all.count
        do {
            while true {
                let ran = try await connection.withTransaction(logger: logger) { connection in
                    try await connection.query(
                        "SELECT pg_advisory_xact_lock(\(advisoryLock))", logger: logger)
                    try await connection.query(
                        "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)",
                        logger: logger)
                    var version = 0
                    for try await value in try await connection.query(
                        "SELECT version FROM schema_version", logger: logger
                    ).decode(Int.self) {
                        version = value
                    }
                    guard version <= known else {
                        throw StorageError(
                            .newerSchema,
                            "\(location) has schema version \(version); this rtmwire knows up to "
                                + "\(known)")
                    }
                    guard version < known else { return false }
                    for statement in all[version] {
                        try await connection.query(
                            PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query("DELETE FROM schema_version", logger: logger)
                    try await connection.query(
                        "INSERT INTO schema_version (version) VALUES (\(version + 1))",
                        logger: logger)
                    return true
                }
                if !ran { return }
            }
        } catch let error as PostgresTransactionError {
            throw StorageError(
                postgres: error.closureError ?? error.commitError ?? error.beginError ?? error,
                doing: "migrate \(location)")
        } catch {
            throw StorageError(postgres: error, doing: "migrate \(location)")
        }
    }
}
