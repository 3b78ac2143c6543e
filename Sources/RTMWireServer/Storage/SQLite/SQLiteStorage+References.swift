import SQLiteNIO

extension SQLiteStorage {
    public func references(to messageID: String, in key: HistoryKey) async throws(StorageError)
        -> MessageReferences
    {
        try checkOpen()
        do {
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
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(
                mapping: error, doing: "read what refers to message \(messageID) in \(key)")
        }
    }
}

extension SQLiteStorage {
    public func mediaExpiry(of mediaID: String) async throws(StorageError) -> Int64? {
        try checkOpen()
        do {
            return try await reader.query(
                "SELECT expires_ms FROM media WHERE media_id = ?", [.text(mediaID)]
            ).first?.column("expires_ms")?.integer.map(Int64.init)
        } catch {
            throw StorageError(mapping: error, doing: "read the expiry of media id \(mediaID)")
        }
    }
}
