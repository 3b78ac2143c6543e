import Foundation
import RTMWire
import Synchronization
import Testing

@testable import RTMWireServer

/// What only SQLite has: a data directory, `PRAGMA user_version`, the schema's version 1. The
/// rest of what storage must do is in ``StorageTests``, run against every backend.
@Suite("SQLite storage")
struct SQLiteStorageTests {
    func open(_ directory: borrowing TemporaryDirectory, retention: RetentionPolicy = .default)
        async throws -> SQLiteStorage
    {
        try await SQLiteStorage.open(
            directory: directory.path + "/data",
            configuration: .init(durability: .normal, retention: retention))
    }

    @Test func refusesAnUnwritableDirectoryAndANewerSchema() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.path + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        await #expect(throws: StorageError.self) {
            _ = try await SQLiteStorage.open(directory: file + "/data")
        }
        let storage = try await open(directory)
        _ = try await storage.writer.query("PRAGMA user_version = 99")
        await storage.close()
        do {
            _ = try await open(directory)
            Issue.record("a database of a newer schema was opened")
        } catch let error as StorageError {
            #expect(error.code == .newerSchema)
        }
    }

    /// The write-ahead log of the database ``open(_:retention:)`` makes in `directory`.
    static func logPath(_ directory: borrowing TemporaryDirectory) -> String {
        directory.path + "/data/" + SQLiteStorage.fileName + "-wal"
    }

    /// Whether SQLite removed the write-ahead log, which it does when the database's last
    /// connection closes: within `seconds`.
    static func logRemoved(_ directory: borrowing TemporaryDirectory, within seconds: Double)
        async throws -> Bool
    {
        let log = logPath(directory)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while FileManager.default.fileExists(atPath: log) {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// A server's connection task may be cancelled (its client left, the process is stopping)
    /// while it closes the storage: the connections are closed all the same. Before, a cancelled
    /// close left them open, and a debug build trapped when they deinitialized.
    @Test func closesItsConnectionsWhenTheClosingTaskIsCancelled() async throws {
        let directory = try TemporaryDirectory()
        let storage = try await open(directory)
        _ = try await storage.append([StorageFixture.envelope("m1")], at: 1_000)
        #expect(FileManager.default.fileExists(atPath: Self.logPath(directory)))
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            #expect(Task.isCancelled)
            await storage.close()
        }
        await closing.value
        #expect(try await Self.logRemoved(directory, within: 0))
    }

    /// A storage dropped without ``SQLiteStorage/close()`` closes its connections itself.
    @Test func aStorageDroppedWithoutClosingClosesItsConnections() async throws {
        let directory = try TemporaryDirectory()
        var storage: SQLiteStorage? = try await open(directory)
        _ = try await storage?.append([StorageFixture.envelope("m1")], at: 1_000)
        #expect(FileManager.default.fileExists(atPath: Self.logPath(directory)))
        storage = nil
        #expect(try await Self.logRemoved(directory, within: 10))
    }

    /// Two servers on one data directory would both number envelopes from heads the other never
    /// saw: the second is refused, naming the process that holds it, until the first closes.
    @Test func oneStorageAtATimeUsesADataDirectory() async throws {
        let directory = try TemporaryDirectory()
        let first = try await open(directory)
        do {
            _ = try await open(directory)
            Issue.record("a second storage opened a data directory in use")
        } catch let error as StorageError {
            #expect(error.code == .cannotOpen)
            #expect(
                error.detail.contains("in use by another rtmwire process (process \(getpid()))"))
        }
        await first.close()
        let second = try await open(directory)
        _ = try await second.append([StorageFixture.envelope("m1")], at: 1_000)
        await second.close()
    }

    @Test func migratesADatabaseOfSchemaVersionOne() async throws {
        let directory = try TemporaryDirectory()
        let storage = try await open(directory)
        _ = try await storage.append([StorageFixture.envelope("m1")], at: 1_000)
        // Back to what version 1 was: its tables, without what versions 2 and 3 added.
        for statement in [
            "DROP INDEX envelopes_stored", "DROP INDEX envelopes_referenced",
            "ALTER TABLE envelopes DROP COLUMN referenced_id",
            "DROP TABLE metadata_sets", "DROP TABLE metadata_locks", "DROP TABLE counters",
            "DROP TABLE media", "PRAGMA user_version = 1",
        ] {
            _ = try await storage.writer.query(statement)
        }
        await storage.close()
        let migrated = try await open(directory)
        let version = try await migrated.writer.query("PRAGMA user_version").first?
            .column("user_version")?.integer
        #expect(version == SQLiteMigrations.all.count)
        #expect(
            try await migrated.references(to: "m1", in: StorageFixture.channel).message?.position
                == 1)
        var edit = StorageFixture.envelope("e1")
        edit.referencedMessageID = "m1"
        _ = try await migrated.append([edit], at: 2_000)
        #expect(
            try await migrated.references(to: "m1", in: StorageFixture.channel).references.map(
                \.messageID) == ["e1"])
        await migrated.close()
    }

    /// A read sent after an append returned sees what it stored, even while another read is
    /// under way: the statements of one SQLite connection share the snapshot of the first one
    /// running, so reads take turns (found by the durable soak: a history page without an
    /// envelope acknowledged before it was asked for).
    ///
    /// The other read is held open on its first row (sqlite-nio hands each row over between
    /// steps, with the connection's mutex free): its snapshot predates the append. The history
    /// read is sent while it is held and it is released half a second later; with the reads
    /// not taking turns, the history read runs in the held snapshot: entries `[1]`, latest 2.
    @Test func aReadAfterACommitSeesItWhileAnotherReadRuns() async throws {
        let directory = try TemporaryDirectory()
        let storage = try await open(directory)
        _ = try await storage.append([StorageFixture.envelope("m1")], at: 1_000)
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let release = DispatchSemaphore(value: 0)
        let held = Task {
            try await storage.read("hold a read open") { reader in
                try await reader.query("SELECT COUNT(*) FROM envelopes", []) { _ in
                    start.yield()
                    // A pool thread of sqlite-nio's, never a task's; bounded so a failure
                    // cannot hold it for ever.
                    _ = release.wait(timeout: .now() + 60)
                }
            }
        }
        for await _ in started { break }
        let stored = try await storage.append([StorageFixture.envelope("m2")], at: 2_000)
        #expect(stored.map(\.position) == [2])
        let history = Task {
            try await storage.history(
                HistoryQuery(key: StorageFixture.channel, direction: .latest, limit: 10))
        }
        try await Task.sleep(for: .milliseconds(500))
        release.signal()
        try await held.value
        let page = try await history.value
        #expect(page.envelopes.map(\.position) == [1, 2])
        #expect(page.latestPosition == 2)
        await storage.close()
    }
}
