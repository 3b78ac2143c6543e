import Logging
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
        return try await ServerScope.withListener(
            listener, maxConnections: configuration.limits.maxConnections,
            telemetry: configuration.telemetry, channel: { $0.channel.channel },
            refuse: { child in
                // Closed through its async wrapper, which must be finished.
                try? await child.channel.executeThenClose { _, _ in }
            },
            serve: { child in
                try? await TCPEnvelopeConnection.run(child, configuration: configuration) {
                    connection in
                    await handler(connection)
                }
            }
        ) {
            try await body(address)
        }
    }

    /// Serves on `host`:`port` until the calling task is cancelled, then stops accepting,
    /// cancels the running handlers and returns. Throws when the address cannot be bound.
    public static func run(
        host: String, port: Int, configuration: TCPConfiguration = TCPConfiguration(),
        handler: @escaping @Sendable (TCPEnvelopeConnection) async -> Void
    ) async throws {
        try await ServerScope.untilCancelled { body in
            try await withServer(
                host: host, port: port, configuration: configuration, handler: handler, body)
        }
    }
}
