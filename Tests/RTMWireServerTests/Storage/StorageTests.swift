import Foundation
import PostgresNIO
import RTMWire
import Synchronization
import Testing

@testable import RTMWireServer

/// The history and envelopes the storage tests store.
enum StorageFixture {
    static let channel = HistoryKey(Conversation(type: .channel, id: "general"), senderID: "alice")!

    static func envelope(_ id: String, _ key: HistoryKey = channel, from sender: String = "alice")
        -> EnvelopeToStore
    {
        EnvelopeToStore(
            key: key, messageID: id, senderID: sender,
            bytes: Array("bytes of \(id)".utf8) + [0, 0xFF])
    }
}

/// What every ``ServerStorage`` backend must do, run against each one this run can test
/// (``StorageBackend/testable``: PostgreSQL when the tests have a server).
@Suite("Storage, on every backend")
struct StorageTests {
    static let channel = StorageFixture.channel

    func envelope(_ id: String, _ key: HistoryKey = channel, from sender: String = "alice")
        -> EnvelopeToStore
    {
        StorageFixture.envelope(id, key, from: sender)
    }

    @Test func peerHistoriesAreOnePerPairWhoeverSends() {
        let fromAlice = HistoryKey(Conversation(type: .peer, id: "bob"), senderID: "alice")
        let fromBob = HistoryKey(Conversation(type: .peer, id: "alice"), senderID: "bob")
        #expect(fromAlice == fromBob)
        #expect(fromAlice != HistoryKey(Conversation(type: .peer, id: "carol"), senderID: "alice"))
        #expect(
            HistoryKey(Conversation(type: .group, id: "x"), senderID: "a")
                != HistoryKey(Conversation(type: .channel, id: "x"), senderID: "a"))
        #expect(HistoryKey(Conversation(type: .unspecified, id: "x"), senderID: "a") == nil)
        // Ids that hold any separator still make distinct pairs.
        let joined = HistoryKey(Conversation(type: .peer, id: "c"), senderID: "a\u{1F}b")
        let split = HistoryKey(Conversation(type: .peer, id: "b\u{1F}c"), senderID: "a")
        #expect(joined != nil && joined != split)
        let colon = HistoryKey(Conversation(type: .peer, id: "1:ab"), senderID: "1:a")
        let other = HistoryKey(Conversation(type: .peer, id: "b"), senderID: "1:a1:a")
        #expect(colon != other)
    }

    @Test(arguments: StorageBackend.testable)
    func numbersEnvelopesFromOneAndStoresARepeatOnce(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            let first = try await storage.append(
                [envelope("m1"), envelope("m2"), envelope("m1")], at: 1_000)
            #expect(first.map(\.position) == [1, 2, 1])
            #expect(first.map(\.isRepeat) == [false, false, true])
            #expect(Set(first.map(\.epoch)).count == 1)
            let again = try await storage.append([envelope("m2"), envelope("m3")], at: 2_000)
            #expect(again.map(\.position) == [2, 3])
            #expect(
                again[0].isRepeat && again[0].storedTimeMs == 1_000
                    && again[0].epoch == first[0].epoch)
            // Another history numbers from 1 with an epoch of its own.
            let group = HistoryKey(Conversation(type: .group, id: "g"), senderID: "alice")!
            let other = try await storage.append([envelope("m1", group)], at: 3_000)
            #expect(other[0].position == 1 && other[0].epoch != first[0].epoch)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func keepsBytesExactlyAndPositionsAcrossAReopen(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            let stored = try await storage.append((1...5).map { envelope("m\($0)") }, at: 1_000)
            await storage.close()
            let reopened = try await place.open()
            let page = try await reopened.history(
                HistoryQuery(key: Self.channel, direction: .latest, limit: 10))
            #expect(page.envelopes.map(\.bytes) == (1...5).map { envelope("m\($0)").bytes })
            #expect(page.epoch == stored[0].epoch && page.latestPosition == 5 && !page.hasMore)
            let next = try await reopened.append([envelope("m6"), envelope("m3")], at: 2_000)
            #expect(next.map(\.position) == [6, 3] && next[1].isRepeat)
            await reopened.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func pagesBackwardAndCatchesUp(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            _ = try await storage.append((1...10).map { envelope("m\($0)") }, at: 1_000)
            let latest = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .latest, limit: 3))
            #expect(latest.envelopes.map(\.position) == [8, 9, 10] && latest.hasMore)
            let before = try await storage.history(
                HistoryQuery(
                    key: Self.channel, direction: .before(8), limit: 3, epoch: latest.epoch))
            #expect(before.envelopes.map(\.position) == [5, 6, 7] && before.hasMore)
            let oldest = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .before(3), limit: 3))
            #expect(oldest.envelopes.map(\.position) == [1, 2] && !oldest.hasMore)
            let after = try await storage.history(
                HistoryQuery(
                    key: Self.channel, direction: .after(4), limit: 4, epoch: latest.epoch))
            #expect(after.envelopes.map(\.position) == [5, 6, 7, 8] && after.hasMore)
            let end = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(8), limit: 4))
            #expect(end.envelopes.map(\.position) == [9, 10] && !end.hasMore && end.status == .ok)
            let upToDate = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(10), limit: 4))
            #expect(upToDate.status == .ok && upToDate.envelopes.isEmpty && !upToDate.hasMore)
            await storage.close()
        }
    }

    /// The rows of the `histories` table, read straight from the database.
    static func historyRows(_ storage: any ServerStorage) async throws -> Int {
        switch storage {
        case let sqlite as SQLiteStorage:
            let rows = try await sqlite.writer.query("SELECT COUNT(*) AS n FROM histories")
            return try #require(rows.first?.column("n")?.integer)
        case let postgres as PostgresStorage:
            let rows = try await postgres.client.query("SELECT COUNT(*)::BIGINT FROM histories")
            for try await count in rows.decode(Int64.self) { return Int(count) }
            return 0
        default:
            Issue.record("no way to count the histories of \(type(of: storage))")
            return -1
        }
    }

    /// A client may name any conversation it may read: reading one nobody wrote keeps nothing
    /// (no row, no cached head) and reports position 0 with the epoch its first envelope then
    /// opens, the same after a reopen; another database gives the same key another epoch.
    @Test(arguments: StorageBackend.testable)
    func readingAHistoryNobodyWroteKeepsNothing(_ backend: StorageBackend) async throws {
        var firstEpoch = ""
        try await backend.withPlace { place in
            var epochs: Set<String> = []
            let storage = try await place.open()
            for index in 0..<50 {
                let key = HistoryKey(
                    Conversation(type: .channel, id: "nobody-\(index)"), senderID: "alice")!
                let page = try await storage.history(
                    HistoryQuery(key: key, direction: .latest, limit: 10))
                #expect(page.status == .ok && page.envelopes.isEmpty)
                #expect(page.epoch.count == 16 && page.latestPosition == 0 && !page.hasMore)
                epochs.insert(page.epoch)
            }
            #expect(epochs.count == 50)
            #expect(try await Self.historyRows(storage) == 0)
            if let sqlite = storage as? SQLiteStorage {
                #expect(sqlite.heads.withLockedValue { $0.isEmpty })
            }
            let empty = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .latest, limit: 10))
            await storage.close()
            let reopened = try await place.open()
            let again = try await reopened.history(
                HistoryQuery(key: Self.channel, direction: .latest, limit: 10))
            #expect(again.epoch == empty.epoch)
            let stored = try await reopened.append([envelope("m1"), envelope("m2")], at: 1_000)
            #expect(try await Self.historyRows(reopened) == 1)
            #expect(stored.map(\.epoch) == [empty.epoch, empty.epoch])
            let caughtUp = try await reopened.history(
                HistoryQuery(key: Self.channel, direction: .after(0), limit: 10, epoch: empty.epoch)
            )
            #expect(caughtUp.status == .ok && caughtUp.envelopes.map(\.position) == [1, 2])
            firstEpoch = empty.epoch
            await reopened.close()
        }
        try await backend.withPlace { place in
            let storage = try await place.open()
            let page = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .latest, limit: 10))
            #expect(page.epoch.count == 16 && page.epoch != firstEpoch)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func asksForAReloadFromAnotherEpochOrAPositionItNeverGave(_ backend: StorageBackend)
        async throws
    {
        try await backend.withPlace { place in
            let storage = try await place.open()
            _ = try await storage.append([envelope("m1")], at: 1_000)
            let wrongEpoch = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(0), limit: 5, epoch: "another"))
            #expect(wrongEpoch.status == .reload && wrongEpoch.envelopes.isEmpty)
            let ahead = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(2), limit: 5))
            #expect(ahead.status == .reload)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func keepsAtMostMaxEnvelopesAndAsksForAReloadPastThem(_ backend: StorageBackend)
        async throws
    {
        try await backend.withPlace { place in
            let storage = try await place.open(retention: RetentionPolicy(maxEnvelopes: 4))
            _ = try await storage.append((1...4).map { envelope("m\($0)") }, at: 1_000)
            // At the limit: all four kept, catching up from 0 works.
            let full = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(0), limit: 10))
            #expect(full.status == .ok && full.envelopes.map(\.position) == [1, 2, 3, 4])
            // One past: the oldest goes; from 0 the client must reload, from 1 it catches up.
            _ = try await storage.append([envelope("m5")], at: 1_000)
            let gone = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(0), limit: 10))
            #expect(gone.status == .reload)
            let kept = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(1), limit: 10))
            #expect(kept.envelopes.map(\.position) == [2, 3, 4, 5])
            let latest = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .latest, limit: 10))
            #expect(latest.envelopes.map(\.position) == [2, 3, 4, 5] && !latest.hasMore)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func deletesWhatIsOlderThanMaxAge(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open(retention: RetentionPolicy(maxAgeMs: 1_000))
            _ = try await storage.append([envelope("old1"), envelope("old2")], at: 1_000)
            _ = try await storage.append([envelope("new")], at: 1_500)
            // At exactly max age nothing goes; one ms past, what is older goes.
            #expect(try await storage.deleteExpired(at: 2_000) == 0)
            #expect(try await storage.deleteExpired(at: 2_001) == 2)
            let page = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .latest, limit: 10))
            #expect(page.envelopes.map(\.messageID) == ["new"])
            let catchUp = try await storage.history(
                HistoryQuery(key: Self.channel, direction: .after(1), limit: 10))
            #expect(catchUp.status == .reload)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func keepsAMediaIdsFirstExpiryUntilMaxAgePastIt(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open(retention: RetentionPolicy(maxAgeMs: 1_000))
            var first = envelope("i1")
            first.media = (id: "m", expiresAtMs: 5_000)
            var again = envelope("i2")
            again.media = (id: "m", expiresAtMs: 9_000)
            _ = try await storage.append([first], at: 1_000)
            _ = try await storage.append([again], at: 1_200)
            // The first sighting's expiry stands.
            #expect(try await storage.mediaExpiry(of: "m") == 5_000)
            #expect(try await storage.mediaExpiry(of: "other") == nil)
            _ = try await storage.deleteExpired(at: 6_000)
            #expect(try await storage.mediaExpiry(of: "m") == 5_000)
            _ = try await storage.deleteExpired(at: 6_001)
            #expect(try await storage.mediaExpiry(of: "m") == nil)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func findsWhatWasStoredAboutAMessage(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            var edit = envelope("e1")
            edit.referencedMessageID = "m1"
            var elsewhere = envelope(
                "e2", HistoryKey(Conversation(type: .group, id: "g"), senderID: "a")!)
            elsewhere.referencedMessageID = "m1"
            _ = try await storage.append(
                [envelope("m1"), edit, envelope("m2"), elsewhere], at: 1_000)
            let found = try await storage.references(to: "m1", in: Self.channel)
            #expect(found.message?.messageID == "m1" && found.message?.position == 1)
            #expect(found.references.map(\.messageID) == ["e1"])
            let none = try await storage.references(to: "m9", in: Self.channel)
            #expect(none.message == nil && none.references.isEmpty)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func metadataChangesAreWrittenBackAsAWhole(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            let written = try await storage.modifyMetadata(of: "channel:1:general") { record in
                #expect(record == MetadataRecord())
                record.metadata = Metadata(
                    items: [MetadataItem(key: "topic", value: "hi", revision: 1)])
                record.locks = ["edit": "alice"]
                record.lastRevision = 1
                return "done"
            }
            #expect(written == "done")
            await storage.close()
            // Read back after reopening; emptying the set and the locks deletes them.
            let reopened = try await place.open()
            let read = try await reopened.modifyMetadata(of: "channel:1:general") { record in
                let seen = record
                record = MetadataRecord(lastRevision: record.lastRevision)
                return seen
            }
            #expect(read.metadata?.items.map(\.value) == ["hi"] && read.locks == ["edit": "alice"])
            #expect(read.lastRevision == 1)
            let after = try await reopened.modifyMetadata(of: "channel:1:general") { $0 }
            #expect(after == MetadataRecord(lastRevision: 1))
            // The revision counter is store-wide.
            #expect(try await reopened.modifyMetadata(of: "user:bob") { $0.lastRevision } == 1)
            await reopened.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func findsTheSendersOfStoredMessages(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            _ = try await storage.append(
                [envelope("m1", from: "alice"), envelope("m2", from: "bob")], at: 1_000)
            let senders = try await storage.senders(of: ["m1", "m2", "m3"], in: Self.channel)
            #expect(senders == ["m1": "alice", "m2": "bob"])
            let elsewhere = HistoryKey(Conversation(type: .group, id: "g"), senderID: "alice")!
            #expect(try await storage.senders(of: ["m1"], in: elsewhere).isEmpty)
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func keepsGroupMembersAndRoles(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            #expect(try await storage.groupMembers("g").isEmpty)
            try await storage.updateGroup("g", ["alice": .owner, "bob": .member, "carol": .admin])
            let changes: [String: GroupRole?] = ["bob": .admin, "carol": nil]
            try await storage.updateGroup("g", changes)
            #expect(
                try await storage.groupMembers("g") == [
                    GroupMember(userID: "alice", role: .owner),
                    GroupMember(userID: "bob", role: .admin),
                ])
            await storage.close()
        }
    }

    @Test(arguments: StorageBackend.testable)
    func refusesCallsAfterClose(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            await storage.close()
            do throws(StorageError) {
                _ = try await storage.append([envelope("m1")], at: 1)
                Issue.record("stored after close")
            } catch {
                #expect(error.code == .closed)
            }
        }
    }

    @Test(arguments: StorageBackend.testable)
    func batchesConcurrentStoresIntoFewerCommits(_ backend: StorageBackend) async throws {
        try await backend.withPlace { place in
            let storage = try await place.open()
            let counting = CountingStorage(storage)
            let batcher = CommitBatcher(storage: counting, maxBatch: 64, clock: { 5_000 })
            let positions = try await withThrowingTaskGroup(of: StoredPosition.self) { group in
                for index in 1...200 {
                    group.addTask { try await batcher.store(StorageFixture.envelope("m\(index)")) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(positions.map(\.position)) == Set(1...200))
            #expect(positions.allSatisfy { !$0.isRepeat && $0.storedTimeMs == 5_000 })
            // Stores that arrive during a commit wait for the next one, which takes them all (at
            // most 64 at a time): fewer commits than envelopes, never more than 64 in one.
            let batches = counting.batchSizes.withLock { $0 }
            #expect(batches.reduce(0, +) == 200)
            #expect(batches.count < 200 && batches.allSatisfy { $0 <= 64 })
            await storage.close()
        }
    }
}

/// A storage that counts the batches appended through it.
final class CountingStorage: ServerStorage {
    let base: any ServerStorage
    let batchSizes = Mutex<[Int]>([])

    init(_ base: any ServerStorage) { self.base = base }

    func append(_ envelopes: [EnvelopeToStore], at nowMs: Int64) async throws(StorageError)
        -> [StoredPosition]
    {
        batchSizes.withLock { $0.append(envelopes.count) }
        return try await base.append(envelopes, at: nowMs)
    }

    func history(_ query: HistoryQuery) async throws(StorageError) -> HistorySlice {
        try await base.history(query)
    }

    func deleteExpired(at nowMs: Int64) async throws(StorageError) -> Int {
        try await base.deleteExpired(at: nowMs)
    }

    func senders(of messageIDs: [String], in key: HistoryKey) async throws(StorageError)
        -> [String: String]
    {
        try await base.senders(of: messageIDs, in: key)
    }

    func groupMembers(_ groupID: String) async throws(StorageError) -> [GroupMember] {
        try await base.groupMembers(groupID)
    }

    func references(to messageID: String, in key: HistoryKey) async throws(StorageError)
        -> MessageReferences
    {
        try await base.references(to: messageID, in: key)
    }

    func mediaExpiry(of mediaID: String) async throws(StorageError) -> Int64? {
        try await base.mediaExpiry(of: mediaID)
    }

    func modifyMetadata<Result: Sendable>(
        of target: String, _ change: @escaping @Sendable (inout MetadataRecord) -> Result
    ) async throws(StorageError) -> Result {
        try await base.modifyMetadata(of: target, change)
    }

    func updateGroup(_ groupID: String, _ changes: [String: GroupRole?])
        async throws(StorageError)
    {
        try await base.updateGroup(groupID, changes)
    }

    func close() async { await base.close() }
}
