import NIOCore
import RTMWire
import RTMWireTransport

/// A WebSocket server of envelope connections on any address: each upgraded connection is a
/// ``WebSocketEnvelopeConnection`` handed to your handler in its own child task.
///
/// ```swift
/// try await WebSocketServer.run(host: "0.0.0.0", port: 8080) { connection in
///     for try await envelope in connection.inbound { … }
/// }
/// ```
///
/// The handshake must offer `rtmwire.v1.binary` or `rtmwire.v1.json` in
/// `Sec-WebSocket-Protocol` (else HTTP 400 saying so), from an allowed origin when
/// ``WebSocketConfiguration/allowedOrigins`` is set (else 403), within
/// ``WebSocketConfiguration/handshakeTimeout``. Plain HTTP requests on the same port are
/// answered by ``WebSocketConfiguration/httpResponder``. At most
/// ``ConnectionLimits/maxConnections`` sockets are served at once, handshakes included; one more
/// is closed as soon as it is accepted, as ``TCPServer`` does.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public enum WebSocketServer {
    /// Listens on `host`:`port` (port 0: an ephemeral port) while `body` runs with the bound
    /// address. When `body` returns the server stops accepting and waits for the running
    /// handlers; when it throws, they are cancelled. A handler's connection is closed (close
    /// frame, then socket) when the handler returns.
    public static func withServer<Result: Sendable>(
        host: String, port: Int, configuration: WebSocketConfiguration = WebSocketConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        handler: @escaping @Sendable (WebSocketEnvelopeConnection) async -> Void,
        _ body: (_ address: SocketAddress) async throws -> Result
    ) async throws -> Result {
        let listener = try await WebSocketChannels.listen(
            host: host, port: port, configuration, .envelopes(configuration))
        let address = try TCPChannels.boundAddress(listener)
        configuration.telemetry.logger.debug(
            "rtmwire: websocket listening", metadata: ["rtmwire.local": "\(address)"])
        return try await ServerScope.withListener(
            listener, maxConnections: configuration.limits.maxConnections,
            telemetry: configuration.telemetry, channel: { $0.channel },
            refuse: { pending in await close(pending) },
            serve: { pending in await serve(pending, configuration, handler) }
        ) {
            try await body(address)
        }
    }

    /// Serves on `host`:`port` until the calling task is cancelled, then stops accepting,
    /// cancels the running handlers and returns. Throws when the address cannot be bound.
    public static func run(
        host: String, port: Int, configuration: WebSocketConfiguration = WebSocketConfiguration(),
        handler: @escaping @Sendable (WebSocketEnvelopeConnection) async -> Void
    ) async throws {
        try await ServerScope.untilCancelled { body in
            try await withServer(
                host: host, port: port, configuration: configuration, handler: handler, body)
        }
    }

    /// Waits for the handshake, then runs the handler on an upgraded connection; a request
    /// answered over HTTP holds its slot until its socket closes.
    private static func serve(
        _ pending: WebSocketChannels.Pending<WebSocketChannels.ServerHandshake<Envelope>>,
        _ configuration: WebSocketConfiguration,
        _ handler: @escaping @Sendable (WebSocketEnvelopeConnection) async -> Void
    ) async {
        switch try? await pending.handshake.get() {
        case .upgraded(let configured)?:
            _ = try? await WebSocketEnvelopeConnection.run(
                configured, configuration: configuration
            ) { connection in
                await handler(connection)
            }
        case .answered?, nil:
            try? await pending.channel.closeFuture.get()
        }
    }

    /// Closes a socket over the limit; an upgrade that completes meanwhile is closed through its
    /// async wrapper, which must be finished.
    private static func close(
        _ pending: WebSocketChannels.Pending<WebSocketChannels.ServerHandshake<Envelope>>
    ) async {
        try? await pending.channel.close()
        if case .upgraded(let configured)? = try? await pending.handshake.get() {
            try? await configured.channel.executeThenClose { _, _ in }
        }
    }
}
