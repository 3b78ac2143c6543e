import SQLiteNIO

extension SQLiteStorage {
    public func history(_ query: HistoryQuery) async throws(StorageError) -> HistorySlice {
        let key = query.key.rawValue
        let limit = max(1, query.limit)
        return try await read("read the history of \(query.key)") { reader in
            // The head, then its rows from a snapshot at least as new (reads take turns; the
            // cache holds only committed heads): every envelope below the head's newest
            // position that retention kept is there. A page after a position stops at the
            // head's newest, which is the page's latest position, whatever committed since.
            let head = try await self.readHead(key, on: reader)
            let read = HistoryRead(query, head: head)
            let rows: [SQLiteRow]
            switch read {
            case .reload: rows = []
            case .newestBefore(let before):
                rows = try await reader.query(
                    "SELECT position, stored_ms, message_id, bytes FROM envelopes "
                        + "WHERE history = ? AND position < ? ORDER BY position DESC LIMIT ?",
                    [.text(key), .integer(Int(min(before, UInt64(Int.max)))), .integer(limit)])
            case .oldestAfter(let position):
                rows = try await reader.query(
                    "SELECT position, stored_ms, message_id, bytes FROM envelopes "
                        + "WHERE history = ? AND position > ? AND position <= ? "
                        + "ORDER BY position ASC LIMIT ?",
                    [
                        .text(key), .integer(Int(position)), .integer(Int(head.lastPosition)),
                        .integer(limit),
                    ])
            }
            var envelopes = try rows.map(StoredEnvelope.init)
            if case .newestBefore = read { envelopes.reverse() }
            return read.slice(envelopes, head: head)
        }
    }

    /// The senders of `count` message ids of one history (the ids first, then the history):
    /// each id looked up by the (history, message_id) index. Asked for `message_id IN (…)`,
    /// SQLite reads the whole history by its primary key instead (SQLiteQueryPlanTests).
    static func sendersQuery(count: Int) -> String {
        "SELECT e.message_id AS message_id, e.sender_id AS sender_id FROM (VALUES "
            + Array(repeating: "(?)", count: count).joined(separator: ", ")
            + ") AS wanted CROSS JOIN envelopes AS e "
            + "ON e.history = ? AND e.message_id = wanted.column1"
    }

    public func senders(of messageIDs: [String], in key: HistoryKey) async throws(StorageError)
        -> [String: String]
    {
        try await read("read the senders of messages in \(key)") { reader in
            var senders: [String: String] = [:]
            for chunk in messageIDs.chunks(of: Self.rowsPerStatement) {
                let rows = try await reader.query(
                    Self.sendersQuery(count: chunk.count),
                    chunk.map { .text($0) } + [.text(key.rawValue)])
                for row in rows {
                    if let id = row.column("message_id")?.string,
                        let sender = row.column("sender_id")?.string
                    {
                        senders[id] = sender
                    }
                }
            }
            return senders
        }
    }

    /// The committed head of a history, or for one never written the head its first envelope
    /// will give it (``HistoryHead/unwritten(_:salt:)``): a read writes nothing, so histories
    /// a client only names cost no row and no memory. Heads read here are not cached: the
    /// reading connection may see the database from before a commit whose head the writer has
    /// cached already, and the cache must never go back.
    private func readHead(_ key: String, on reader: SQLiteConnection) async throws
        -> HistoryHead
    {
        if let head = heads.withLockedValue({ $0[key] }) { return head }
        let rows = try await reader.query(
            "SELECT epoch, last_position, trimmed_through FROM histories WHERE key = ?",
            [.text(key)])
        return try rows.first.map(HistoryHead.init) ?? .unwritten(key, salt: epochSalt)
    }

    /// Each history's newest position stored before a cutoff, and how many envelopes that is:
    /// by the `stored_ms` index, so a sweep that finds nothing reads nothing. SQLite's planner
    /// would otherwise read every stored envelope, once a minute, inside a write transaction
    /// that commits wait behind (SQLiteQueryPlanTests).
    static let expiredQuery =
        "SELECT history, MAX(position) AS through, COUNT(*) AS count FROM envelopes "
        + "INDEXED BY envelopes_stored WHERE stored_ms < ? GROUP BY history"

    public func deleteExpired(at nowMs: Int64) async throws(StorageError) -> Int {
        let cutoff = nowMs - configuration.retention.maxAgeMs
        return try await writeTransaction("delete expired envelopes") {
            // The newest expired position of each history becomes its trimmed-through mark.
            let expired = try await self.writer.query(
                Self.expiredQuery, [.integer(Int(cutoff))])
            var deleted = 0
            for row in expired {
                guard let history = row.column("history")?.string,
                    let through = row.column("through")?.integer,
                    let count = row.column("count")?.integer
                else { continue }
                _ = try await self.writer.query(
                    "DELETE FROM envelopes WHERE history = ? AND position <= ?",
                    [.text(history), .integer(through)])
                _ = try await self.writer.query(
                    "UPDATE histories SET trimmed_through = MAX(trimmed_through, ?) WHERE key = ?",
                    [.integer(through), .text(history)])
                deleted += count
            }
            _ = try await self.writer.query(
                "DELETE FROM media WHERE expires_ms < ?", [.integer(Int(cutoff))])
            // The cached heads' trimmed marks are read again when next needed.
            self.heads.withLockedValue { heads in
                for row in expired {
                    if let history = row.column("history")?.string { heads[history] = nil }
                }
            }
            return deleted
        }
    }
}

extension StoredEnvelope {
    /// An envelope read from an `envelopes` row.
    init(_ row: SQLiteRow) throws {
        guard let position = row.column("position")?.integer, position > 0,
            let storedMs = row.column("stored_ms")?.integer,
            let messageID = row.column("message_id")?.string,
            let bytes = row.column("bytes")?.blob
        else { throw StorageError(.corrupt, "an envelopes row has missing or invalid columns") }
        self.init(
            position: UInt64(position), storedTimeMs: Int64(storedMs), messageID: messageID,
            bytes: Array(bytes.readableBytesView))
    }
}
