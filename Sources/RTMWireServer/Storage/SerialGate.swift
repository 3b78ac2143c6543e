/// Runs async critical sections one at a time, in arrival order: a storage backend's
/// transactions on its one writing connection must not interleave their statements (an actor
/// alone would, at every `await`).
actor SerialGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once every section that arrived before it has ended.
    func run<Result: Sendable>(
        _ body: @Sendable () async throws(StorageError) -> Result
    ) async throws(StorageError) -> Result {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiting.isEmpty {
                busy = false
            } else {
                // The gate passes straight to the next section: `busy` stays set.
                waiting.removeFirst().resume()
            }
        }
        return try await body()
    }
}
