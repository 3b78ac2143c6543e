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
    private var pending: [Request] = []
    private var committing = false

    /// Envelopes of one caller, stored in order, and who waits for their positions.
    private struct Request {
        var envelopes: [EnvelopeToStore]
        var waiter: CheckedContinuation<Result<[StoredPosition], StorageError>, Never>
    }

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
        let positions = try await store([envelope])
        guard let position = positions.first else {
            throw StorageError(.unavailable, "storage returned no position")
        }
        return position
    }

    /// Stores `envelopes`, in order, with the next commit (one commit, unless there are more than
    /// ``maxBatch`` of them), and returns their positions once it is durable.
    public func store(_ envelopes: [EnvelopeToStore]) async throws(StorageError)
        -> [StoredPosition]
    {
        guard !envelopes.isEmpty else { return [] }
        return try await withCheckedContinuation { waiter in
            pending.append(Request(envelopes: envelopes, waiter: waiter))
            if !committing {
                committing = true
                Task { await self.commitWhilePending() }
            }
        }.get()
    }

    private func commitWhilePending() async {
        while !pending.isEmpty {
            // Whole requests, up to maxBatch envelopes (a larger request goes alone).
            var count = 0
            var taken = 0
            while taken < pending.count,
                taken == 0 || count + pending[taken].envelopes.count <= maxBatch
            {
                count += pending[taken].envelopes.count
                taken += 1
            }
            let batch = Array(pending.prefix(taken))
            pending.removeFirst(taken)
            do throws(StorageError) {
                let positions = try await storage.append(
                    batch.flatMap(\.envelopes), at: clock())
                guard positions.count == count else {
                    throw StorageError(
                        .unavailable,
                        "storage returned \(positions.count) positions for \(count) envelopes")
                }
                var start = 0
                for request in batch {
                    let end = start + request.envelopes.count
                    request.waiter.resume(returning: .success(Array(positions[start..<end])))
                    start = end
                }
            } catch {
                for request in batch { request.waiter.resume(returning: .failure(error)) }
            }
        }
        committing = false
    }
}
