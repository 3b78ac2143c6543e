import NIOConcurrencyHelpers

/// Runs the storage's retention sweep (``ServerStorage/deleteExpired(at:)``) every
/// ``ServerConfiguration/retentionSweepIntervalMs``, in a task of its own and one at a time.
///
/// A sweep waits its turn at the storage's writer, behind whatever is being stored; the
/// server's tick, which also closes the connections whose sign-in or token time is up, must not
/// wait with it.
struct RetentionSweeper: Sendable {
    private struct State {
        /// When the last sweep started (0: none yet, so the first tick starts one).
        var lastStartMs: Int64 = 0
        var isRunning = false
    }
    private let state = NIOLockedValueBox(State())

    /// Whether a sweep runs now.
    var isRunning: Bool { state.withLockedValue { $0.isRunning } }

    /// Starts a sweep of `storage` as of `nowMs`, unless one is running or the last started less
    /// than `intervalMs` ago; returns its task, or nil when none started.
    @discardableResult
    func startIfDue(at nowMs: Int64, every intervalMs: Int64, of storage: any ServerStorage)
        -> Task<Void, Never>?
    {
        let starts = state.withLockedValue { state in
            guard !state.isRunning, nowMs - state.lastStartMs >= intervalMs else { return false }
            state.isRunning = true
            state.lastStartMs = nowMs
            return true
        }
        guard starts else { return nil }
        let state = self.state
        return Task {
            // A failed sweep is tried again at the next interval: nothing acknowledged depends
            // on it.
            _ = try? await storage.deleteExpired(at: nowMs)
            state.withLockedValue { $0.isRunning = false }
        }
    }
}
