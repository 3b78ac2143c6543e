import NIOConcurrencyHelpers
import RTMWire
import RTMWireNIO
import Testing

@testable import RTMWireServer

/// The retention sweep runs beside the server's ticks: a sweep that waits (for the storage's
/// writer, behind a heavy load) holds up neither the sign-in nor the token deadlines, and
/// sweeps do not pile up.
@Suite(.timeLimit(.minutes(5)))
struct RetentionSweepTests {
    @Test func aSweepThatWaitsHoldsUpNoDeadline() async throws {
        let directory = try TemporaryDirectory()
        let sqlite = try await SQLiteStorage.open(
            directory: directory.path, configuration: .init(durability: .normal))
        let storage = HeldSweepStorage(sqlite)
        let now = NIOLockedValueBox<Int64>(1_764_000_000_000)
        var configuration = ServerConfiguration(authentication: .tokens(ServerHarness.verifier))
        configuration.signInTimeoutMs = 5_000
        configuration.retentionSweepIntervalMs = 60_000
        let server = ChatServer(
            configuration: configuration, storage: storage, clock: { now.withLockedValue { $0 } })

        #expect(await server.opened(RelayConnection(id: 1, transport: .tcp)).isEmpty)
        // The first tick starts a sweep, which the storage holds.
        #expect(await server.tick().isEmpty)
        await storage.sweepStarted()

        // The connection that never signed in is closed while that sweep still waits (a tick
        // that awaited the sweep would never return here).
        now.withLockedValue { $0 += 5_000 }
        let closed = await server.tick().compactMap { action -> Int? in
            guard case .close(let id, _) = action else { return nil }
            return id
        }
        #expect(closed == [1])

        // Past the interval, a tick starts no second sweep beside the one still running ...
        now.withLockedValue { $0 += 60_000 }
        #expect(await server.tick().isEmpty)
        #expect(storage.sweeps == 1)

        // ... and once it ended, the next tick past the interval starts one.
        storage.release()
        try await Self.untilIdle(server.retentionSweeper)
        now.withLockedValue { $0 += 60_000 }
        _ = await server.tick()
        await storage.sweepStarted()
        #expect(storage.sweeps == 2)
        storage.release()
        try await Self.untilIdle(server.retentionSweeper)
        await sqlite.close()
    }

    /// Returns once no sweep runs (polling: a sweep ends on a task of its own).
    static func untilIdle(_ sweeper: RetentionSweeper) async throws {
        while sweeper.isRunning { try await Task.sleep(for: .milliseconds(5)) }
    }
}

/// SQLite storage whose retention sweeps wait until the test releases them, one release per
/// sweep, and are counted; everything else goes straight through.
final class HeldSweepStorage: ServerStorage {
    private let base: SQLiteStorage
    private let count = NIOLockedValueBox(0)
    private let started = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)
    private let releases = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)

    init(_ base: SQLiteStorage) { self.base = base }

    /// How many sweeps started.
    var sweeps: Int { count.withLockedValue { $0 } }

    /// Returns once the next sweep (counting from the last call) has started.
    func sweepStarted() async {
        var iterator = started.stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// Lets the waiting sweep (or the next one) go on.
    func release() { releases.continuation.yield() }

    func deleteExpired(at nowMs: Int64) async throws(StorageError) -> Int {
        count.withLockedValue { $0 += 1 }
        started.continuation.yield()
        var iterator = releases.stream.makeAsyncIterator()
        _ = await iterator.next()
        return try await base.deleteExpired(at: nowMs)
    }

    func append(_ envelopes: [EnvelopeToStore], at nowMs: Int64) async throws(StorageError)
        -> [StoredPosition]
    { try await base.append(envelopes, at: nowMs) }

    func history(_ query: HistoryQuery) async throws(StorageError) -> HistorySlice {
        try await base.history(query)
    }

    func senders(of messageIDs: [String], in key: HistoryKey) async throws(StorageError)
        -> [String: String]
    { try await base.senders(of: messageIDs, in: key) }

    func references(to messageID: String, in key: HistoryKey) async throws(StorageError)
        -> MessageReferences
    { try await base.references(to: messageID, in: key) }

    func modifyMetadata<Result: Sendable>(
        of target: String, _ change: @escaping @Sendable (inout MetadataRecord) -> Result
    ) async throws(StorageError) -> Result { try await base.modifyMetadata(of: target, change) }

    func mediaExpiry(of mediaID: String) async throws(StorageError) -> Int64? {
        try await base.mediaExpiry(of: mediaID)
    }

    func groupMembers(_ groupID: String) async throws(StorageError) -> [GroupMember] {
        try await base.groupMembers(groupID)
    }

    func updateGroup(_ groupID: String, _ changes: [String: GroupRole?])
        async throws(StorageError)
    { try await base.updateGroup(groupID, changes) }

    func close() async { await base.close() }
}
