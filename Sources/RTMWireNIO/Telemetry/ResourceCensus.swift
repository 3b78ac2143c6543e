import NIOConcurrencyHelpers

/// Live counts of the per-connection state the NIO transport creates, for the soak and the
/// tests: a long-running server must come back to the same counts whatever number of
/// connections it has served, so a count that only grows names what is kept.
///
/// Each count moves once when an object is made and once when it goes (`init`/`deinit`, or a
/// task's start and end): one locked add per connection, never per frame.
enum ResourceCensus {
    /// What is alive now.
    struct Counts: Hashable, Sendable, CustomStringConvertible {
        /// ``TCPEnvelopeConnection`` scopes running (both ends, in this process).
        var connections = 0
        /// Server handler tasks running (``TCPServer``'s child tasks, refused ones included).
        var serverTasks = 0
        /// Inbound pump tasks running (one per connection scope).
        var pumps = 0
        /// ``EnvelopeInbox`` actors alive.
        var inboxes = 0
        /// ``OutboundBudget``s alive (one per configured channel).
        var budgets = 0
        /// ``FrameDeadlineHandler``s alive (one per configured channel with a frame timeout).
        var deadlineHandlers = 0

        var description: String {
            """
            connections \(connections), server tasks \(serverTasks), pumps \(pumps), \
            inboxes \(inboxes), budgets \(budgets), deadline handlers \(deadlineHandlers)
            """
        }
    }

    private static let counts = NIOLockedValueBox(Counts())

    /// The counts now.
    static var now: Counts { counts.withLockedValue { $0 } }

    /// Adds `delta` to one count.
    static func add(_ count: WritableKeyPath<Counts, Int>, _ delta: Int) {
        counts.withLockedValue { $0[keyPath: count] += delta }
    }

    /// Runs `body` with `count` one higher.
    static func counting<Result>(
        _ count: WritableKeyPath<Counts, Int>, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        add(count, 1)
        defer { add(count, -1) }
        return try await body()
    }
}
