/// A history's epoch and newest position, as a backend reads them from its `histories` table.
struct HistoryHead: Sendable, Hashable {
    var epoch: String
    var lastPosition: UInt64
    /// Every position at or below this one was deleted by retention.
    var trimmedThrough: UInt64

    /// The head of the history `key` before its first envelope: position 0 and the epoch
    /// ``HistoryEpoch`` derives for it. A read reports it without writing anything, and the
    /// first append stores the same epoch, so a client that read the empty history keeps an
    /// epoch that stays valid.
    static func unwritten(_ key: String, salt: Int64) -> HistoryHead {
        HistoryHead(epoch: HistoryEpoch.of(key, salt: salt), lastPosition: 0, trimmedThrough: 0)
    }
}

/// A message id within its history.
struct StoredKey: Hashable, Sendable {
    var history: String
    var messageID: String
}

/// What one ``ServerStorage/append(_:at:)`` writes, worked out the same way by every backend
/// from the heads of its histories (as the transaction sees them) and the positions of the
/// message ids they hold already: so that positions, repeats and retention mean the same
/// whatever keeps them.
struct AppendPlan {
    /// Each envelope's position, in order.
    var positions: [StoredPosition] = []
    /// The envelopes to insert (repeats left out) and their positions.
    var rows: [EnvelopeToStore] = []
    var rowPositions: [UInt64] = []
    /// The heads once the rows are in and retention has trimmed.
    var heads: [String: HistoryHead]
    /// Per history, the position at and below which retention deletes envelopes.
    var trims: [String: UInt64] = [:]

    /// Plans the batch; `heads` must hold every history of `envelopes`, `stored` the stored
    /// positions of the batch's message ids that their histories hold.
    init(
        _ envelopes: [EnvelopeToStore], heads: [String: HistoryHead],
        stored: [StoredKey: StoredPosition], at nowMs: Int64, keeping maxEnvelopes: Int
    ) throws(StorageError) {
        self.heads = heads
        // A message id repeated within the batch is stored once, like one already stored.
        var firstInBatch: [StoredKey: StoredPosition] = [:]
        for envelope in envelopes {
            let key = StoredKey(history: envelope.key.rawValue, messageID: envelope.messageID)
            if var earlier = stored[key] ?? firstInBatch[key] {
                earlier.isRepeat = true
                positions.append(earlier)
                continue
            }
            guard var head = self.heads[key.history] else {
                throw StorageError(.unavailable, "no head was loaded for \(envelope.key)")
            }
            head.lastPosition += 1
            self.heads[key.history] = head
            let position = StoredPosition(
                position: head.lastPosition, epoch: head.epoch, storedTimeMs: nowMs,
                isRepeat: false)
            firstInBatch[key] = position
            positions.append(position)
            rows.append(envelope)
            rowPositions.append(head.lastPosition)
        }
        for (key, var head) in self.heads
        where head.lastPosition - head.trimmedThrough > maxEnvelopes {
            head.trimmedThrough = head.lastPosition - UInt64(maxEnvelopes)
            trims[key] = head.trimmedThrough
            self.heads[key] = head
        }
    }
}
