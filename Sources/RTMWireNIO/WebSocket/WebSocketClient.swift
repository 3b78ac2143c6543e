import NIOCore
import RTMWire
import RTMWireTransport

/// A WebSocket client of envelope connections: connects to any host and port and upgrades to
/// one of RTMWire's subprotocols.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public enum WebSocketClient {
    /// Connects to `host`:`port`, upgrades `target` (the request path, `/` by default) with
    /// `subprotocol`, and runs `body` with the connection, which is closed (close frame, then
    /// socket) when `body` returns or throws. `origin` is sent as the `Origin` header when
    /// given. A refused handshake throws `TransportError.Code.handshakeRefused` with the
    /// server's status and reason.
    public static func withConnection<Result: Sendable>(
        host: String, port: Int, target: String = "/",
        subprotocol: WebSocketSubprotocol = .binary, origin: String? = nil,
        configuration: WebSocketConfiguration = WebSocketConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (WebSocketEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        let configured = try await WebSocketChannels.connect(
            host: host, port: port, target: target, subprotocol: subprotocol, origin: origin,
            configuration, .envelopes(configuration))
        return try await WebSocketEnvelopeConnection.run(
            configured, configuration: configuration, body)
    }
}
