import NIOCore
import PostgresNIO
import RTMWire

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PostgresStorage {
    /// The `counters` row of the store-wide metadata revision.
    static let metadataRevisionCounter = "metadata_revision"

    public func modifyMetadata<Result: Sendable>(
        of target: String, _ change: @escaping @Sendable (inout MetadataRecord) -> Result
    ) async throws(StorageError) -> Result {
        let logger = configuration.logger
        return try await transaction("change the metadata of \(target)") { connection in
            let database = PostgresStatements(connection: connection, logger: logger)
            // The revision's row is locked first (FOR UPDATE): a change of another node waits
            // here until this one commits and then reads what it wrote, so compare-and-set and
            // locks hold across nodes, and no two changes stamp the same store-wide revision.
            // That serialises every metadata change, of any target, as SQLite's one writer does;
            // a lock per target would let two targets stamp one revision.
            let lastRevision =
                try await database.run(
                    """
                    SELECT value FROM counters WHERE name = \(Self.metadataRevisionCounter)
                    FOR UPDATE
                    """
                ).first?.decode(Int64.self) ?? 0
            let before = try await database.readMetadata(target, lastRevision: lastRevision)
            var after = before
            let result = change(&after)
            if after != before {
                try await database.writeMetadata(after, of: target, over: before)
            }
            return result
        }
    }
}

extension PostgresStatements {
    func readMetadata(_ target: String, lastRevision: Int64) async throws -> MetadataRecord {
        var record = MetadataRecord(lastRevision: lastRevision)
        if let bytes = try await run(
            "SELECT metadata FROM metadata_sets WHERE target = \(target)"
        ).first?.decode(ByteBuffer.self) {
            do {
                record.metadata = try Metadata(serializedBytes: bytes.readableBytesView)
            } catch {
                throw StorageError(.corrupt, "the metadata of \(target) does not decode: \(error)")
            }
        }
        for row in try await run("SELECT name, holder FROM metadata_locks WHERE target = \(target)")
        {
            let (name, holder) = try row.decode((String, String).self)
            record.locks[name] = holder
        }
        return record
    }

    func writeMetadata(_ record: MetadataRecord, of target: String, over before: MetadataRecord)
        async throws
    {
        if record.metadata != before.metadata {
            if let metadata = record.metadata, !metadata.items.isEmpty {
                let bytes = ByteBuffer(bytes: try metadata.serializedBytes() as [UInt8])
                try await run(
                    """
                    INSERT INTO metadata_sets (target, metadata) VALUES (\(target), \(bytes))
                    ON CONFLICT (target) DO UPDATE SET metadata = excluded.metadata
                    """)
            } else {
                try await run("DELETE FROM metadata_sets WHERE target = \(target)")
            }
        }
        if record.locks != before.locks {
            try await run("DELETE FROM metadata_locks WHERE target = \(target)")
            if !record.locks.isEmpty {
                let locks = record.locks.sorted { $0.key < $1.key }
                try await run(
                    """
                    INSERT INTO metadata_locks (target, name, holder)
                    SELECT \(target), * FROM unnest(\(locks.map(\.key))::text[], \
                    \(locks.map(\.value))::text[])
                    """)
            }
        }
        if record.lastRevision != before.lastRevision {
            try await run(
                """
                UPDATE counters SET value = \(record.lastRevision)
                WHERE name = \(PostgresStorage.metadataRevisionCounter)
                """)
        }
    }
}
