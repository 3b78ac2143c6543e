import SQLiteNIO

extension SQLiteStorage {
    public func references(to messageID: String, in key: HistoryKey) async throws(StorageError)
        -> MessageReferences
    {
        try await read("read what refers to message \(messageID) in \(key)") { reader in
            let message = try await reader.query(
                "SELECT position, stored_ms, message_id, bytes FROM envelopes "
                    + "WHERE history = ? AND message_id = ?",
                [.text(key.rawValue), .text(messageID)]
            ).first.map(StoredEnvelope.init)
            let references = try await reader.query(
                "SELECT position, stored_ms, message_id, bytes FROM envelopes "
                    + "WHERE history = ? AND referenced_id = ? ORDER BY position",
                [.text(key.rawValue), .text(messageID)]
            ).map(StoredEnvelope.init)
            return MessageReferences(message: message, references: references)
        }
    }
}
