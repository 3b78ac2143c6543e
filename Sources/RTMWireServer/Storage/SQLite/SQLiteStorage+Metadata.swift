import NIOCore
import RTMWire
import SQLiteNIO

extension SQLiteStorage {
    /// The `counters` row of the store-wide metadata revision.
    static let metadataRevisionCounter = "metadata_revision"

    public func modifyMetadata<Result: Sendable>(
        of target: String, _ change: @escaping @Sendable (inout MetadataRecord) -> Result
    ) async throws(StorageError) -> Result {
        try await writeTransaction("change the metadata of \(target)") {
            let before = try await self.readMetadata(target)
            var after = before
            let result = change(&after)
            if after != before { try await self.writeMetadata(after, of: target, over: before) }
            return result
        }
    }

    private func readMetadata(_ target: String) async throws -> MetadataRecord {
        var record = MetadataRecord()
        if let blob = try await writer.query(
            "SELECT metadata FROM metadata_sets WHERE target = ?", [.text(target)]
        ).first?.column("metadata")?.blob {
            do {
                record.metadata = try Metadata(serializedBytes: blob.readableBytesView)
            } catch {
                throw StorageError(.corrupt, "the metadata of \(target) does not decode: \(error)")
            }
        }
        for row in try await writer.query(
            "SELECT name, holder FROM metadata_locks WHERE target = ?", [.text(target)])
        {
            guard let name = row.column("name")?.string, let holder = row.column("holder")?.string
            else { throw StorageError(.corrupt, "a metadata_locks row has missing columns") }
            record.locks[name] = holder
        }
        record.lastRevision = Int64(
            try await writer.query(
                "SELECT value FROM counters WHERE name = ?", [.text(Self.metadataRevisionCounter)]
            ).first?.column("value")?.integer ?? 0)
        return record
    }

    private func writeMetadata(
        _ record: MetadataRecord, of target: String, over before: MetadataRecord
    ) async throws {
        if record.metadata != before.metadata {
            if let metadata = record.metadata, !metadata.items.isEmpty {
                _ = try await writer.query(
                    "INSERT INTO metadata_sets (target, metadata) VALUES (?, ?) "
                        + "ON CONFLICT (target) DO UPDATE SET metadata = excluded.metadata",
                    [.text(target), .blob(ByteBuffer(bytes: try metadata.serializedBytes()))])
            } else {
                _ = try await writer.query(
                    "DELETE FROM metadata_sets WHERE target = ?", [.text(target)])
            }
        }
        if record.locks != before.locks {
            _ = try await writer.query(
                "DELETE FROM metadata_locks WHERE target = ?", [.text(target)])
            for (name, holder) in record.locks.sorted(by: { $0.key < $1.key }) {
                _ = try await writer.query(
                    "INSERT INTO metadata_locks (target, name, holder) VALUES (?, ?, ?)",
                    [.text(target), .text(name), .text(holder)])
            }
        }
        if record.lastRevision != before.lastRevision {
            _ = try await writer.query(
                "INSERT INTO counters (name, value) VALUES (?, ?) "
                    + "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                [.text(Self.metadataRevisionCounter), .integer(Int(record.lastRevision))])
        }
    }
}
