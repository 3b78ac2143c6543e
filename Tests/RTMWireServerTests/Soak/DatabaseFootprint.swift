import RTMWire
import RTMWireTestSupport
import SQLiteNIO

@testable import RTMWireServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the durable server's database holds and takes on disk at one moment: read through the
/// storage's own reading connection, so the soak opens nothing of its own.
struct DatabaseFootprint: Sendable, CustomStringConvertible {
    /// Envelopes stored now, in all histories.
    var stored = 0
    /// The most any one history holds.
    var fullest = 0
    /// Rows of `histories` (one per history ever written or read).
    var histories = 0
    /// Envelopes ever stored (the sum of the histories' last positions) and deleted by
    /// retention (of their trimmed-through marks).
    var appended = 0
    var deleted = 0
    /// Histories with fewer than `maxEnvelopes` kept yet some deleted: only the sweep of
    /// `maxAgeMs` (``ServerStorage/deleteExpired(at:)``) does that.
    var sweptByAge = 0
    /// Stored envelopes whose message id is a hostile one: always 0.
    var hostile = 0
    /// Bytes of the stored envelopes themselves.
    var envelopeBytes = 0
    /// The database file and its write-ahead log, in bytes.
    var fileBytes = 0
    var walBytes = 0
    /// `PRAGMA page_size` and `PRAGMA wal_autocheckpoint` (pages).
    var pageSize = 0
    var autocheckpointPages = 0

    var diskBytes: Int { fileBytes + walBytes }

    static func read(_ storage: SQLiteStorage) async throws -> DatabaseFootprint {
        let kept = storage.configuration.retention.maxEnvelopes
        // Through the storage's reads, which take turns: a statement running beside one of the
        // server's reads would share its snapshot with it.
        let (rows, pragmas, checkpoint) = try await storage.read("read the footprint") {
            reader in
            let rows = try await reader.query(
                """
                SELECT (SELECT COUNT(*) FROM envelopes) AS stored,
                    (SELECT COALESCE(MAX(n), 0) FROM
                        (SELECT COUNT(*) AS n FROM envelopes GROUP BY history)) AS fullest,
                    (SELECT COUNT(*) FROM histories) AS histories,
                    (SELECT COALESCE(SUM(last_position), 0) FROM histories) AS appended,
                    (SELECT COALESCE(SUM(trimmed_through), 0) FROM histories) AS deleted,
                    (SELECT COUNT(*) FROM histories
                        WHERE trimmed_through > 0 AND last_position - trimmed_through < ?) AS swept,
                    (SELECT COUNT(*) FROM envelopes WHERE message_id LIKE ?) AS hostile,
                    (SELECT COALESCE(SUM(LENGTH(bytes)), 0) FROM envelopes) AS bytes
                """, [.integer(kept), .text(DurableSoakPopulation.hostilePrefix + "%")])
            return (
                rows, try await reader.query("PRAGMA page_size"),
                try await reader.query("PRAGMA wal_autocheckpoint")
            )
        }
        let row = rows.first
        func value(_ name: String) -> Int { row?.column(name)?.integer ?? -1 }
        return DatabaseFootprint(
            stored: value("stored"), fullest: value("fullest"), histories: value("histories"),
            appended: value("appended"), deleted: value("deleted"), sweptByAge: value("swept"),
            hostile: value("hostile"), envelopeBytes: value("bytes"),
            fileBytes: size(of: storage.path), walBytes: size(of: storage.path + "-wal"),
            pageSize: pragmas.first?.column("page_size")?.integer ?? 0,
            autocheckpointPages: checkpoint.first?.column("wal_autocheckpoint")?.integer ?? 0)
    }

    /// A file's size in bytes (0 when it is missing).
    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The samples file's columns.
    var gauges: [SoakGauge] {
        [
            SoakGauge("db_kib", fileBytes / 1024), SoakGauge("wal_kib", walBytes / 1024),
            SoakGauge("stored_envelopes", stored), SoakGauge("fullest_history", fullest),
            SoakGauge("histories", histories), SoakGauge("hostile_stored", hostile),
        ]
    }

    /// Why this footprint breaks what retention allows `histories` histories (nil when it
    /// does not): no history over `maxEnvelopes`, no more histories than the population has,
    /// no hostile envelope stored.
    func retentionBreach(histories allowed: Int, _ retention: RetentionPolicy) -> String? {
        if fullest > retention.maxEnvelopes {
            return "a history holds \(fullest) envelopes, retention keeps \(retention.maxEnvelopes)"
        }
        if histories > allowed { return "\(histories) histories, the population has \(allowed)" }
        if stored > allowed * retention.maxEnvelopes {
            return
                "\(stored) envelopes stored, retention allows \(allowed * retention.maxEnvelopes)"
        }
        if hostile > 0 { return "\(hostile) hostile envelopes stored" }
        return nil
    }

    var description: String {
        """
        \(stored) envelopes stored (\(envelopeBytes / 1024) KiB of envelope bytes; the fullest \
        history \(fullest)) in \(histories) histories; \(appended) appended, \(deleted) deleted \
        by retention (\(sweptByAge) histories swept by age); database \(fileBytes / 1024) KiB + \
        WAL \(walBytes / 1024) KiB
        """
    }
}

/// The most disk the database may take, from retention: `histories` × `maxEnvelopes` ×
/// `envelopeBytes` × ``overheadFactor`` for the file, plus the write-ahead log SQLite keeps
/// between checkpoints (``walPagesFactor`` × its auto-checkpoint pages × the page size).
struct DatabaseBound: Sendable, CustomStringConvertible {
    /// Disk bytes per byte of envelope kept: the row's other columns (history key, message id,
    /// sender, position, time), the unique index on (history, message id), B-tree pages left
    /// part empty by deletions at the old end of each history and inserts at the new one, and
    /// free pages kept for reuse. Measured (Soak/README.md): see `DurableSoakTests`.
    static let overheadFactor = 6.0
    /// The write-ahead log grows to about the auto-checkpoint's pages before a checkpoint
    /// starts it over (it is not truncated, so it stays that size); a checkpoint that a read
    /// holds back lets it grow past that. Measured: see Soak/README.md.
    static let walPagesFactor = 2.0

    var histories: Int
    var retention: RetentionPolicy
    /// The largest envelope the soak sends.
    var envelopeBytes: Int
    var pageSize: Int
    var autocheckpointPages: Int

    var fileBytes: Int {
        Int(
            Double(histories * retention.maxEnvelopes * envelopeBytes) * Self.overheadFactor)
    }
    var walBytes: Int {
        Int(Double(autocheckpointPages * pageSize) * Self.walPagesFactor)
    }
    var bytes: Int { fileBytes + walBytes }

    var description: String {
        """
        \(bytes / 1024) KiB (\(histories) histories × \(retention.maxEnvelopes) envelopes × \
        \(envelopeBytes) bytes × \(Self.overheadFactor) = \(fileBytes / 1024) KiB, + WAL \
        \(autocheckpointPages) pages × \(pageSize) bytes × \(Self.walPagesFactor) = \
        \(walBytes / 1024) KiB)
        """
    }
}
