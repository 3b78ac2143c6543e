import NIOCore
import SQLiteNIO

extension SQLiteStorage {
    /// The log's size, in pages, past which a checkpoint truncates it: 1,000 (4 MiB), SQLite's
    /// own checkpoint point.
    static let restartPages = 1_000

    /// Whether a checkpoint is under way, and when the last one ended (or the storage opened).
    struct CheckpointState: Sendable {
        var running = false
        var lastEnded: NIODeadline
    }

    /// Called after each commit: starts a checkpoint unless one is under way or the last one
    /// ended less than ``Configuration/checkpointIntervalMs`` ago.
    ///
    /// A checkpoint copies the pages the write-ahead log holds into the database file (and, with
    /// ``Configuration/Durability/full``, syncs it). SQLite runs one inside the commit that takes
    /// the log past 1,000 pages, and that commit waits for it: at 1,000 envelopes a second, about
    /// once a second, for tens of milliseconds — the 99th percentile of a send's delay. Here a
    /// commit never checkpoints (`wal_autocheckpoint = 0`); a checkpoint runs on a connection of
    /// its own and copies what is committed while the writer goes on (a passive checkpoint
    /// waits for no one). Under steady writes it never finds the whole log copied, so once the
    /// log passes ``restartPages`` it finishes the copy with writers held at the gate (a short
    /// wait: little is left to copy) and truncates the log.
    func committed() {
        let now = NIODeadline.now()
        let interval = TimeAmount.milliseconds(configuration.checkpointIntervalMs)
        let starts = checkpoints.withLockedValue { state in
            guard !state.running, now - state.lastEnded >= interval else {
                return false
            }
            state.running = true
            return true
        }
        guard starts else { return }
        Task { await self.checkpoint() }
    }

    /// Copies what the log holds into the database (nothing once the storage is closed). A
    /// checkpoint that fails leaves the log as it is, for the next one: the log is durable.
    func checkpoint() async {
        try? await checkpointGate.run { () async throws(StorageError) in
            guard !closed.withLockedValue({ $0 }) else { return }
            do {
                // Columns: busy, pages in the log, pages copied. Under steady writes a passive
                // checkpoint never finds the log fully copied, and the log only starts over
                // once it is: past `restartPages`, the copy finishes with writers held at the
                // gate (little is left to copy by then), and the log is truncated.
                let result = try await checkpointer.query("PRAGMA wal_checkpoint(PASSIVE)")
                let pages = result.first?.columns.dropFirst().first?.data.integer ?? 0
                if pages > Self.restartPages {
                    try await gate.run { () async throws(StorageError) in
                        do {
                            _ = try await checkpointer.query("PRAGMA wal_checkpoint(TRUNCATE)")
                        } catch {
                            throw StorageError(mapping: error, doing: "truncate the log")
                        }
                    }
                }
            } catch {
                configuration.logger.warning(
                    "rtmwire: checkpoint failed, the log keeps growing until one passes",
                    metadata: ["rtmwire.error": "\(error)"])
            }
        }
        checkpoints.withLockedValue { state in
            state.running = false
            state.lastEnded = NIODeadline.now()
        }
    }
}
