import PostgresNIO

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PostgresStorage {
    public func history(_ query: HistoryQuery) async throws(StorageError) -> HistorySlice {
        let key = query.key.rawValue
        let limit = max(1, query.limit)
        let doing = "read the history of \(query.key)"
        let head = try await readHead(key, doing)
        let read = HistoryRead(query, head: head)
        // No further than the head read (HistoryRead bounds a page before a position by it):
        // another node may append meanwhile, and the page must agree with the latest position
        // it reports.
        let last = Int64(head.lastPosition)
        let rows: [PostgresRow]
        switch read {
        case .reload: rows = []
        case .newestBefore(let before):
            rows = try await self.read(
                doing,
                """
                SELECT position, stored_ms, message_id, bytes FROM envelopes
                WHERE history = \(key) AND position < \(Int64(min(before, UInt64(Int64.max))))
                ORDER BY position DESC LIMIT \(limit)
                """)
        case .oldestAfter(let position):
            rows = try await self.read(
                doing,
                """
                SELECT position, stored_ms, message_id, bytes FROM envelopes
                WHERE history = \(key) AND position > \(Int64(position)) AND position <= \(last)
                ORDER BY position ASC LIMIT \(limit)
                """)
        }
        var envelopes = try StoredEnvelope.decoding(rows, doing)
        if case .newestBefore = read { envelopes.reverse() }
        return read.slice(envelopes, head: head)
    }

    public func senders(of messageIDs: [String], in key: HistoryKey) async throws(StorageError)
        -> [String: String]
    {
        var senders: [String: String] = [:]
        let doing = "read the senders of messages in \(key)"
        for chunk in messageIDs.chunks(of: Self.rowsPerStatement) {
            let rows = try await read(
                doing,
                """
                SELECT message_id, sender_id FROM envelopes
                WHERE history = \(key.rawValue) AND message_id = ANY(\(Array(chunk)))
                """)
            for row in rows {
                do {
                    let (id, sender) = try row.decode((String, String).self)
                    senders[id] = sender
                } catch {
                    throw StorageError(postgres: error, doing: doing)
                }
            }
        }
        return senders
    }

    /// The committed head of a history, or for one never written the head its first envelope
    /// will give it (``HistoryHead/unwritten(_:salt:)``): a read writes nothing.
    private func readHead(_ key: String, _ doing: String) async throws(StorageError)
        -> HistoryHead
    {
        let select: PostgresQuery =
            "SELECT epoch, last_position, trimmed_through FROM histories WHERE key = \(key)"
        return try await HistoryHead.decoding(read(doing, select), doing)
            ?? .unwritten(key, salt: epochSalt)
    }

    public func deleteExpired(at nowMs: Int64) async throws(StorageError) -> Int {
        let cutoff = nowMs - configuration.retention.maxAgeMs
        let logger = configuration.logger
        return try await transaction("delete expired envelopes") { connection in
            let database = PostgresStatements(connection: connection, logger: logger)
            // The newest expired position of each history becomes its trimmed-through mark.
            var expired: [String: Int64] = [:]
            for row in try await database.run(
                """
                SELECT history, max(position) FROM envelopes WHERE stored_ms < \(cutoff)
                GROUP BY history
                """)
            {
                let (history, through) = try row.decode((String, Int64).self)
                expired[history] = through
            }
            // Their heads locked (in key order, as appends lock them), so that an append of
            // another node does not write back a trimmed-through mark older than this one.
            let keys = expired.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            _ = try await database.selectHeads(keys)
            var deleted = 0
            for key in keys {
                let through = expired[key] ?? 0
                let rows = try await database.run(
                    """
                    WITH gone AS (
                        DELETE FROM envelopes WHERE history = \(key) AND position <= \(through)
                        RETURNING 1)
                    SELECT count(*) FROM gone
                    """)
                deleted += try rows.first?.decode(Int.self) ?? 0
                try await database.run(
                    """
                    UPDATE histories SET trimmed_through = GREATEST(trimmed_through, \(through))
                    WHERE key = \(key)
                    """)
            }
            try await database.run("DELETE FROM media WHERE expires_ms < \(cutoff)")
            return deleted
        }
    }
}

extension HistoryHead {
    /// The head in the first of `rows` (epoch, last position, trimmed through); nil for none.
    static func decoding(_ rows: [PostgresRow], _ doing: String) throws(StorageError)
        -> HistoryHead?
    {
        guard let row = rows.first else { return nil }
        do {
            let (epoch, last, trimmed) = try row.decode((String, Int64, Int64).self)
            guard last >= 0, trimmed >= 0 else {
                throw StorageError(.corrupt, "could not \(doing): a histories row is negative")
            }
            return HistoryHead(
                epoch: epoch, lastPosition: UInt64(last), trimmedThrough: UInt64(trimmed))
        } catch {
            throw StorageError(postgres: error, doing: doing)
        }
    }
}

extension StoredEnvelope {
    /// The envelopes in `rows` (position, stored time, message id, bytes).
    static func decoding(_ rows: [PostgresRow], _ doing: String) throws(StorageError)
        -> [StoredEnvelope]
    {
        do {
            return try rows.map { row in
                let (position, storedMs, messageID, bytes) = try row.decode(
                    (Int64, Int64, String, ByteBuffer).self)
                guard position > 0 else {
                    throw StorageError(.corrupt, "an envelopes row has position \(position)")
                }
                return StoredEnvelope(
                    position: UInt64(position), storedTimeMs: storedMs, messageID: messageID,
                    bytes: Array(bytes.readableBytesView))
            }
        } catch {
            throw StorageError(postgres: error, doing: doing)
        }
    }
}
