import SQLiteNIO

extension SQLiteStorage {
    public func mediaExpiry(of mediaID: String) async throws(StorageError) -> Int64? {
        try await read("read the expiry of media id \(mediaID)") { reader in
            try await reader.query(
                "SELECT expires_ms FROM media WHERE media_id = ?", [.text(mediaID)]
            ).first?.column("expires_ms")?.integer.map(Int64.init)
        }
    }
}
