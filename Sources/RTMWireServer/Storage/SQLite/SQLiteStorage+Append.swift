import NIOCore
import SQLiteNIO

extension SQLiteStorage {
    /// Rows per multi-row statement: within SQLite's 32,766 bound parameters (seven per
    /// envelope), and small enough that one statement's text stays short.
    static let rowsPerStatement = 500

    public func append(_ envelopes: [EnvelopeToStore], at nowMs: Int64)
        async throws(StorageError) -> [StoredPosition]
    {
        guard !envelopes.isEmpty else { return [] }
        let retention = configuration.retention
        let plan = try await writeTransaction("store \(envelopes.count) envelopes") {
            let heads = try await self.loadHeads(Set(envelopes.map(\.key.rawValue)))
            let stored = try await self.storedPositions(of: envelopes)
            let plan = try AppendPlan(
                envelopes, heads: heads, stored: stored, at: nowMs,
                keeping: retention.maxEnvelopes)
            try await self.insert(plan.rows, positions: plan.rowPositions, at: nowMs)
            try await self.insertMedia(of: plan.rows)
            try await self.trim(plan.trims)
            try await self.saveHeads(plan.heads)
            return plan
        } committed: { plan in
            // Only once committed: a history page reads its latest position here, and must
            // never name one its rows do not hold yet, nor one a rollback took back.
            self.heads.withLockedValue { cached in
                for (key, head) in plan.heads { cached[key] = head }
            }
        }
        return plan.positions
    }

    /// The heads of `keys`, from the cache or the database; a history never written gets its
    /// first epoch (``HistoryEpoch``; saved with the transaction).
    func loadHeads(_ keys: Set<String>) async throws -> [String: HistoryHead] {
        var heads: [String: HistoryHead] = [:]
        var missing: [String] = []
        self.heads.withLockedValue { cached in
            for key in keys {
                if let head = cached[key] { heads[key] = head } else { missing.append(key) }
            }
        }
        for chunk in missing.chunks(of: Self.rowsPerStatement) {
            let rows = try await writer.query(
                "SELECT key, epoch, last_position, trimmed_through FROM histories WHERE key IN ("
                    + Self.placeholders(chunk.count) + ")", chunk.map { .text($0) })
            for row in rows {
                guard let key = row.column("key")?.string else { continue }
                heads[key] = try HistoryHead(row)
            }
        }
        for key in missing where heads[key] == nil {
            heads[key] = .unwritten(key, salt: epochSalt)
        }
        return heads
    }

    /// The positions of the batch's message ids that their histories hold already.
    private func storedPositions(of envelopes: [EnvelopeToStore]) async throws
        -> [StoredKey: StoredPosition]
    {
        var found: [StoredKey: StoredPosition] = [:]
        let epochs = heads.withLockedValue { $0 }
        for chunk in envelopes.chunks(of: Self.rowsPerStatement) {
            let rows = try await writer.query(
                Self.storedPositionsQuery(count: chunk.count),
                chunk.flatMap { [.text($0.key.rawValue), .text($0.messageID)] })
            for row in rows {
                guard let history = row.column("history")?.string,
                    let messageID = row.column("message_id")?.string,
                    let position = row.column("position")?.integer,
                    let storedMs = row.column("stored_ms")?.integer
                else { continue }
                found[StoredKey(history: history, messageID: messageID)] = StoredPosition(
                    position: UInt64(position), epoch: epochs[history]?.epoch ?? "",
                    storedTimeMs: Int64(storedMs), isRepeat: true)
            }
        }
        // A repeat's epoch is its history's: read with the heads when not cached.
        if found.values.contains(where: { $0.epoch.isEmpty }) {
            let heads = try await loadHeads(Set(found.keys.map(\.history)))
            for (key, var position) in found where position.epoch.isEmpty {
                position.epoch = heads[key.history]?.epoch ?? ""
                found[key] = position
            }
        }
        return found
    }

    /// The stored envelopes of `count` (history, message id) pairs: one lookup by the
    /// (history, message_id) index each, the pairs first (CROSS JOIN keeps that order). Asked
    /// for `(history, message_id) IN (VALUES …)`, SQLite reads every stored envelope instead, at
    /// every commit (SQLiteQueryPlanTests).
    static func storedPositionsQuery(count: Int) -> String {
        "SELECT e.history AS history, e.message_id AS message_id, e.position AS position, "
            + "e.stored_ms AS stored_ms FROM (VALUES "
            + Array(repeating: "(?, ?)", count: count).joined(separator: ", ")
            + ") AS wanted CROSS JOIN envelopes AS e "
            + "ON e.history = wanted.column1 AND e.message_id = wanted.column2"
    }

    private func insert(_ rows: [EnvelopeToStore], positions: [UInt64], at nowMs: Int64)
        async throws
    {
        for (start, chunk) in rows.chunkStarts(of: Self.rowsPerStatement) {
            var binds: [SQLiteData] = []
            binds.reserveCapacity(chunk.count * 7)
            for (offset, envelope) in chunk.enumerated() {
                binds += [
                    .text(envelope.key.rawValue), .integer(Int(positions[start + offset])),
                    .text(envelope.messageID), .text(envelope.senderID), .integer(Int(nowMs)),
                    .blob(ByteBuffer(bytes: envelope.bytes)),
                    envelope.referencedMessageID.map { .text($0) } ?? .null,
                ]
            }
            _ = try await writer.query(
                "INSERT INTO envelopes "
                    + "(history, position, message_id, sender_id, stored_ms, bytes, referenced_id) "
                    + "VALUES "
                    + Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: chunk.count)
                    .joined(separator: ", "), binds)
        }
    }

    /// Records the media ids the rows carry that are not known yet, with their expiry.
    private func insertMedia(of rows: [EnvelopeToStore]) async throws {
        let media = rows.compactMap(\.media)
        for chunk in media.chunks(of: Self.rowsPerStatement) {
            _ = try await writer.query(
                "INSERT INTO media (media_id, expires_ms) VALUES "
                    + Array(repeating: "(?, ?)", count: chunk.count).joined(separator: ", ")
                    + " ON CONFLICT (media_id) DO NOTHING",
                chunk.flatMap { [.text($0.id), .integer(Int($0.expiresAtMs))] })
        }
    }

    /// Deletes, in each history, the envelopes at and below the position retention trims it to.
    private func trim(_ trims: [String: UInt64]) async throws {
        for (key, through) in trims {
            _ = try await writer.query(
                "DELETE FROM envelopes WHERE history = ? AND position <= ?",
                [.text(key), .integer(Int(through))])
        }
    }

    private func saveHeads(_ heads: [String: HistoryHead]) async throws {
        for chunk in Array(heads).chunks(of: Self.rowsPerStatement) {
            _ = try await writer.query(
                "INSERT INTO histories (key, epoch, last_position, trimmed_through) VALUES "
                    + Array(repeating: "(?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
                    + " ON CONFLICT (key) DO UPDATE SET last_position = excluded.last_position, "
                    + "trimmed_through = excluded.trimmed_through",
                chunk.flatMap { key, head in
                    [
                        .text(key), .text(head.epoch), .integer(Int(head.lastPosition)),
                        .integer(Int(head.trimmedThrough)),
                    ]
                })
        }
    }

    /// `?, ?, …` for `count` parameters.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

extension HistoryHead {
    /// A head read from a `histories` row.
    init(_ row: SQLiteRow) throws {
        guard let epoch = row.column("epoch")?.string,
            let last = row.column("last_position")?.integer,
            let trimmed = row.column("trimmed_through")?.integer, last >= 0, trimmed >= 0
        else { throw StorageError(.corrupt, "a histories row has missing or negative columns") }
        self.init(epoch: epoch, lastPosition: UInt64(last), trimmedThrough: UInt64(trimmed))
    }
}

extension Array {
    /// The array in consecutive slices of at most `size` elements.
    func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }

    /// ``chunks(of:)`` with each slice's start offset.
    func chunkStarts(of size: Int) -> [(Int, ArraySlice<Element>)] {
        chunks(of: size).map { ($0.startIndex, $0) }
    }
}
