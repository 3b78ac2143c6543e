import Logging
import NIOConcurrencyHelpers
import NIOCore
import RTMWire
import RTMWireTransport

/// A TCP server of envelope connections on any address: each accepted connection is a
/// ``TCPEnvelopeConnection`` handed to your handler in its own child task.
///
/// ```swift
/// try await TCPServer.run(host: "0.0.0.0", port: 7070) { connection in
///     for try await envelope in connection.inbound { … }
/// }
/// ```
///
/// Every connection gets the RTMWire pipeline (frame decoder capped at
/// `Limits.maxMessageBytes`, batching, back-pressure) and the ``TCPConfiguration``'s
/// telemetry. Needs macOS 14 / iOS 17 on Apple platforms: it uses a discarding task group, so a
/// long-running server keeps nothing of the connections that ended.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public enum TCPServer {
    /// Listens on `host`:`port` (port 0: an ephemeral port) while `body` runs with the bound
    /// address. When `body` returns the server stops accepting and waits for the running
    /// handlers; when it throws, they are cancelled. A handler's connection is closed when the
    /// handler returns.
    public static func withServer<Result: Sendable>(
        host: String, port: Int, configuration: TCPConfiguration = TCPConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        handler: @escaping @Sendable (TCPEnvelopeConnection) async -> Void,
        _ body: (_ address: SocketAddress) async throws -> Result
    ) async throws -> Result {
        let listener = try await TCPChannels.listen(host: host, port: port, configuration)
        let address = try TCPChannels.boundAddress(listener)
        configuration.telemetry.logger.debug(
            "rtmwire: listening", metadata: ["rtmwire.local": "\(address)"])
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await accept(listener, configuration, handler) }
            do {
                let result = try await body(address)
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

    /// Serves on `host`:`port` until the calling task is cancelled, then stops accepting,
    /// cancels the running handlers and returns. Throws when the address cannot be bound.
    public static func run(
        host: String, port: Int, configuration: TCPConfiguration = TCPConfiguration(),
        handler: @escaping @Sendable (TCPEnvelopeConnection) async -> Void
    ) async throws {
        do {
            try await withServer(
                host: host, port: port, configuration: configuration, handler: handler
            ) { _ in
                while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
            }
        } catch is CancellationError {
            return
        }
    }

    /// Hands every accepted connection to `handler` in its own child task; beyond
    /// ``ConnectionLimits/maxConnections`` open at once, closes the new one instead.
    private static func accept(
        _ listener: TCPChannels.Listener, _ configuration: TCPConfiguration,
        _ handler: @escaping @Sendable (TCPEnvelopeConnection) async -> Void
    ) async throws {
        let open = NIOLockedValueBox(0)
        let maxConnections = configuration.limits.maxConnections
        try await listener.executeThenClose { accepted in
            try await withThrowingDiscardingTaskGroup { connections in
                for try await child in accepted {
                    let admitted = open.withLockedValue { count in
                        guard count < maxConnections else { return false }
                        count += 1
                        return true
                    }
                    guard admitted else {
                        refuse(child, configuration)
                        // Closed through its async wrapper, which must be finished.
                        connections.addTask {
                            await ResourceCensus.counting(\.serverTasks) {
                                try? await child.channel.executeThenClose { _, _ in }
                            }
                        }
                        continue
                    }
                    connections.addTask {
                        defer { open.withLockedValue { $0 -= 1 } }
                        await ResourceCensus.counting(\.serverTasks) {
                            try? await TCPEnvelopeConnection.run(
                                child, configuration: configuration
                            ) { connection in
                                await handler(connection)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Logs a connection over the limit, which is closed before anything is read from it.
    private static func refuse(_ child: TCPChannels.Configured, _ configuration: TCPConfiguration) {
        var metadata = Logger.metadata(of: child.channel.channel)
        metadata["rtmwire.maxConnections"] = "\(configuration.limits.maxConnections)"
        configuration.telemetry.logger.warning(
            "rtmwire: connection refused: too many open", metadata: metadata)
    }
}
