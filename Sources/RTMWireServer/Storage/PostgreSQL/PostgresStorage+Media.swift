import PostgresNIO

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PostgresStorage {
    public func mediaExpiry(of mediaID: String) async throws(StorageError) -> Int64? {
        let doing = "read the expiry of media id \(mediaID)"
        let rows = try await read(
            doing, "SELECT expires_ms FROM media WHERE media_id = \(mediaID)")
        do {
            return try rows.first?.decode(Int64.self)
        } catch {
            throw StorageError(postgres: error, doing: doing)
        }
    }
}
