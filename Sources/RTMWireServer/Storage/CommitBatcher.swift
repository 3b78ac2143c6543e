import RTMWireReferencePeers

/// Stores envelopes in as few transactions as it can (group commit): the envelopes that arrive
/// while one commit is under way are stored together by the next. Each caller waits for the
/// commit that holds its envelope, so it is acknowledged only once the envelope is kept, and a
/// busy server pays one commit (one sync to disk) for many envelopes.
public actor CommitBatcher {
    /// Where the envelopes go.
    public nonisolated let storage: any ServerStorage
    /// The most envelopes one transaction holds. Default 1,000.
    public nonisolated let maxBatch: Int
    private let clock: @Sendable () -> Int64
    private var pending: [(EnvelopeToStore, Waiter)] = []
    private var committing = false

    private typealias Waiter = CheckedContinuation<Result<StoredPosition, StorageError>, Never>

    /// Creates a batcher over `storage`; `clock` stamps each transaction (ms since the Unix epoch).
    public init(
        storage: any ServerStorage, maxBatch: Int = 1_000,
        clock: @escaping @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) {
        self.storage = storage
        self.maxBatch = max(1, maxBatch)
        self.clock = clock
    }

    /// Stores `envelope` with the next commit and returns its position once that commit is
    /// durable; throws the commit's ``StorageError`` when it fails (nothing of its batch is kept).
    public func store(_ envelope: EnvelopeToStore) async throws(StorageError) -> StoredPosition {
        try await withCheckedContinuation { continuation in
            pending.append((envelope, continuation))
            if !committing {
                committing = true
                Task { await self.commitWhilePending() }
            }
        }.get()
    }

    private func commitWhilePending() async {
        while !pending.isEmpty {
            let batch = Array(pending.prefix(maxBatch))
            pending.removeFirst(batch.count)
            do throws(StorageError) {
                let positions = try await storage.append(batch.map(\.0), at: clock())
                guard positions.count == batch.count else {
                    throw StorageError(
                        .unavailable,
                        "storage returned \(positions.count) positions for \(batch.count) envelopes"
                    )
                }
                for ((_, continuation), position) in zip(batch, positions) {
                    continuation.resume(returning: .success(position))
                }
            } catch {
                for (_, continuation) in batch { continuation.resume(returning: .failure(error)) }
            }
        }
        committing = false
    }
}
