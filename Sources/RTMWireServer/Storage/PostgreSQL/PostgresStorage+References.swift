import PostgresNIO

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PostgresStorage {
    public func references(to messageID: String, in key: HistoryKey) async throws(StorageError)
        -> MessageReferences
    {
        let doing = "read what refers to message \(messageID) in \(key)"
        let message = try await read(
            doing,
            """
            SELECT position, stored_ms, message_id, bytes FROM envelopes
            WHERE history = \(key.rawValue) AND message_id = \(messageID)
            """)
        let references = try await read(
            doing,
            """
            SELECT position, stored_ms, message_id, bytes FROM envelopes
            WHERE history = \(key.rawValue) AND referenced_id = \(messageID) ORDER BY position
            """)
        return MessageReferences(
            message: try StoredEnvelope.decoding(message, doing).first,
            references: try StoredEnvelope.decoding(references, doing))
    }
}
