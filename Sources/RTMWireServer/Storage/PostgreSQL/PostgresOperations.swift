import NIOConcurrencyHelpers

/// The calls a ``PostgresStorage`` is running, so that closing it lets them end first.
///
/// Cancelling postgres-nio's pool while a call waits for one of its connections leaves that
/// call waiting for ever (seen: a retention sweep that began as the server shut down), so the
/// pool is shut only once no call is inside it, or after ``drainLimit``.
struct PostgresOperations: Sendable {
    private struct State {
        var closed = false
        var running = 0
        var committed = 0
    }

    private let state = NIOLockedValueBox(State())
    /// The longest ``close()`` waits for the running calls. Default 10 s: far longer than a
    /// transaction takes, short enough for a shutdown.
    let drainLimit: Duration

    init(drainLimit: Duration = .seconds(10)) {
        self.drainLimit = drainLimit
    }

    /// Runs `body` as one call; throws ``StorageError/Code/closed`` once ``close()`` began,
    /// and ``StorageError/Code/unavailable`` when it has not ended within `limit` (it is
    /// cancelled then).
    ///
    /// The limit is what lets a node that lost its database answer: postgres-nio's pool keeps a
    /// request waiting for a connection until its circuit breaker opens, a minute after the
    /// first failed attempt. A cancelled request leaves the pool's queue at once, and a
    /// cancelled statement at once too (``PostgresConnection/answer(to:logger:)``: its
    /// connection is closed), so the limit is kept even when the database stops answering; a
    /// transaction cancelled half way is rolled back, and one whose commit was cancelled in
    /// flight is found a repeat when its envelopes are sent again.
    func run<Result: Sendable>(
        within limit: Duration, _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let admitted = state.withLockedValue { state in
            guard !state.closed else { return false }
            state.running += 1
            return true
        }
        guard admitted else { throw StorageError(.closed, "the storage was closed") }
        defer { state.withLockedValue { $0.running -= 1 } }
        return try await withThrowingTaskGroup(of: Outcome<Result>.self) { group in
            group.addTask { .ended(try await body()) }
            group.addTask {
                try await Task.sleep(for: limit)
                return .timedOut
            }
            defer { group.cancelAll() }
            switch try await group.next() {
            case .ended(let result)?:
                return result
            case .timedOut?, nil:
                throw StorageError(.unavailable, "PostgreSQL did not answer within \(limit)")
            }
        }
    }

    /// Which of a call and its time limit ended first.
    private enum Outcome<Result: Sendable>: Sendable {
        case ended(Result)
        case timedOut
    }

    /// Counts a committed transaction.
    func countCommit() {
        state.withLockedValue { $0.committed += 1 }
    }

    /// How many transactions were committed.
    var committedCount: Int { state.withLockedValue { $0.committed } }

    /// How many calls are running.
    var runningCount: Int { state.withLockedValue { $0.running } }

    /// Refuses new calls and waits until the running ones ended, or ``drainLimit`` passed.
    /// Returns false when it was already closed.
    func close() async -> Bool {
        let wasClosed = state.withLockedValue { state in
            defer { state.closed = true }
            return state.closed
        }
        guard !wasClosed else { return false }
        // Polled: a shutdown waits once, and a continuation resumed by the last call to leave
        // would need a cancellation path of its own for the time limit.
        let clock = ContinuousClock()
        let deadline = clock.now + drainLimit
        while runningCount > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
