import Logging
import NIOCore
import PostgresNIO

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PostgresStorage {
    /// Rows per multi-row statement: within the protocol's 65,535 bound parameters (seven per
    /// envelope), as SQLite's.
    static let rowsPerStatement = 500

    public func append(_ envelopes: [EnvelopeToStore], at nowMs: Int64)
        async throws(StorageError) -> [StoredPosition]
    {
        guard !envelopes.isEmpty else { return [] }
        let maxEnvelopes = configuration.retention.maxEnvelopes
        let logger = configuration.logger
        return try await transaction("store \(envelopes.count) envelopes") { connection in
            let database = PostgresStatements(connection: connection, logger: logger)
            // The heads are locked before anything is read: another node appending to one of
            // these histories waits here until this transaction commits, and then reads the
            // positions (and message ids) this one wrote. Without the lock two nodes would read
            // the same last position and give it twice (SQLite has one writer; this has many).
            let heads = try await database.lockHeads(
                Set(envelopes.map(\.key.rawValue)), salt: self.epochSalt)
            let stored = try await database.storedPositions(of: envelopes, heads: heads)
            let plan = try AppendPlan(
                envelopes, heads: heads, stored: stored, at: nowMs, keeping: maxEnvelopes)
            try await database.insert(plan.rows, positions: plan.rowPositions, at: nowMs)
            try await database.insertMedia(of: plan.rows)
            for (key, through) in plan.trims {
                try await database.run(
                    "DELETE FROM envelopes WHERE history = \(key) AND position <= \(Int64(through))"
                )
            }
            try await database.saveHeads(plan.heads)
            return plan.positions
        }
    }
}

/// The statements of one transaction, on its connection.
struct PostgresStatements {
    let connection: PostgresConnection
    let logger: Logger

    /// Runs `query` and returns its rows.
    @discardableResult
    func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await connection.answer(to: query, logger: logger)
    }

    /// Locks the `histories` rows of `keys` (`FOR UPDATE`, in key order, so that two
    /// transactions never wait for each other in a circle) and returns their heads; a history
    /// never written is created first, with its first epoch (``HistoryEpoch``).
    func lockHeads(_ keys: Set<String>, salt: Int64) async throws -> [String: HistoryHead] {
        let sorted = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var heads = try await selectHeads(sorted)
        let missing = sorted.filter { heads[$0] == nil }
        if !missing.isEmpty {
            // Another node may create the same history at once: its row wins (its insert
            // commits first, this one's does nothing), and both then lock the one row.
            try await run(
                """
                INSERT INTO histories (key, epoch, last_position, trimmed_through)
                SELECT key, epoch, 0, 0 FROM unnest(\(missing)::text[], \
                \(missing.map { HistoryEpoch.of($0, salt: salt) })::text[]) AS new (key, epoch)
                ORDER BY key COLLATE "C" ON CONFLICT (key) DO NOTHING
                """)
            heads.merge(try await selectHeads(missing)) { _, new in new }
        }
        return heads
    }

    /// Locks the `histories` rows of `keys`, which are sorted, and returns their heads; a
    /// history without a row is left out.
    func selectHeads(_ keys: [String]) async throws -> [String: HistoryHead] {
        var heads: [String: HistoryHead] = [:]
        for row in try await run(
            """
            SELECT key, epoch, last_position, trimmed_through FROM histories
            WHERE key = ANY(\(keys)) ORDER BY key FOR UPDATE
            """)
        {
            let (key, epoch, last, trimmed) = try row.decode((String, String, Int64, Int64).self)
            guard last >= 0, trimmed >= 0 else {
                throw StorageError(.corrupt, "the histories row of \(key) has negative positions")
            }
            heads[key] = HistoryHead(
                epoch: epoch, lastPosition: UInt64(last), trimmedThrough: UInt64(trimmed))
        }
        return heads
    }

    /// The positions of the batch's message ids that their histories hold already.
    func storedPositions(of envelopes: [EnvelopeToStore], heads: [String: HistoryHead])
        async throws -> [StoredKey: StoredPosition]
    {
        var found: [StoredKey: StoredPosition] = [:]
        for chunk in envelopes.chunks(of: PostgresStorage.rowsPerStatement) {
            for row in try await run(
                """
                SELECT e.history, e.message_id, e.position, e.stored_ms FROM envelopes e
                JOIN unnest(\(chunk.map(\.key.rawValue))::text[], \
                \(chunk.map(\.messageID))::text[]) AS batch (history, message_id)
                ON e.history = batch.history AND e.message_id = batch.message_id
                """)
            {
                let (history, messageID, position, storedMs) = try row.decode(
                    (String, String, Int64, Int64).self)
                found[StoredKey(history: history, messageID: messageID)] = StoredPosition(
                    position: UInt64(position), epoch: heads[history]?.epoch ?? "",
                    storedTimeMs: storedMs, isRepeat: true)
            }
        }
        return found
    }

    func insert(_ rows: [EnvelopeToStore], positions: [UInt64], at nowMs: Int64) async throws {
        for (start, chunk) in rows.chunkStarts(of: PostgresStorage.rowsPerStatement) {
            var binds = PostgresBindings(capacity: chunk.count * 7)
            for (offset, envelope) in chunk.enumerated() {
                binds.append(envelope.key.rawValue)
                binds.append(Int64(positions[start + offset]))
                binds.append(envelope.messageID)
                binds.append(envelope.senderID)
                binds.append(nowMs)
                binds.append(ByteBuffer(bytes: envelope.bytes))
                binds.append(envelope.referencedMessageID)
            }
            try await run(
                PostgresQuery(
                    unsafeSQL: "INSERT INTO envelopes "
                        + "(history, position, message_id, sender_id, stored_ms, bytes, "
                        + "referenced_id) VALUES " + Self.rowPlaceholders(chunk.count, 7),
                    binds: binds))
        }
    }

    /// Records the media ids the rows carry that are not known yet, with their expiry.
    func insertMedia(of rows: [EnvelopeToStore]) async throws {
        // The first sighting within the batch sets the expiry.
        var seen: Set<String> = []
        let media = rows.compactMap(\.media).filter { seen.insert($0.id).inserted }
        guard !media.isEmpty else { return }
        try await run(
            """
            INSERT INTO media (media_id, expires_ms)
            SELECT * FROM unnest(\(media.map(\.id))::text[], \(media.map(\.expiresAtMs))::bigint[])
            ON CONFLICT (media_id) DO NOTHING
            """)
    }

    func saveHeads(_ heads: [String: HistoryHead]) async throws {
        let entries = Array(heads)
        let lasts = entries.map { Int64($0.value.lastPosition) }
        let trims = entries.map { Int64($0.value.trimmedThrough) }
        try await run(
            """
            UPDATE histories SET last_position = new.last, trimmed_through = new.trimmed
            FROM unnest(\(entries.map(\.key))::text[], \(lasts)::bigint[], \(trims)::bigint[])
                AS new (key, last, trimmed)
            WHERE histories.key = new.key
            """)
    }

    /// `($1, $2, …), ($8, …)`: placeholders for `count` rows of `columns` values. Only numbers
    /// go into the statement's text; the values are bound.
    static func rowPlaceholders(_ count: Int, _ columns: Int) -> String {
        (0..<count).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }
}
