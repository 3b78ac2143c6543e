import Logging
import NIOConcurrencyHelpers
import NIOCore

/// What ``TCPServer`` and ``WebSocketServer`` share: the scope of a listener (accepting in a
/// child task while the caller's body runs), admission under ``ConnectionLimits/maxConnections``,
/// and serving until cancelled.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
enum ServerScope {
    /// Accepts on `listener` while `body` runs. When `body` returns the listener closes and the
    /// running handlers are waited for; when it throws, they are cancelled.
    ///
    /// Each accepted socket is counted against `maxConnections` while `serve` runs for it in its
    /// own child task (a discarding group, so a long-running server keeps nothing of the
    /// connections that ended); one over the limit is logged and handed to `refuse` instead.
    static func withListener<Accepted: Sendable, Result: Sendable>(
        _ listener: NIOAsyncChannel<Accepted, Never>, maxConnections: Int,
        telemetry: FramingTelemetry,
        channel: @escaping @Sendable (Accepted) -> any Channel,
        refuse: @escaping @Sendable (Accepted) async -> Void,
        serve: @escaping @Sendable (Accepted) async -> Void,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await accept(
                    listener, maxConnections: maxConnections, telemetry: telemetry,
                    channel: channel, refuse: refuse, serve: serve)
            }
            do {
                let result = try await body()
                try? await listener.channel.close().get()
                try await group.waitForAll()
                return result
            } catch {
                group.cancelAll()
                try? await listener.channel.close().get()
                throw error
            }
        }
    }

    /// Runs a server (`serve`, handed the body to run while it listens) until the calling task
    /// is cancelled, then returns.
    static func untilCancelled(
        _ serve: (_ body: (SocketAddress) async throws -> Void) async throws -> Void
    ) async throws {
        do {
            try await serve { _ in
                while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
            }
        } catch is CancellationError {
            return
        }
    }

    private static func accept<Accepted: Sendable>(
        _ listener: NIOAsyncChannel<Accepted, Never>, maxConnections: Int,
        telemetry: FramingTelemetry,
        channel: @escaping @Sendable (Accepted) -> any Channel,
        refuse: @escaping @Sendable (Accepted) async -> Void,
        serve: @escaping @Sendable (Accepted) async -> Void
    ) async throws {
        let open = NIOLockedValueBox(0)
        try await listener.executeThenClose { accepted in
            try await withThrowingDiscardingTaskGroup { connections in
                for try await child in accepted {
                    let admitted = open.withLockedValue { count in
                        guard count < maxConnections else { return false }
                        count += 1
                        return true
                    }
                    guard admitted else {
                        // Closed before anything is read from it.
                        var metadata = Logger.metadata(of: channel(child))
                        metadata["rtmwire.maxConnections"] = "\(maxConnections)"
                        telemetry.logger.warning(
                            "rtmwire: connection refused: too many open", metadata: metadata)
                        connections.addTask {
                            await ResourceCensus.counting(\.serverTasks) { await refuse(child) }
                        }
                        continue
                    }
                    connections.addTask {
                        defer { open.withLockedValue { $0 -= 1 } }
                        await ResourceCensus.counting(\.serverTasks) { await serve(child) }
                    }
                }
            }
        }
    }
}
