import Foundation
import RTMWire
import Testing

@testable import RTMWireServer

/// A commit never copies the write-ahead log into the database file itself; a checkpoint beside
/// the writer does, at most once per `checkpointIntervalMs`.
@Suite("SQLite checkpoints")
struct SQLiteCheckpointTests {
    /// 600 envelopes of 8 KiB: about 1,200 pages of log, past SQLite's own checkpoint point
    /// (1,000 pages), in 30 commits.
    static func write(_ storage: SQLiteStorage) async throws {
        let key = HistoryKey(Conversation(type: .channel, id: "general"), senderID: "alice")!
        for batch in 0..<30 {
            let envelopes = (0..<20).map { index in
                EnvelopeToStore(
                    key: key, messageID: "m\(batch)-\(index)", senderID: "alice",
                    bytes: [UInt8](repeating: UInt8(index), count: 8_192))
            }
            _ = try await storage.append(envelopes, at: 1_000)
        }
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func noCommitCopiesTheLogIntoTheDatabase() async throws {
        let directory = try TemporaryDirectory()
        let storage = try await SQLiteStorage.open(
            directory: directory.path + "/data",
            configuration: .init(durability: .normal, checkpointIntervalMs: 3_600_000))
        let before = Self.size(storage.path)
        try await Self.write(storage)
        // Everything is in the log; the database file is as it was after the migrations.
        #expect(Self.size(storage.path + "-wal") > 4_800_000)
        #expect(Self.size(storage.path) == before)
        await storage.close()
    }

    @Test func aCheckpointBesideTheWriterCopiesIt() async throws {
        let directory = try TemporaryDirectory()
        let storage = try await SQLiteStorage.open(
            directory: directory.path + "/data",
            configuration: .init(durability: .normal, checkpointIntervalMs: 0))
        try await Self.write(storage)
        // The last commit started a checkpoint unless one was under way; wait for the ones
        // under way to end, then start one more and wait for it.
        for _ in 0..<2 {
            for _ in 0..<500 where storage.checkpoints.withLockedValue({ $0.running }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            storage.committed()
        }
        for _ in 0..<500 where storage.checkpoints.withLockedValue({ $0.running }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(Self.size(storage.path) > 4_800_000)
        let history = try await storage.history(
            HistoryQuery(
                key: HistoryKey(Conversation(type: .channel, id: "general"), senderID: "alice")!,
                direction: .latest, limit: 1))
        #expect(history.latestPosition == 600)
        await storage.close()
    }
}
