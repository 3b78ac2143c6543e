import NIOCore
import RTMWire
import RTMWireTransport

/// WebSocket on 127.0.0.1, for tests and demos: a connected pair. Scoped like ``TCPLoopback``:
/// sockets are closed when the closure returns or throws.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public enum WebSocketLoopback {
    /// The address the helpers bind and connect to.
    public static let host = "127.0.0.1"

    /// Runs `body` with the two ends of one fresh connection speaking `subprotocol`: a client
    /// and the server side that accepted it.
    public static func withConnectedPair<Result: Sendable>(
        subprotocol: WebSocketSubprotocol = .binary,
        configuration: WebSocketConfiguration = WebSocketConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (
            _ client: WebSocketEnvelopeConnection, _ server: WebSocketEnvelopeConnection
        ) async throws -> Result
    ) async throws -> Result {
        let listener = try await WebSocketChannels.listen(
            host: host, port: 0, configuration, .envelopes(configuration))
        let port = try TCPChannels.boundAddress(listener).port!
        return try await listener.executeThenClose { accepted in
            var incoming = accepted.makeAsyncIterator()
            let client = try await WebSocketChannels.connect(
                host: host, port: port, target: "/", subprotocol: subprotocol, origin: nil,
                configuration, .envelopes(configuration))
            let serverSide: WebSocketChannels.Configured<Envelope>
            do {
                guard let pending = try await incoming.next(),
                    case .upgraded(let configured) = try await pending.handshake.get()
                else {
                    throw TransportError(
                        code: .ioFailure, detail: "the server stopped before the upgrade")
                }
                serverSide = configured
            } catch {
                // Close the client through its async wrapper, which must be finished.
                try? await client.channel.executeThenClose { _, _ in }
                throw error
            }
            return try await WebSocketEnvelopeConnection.run(client, configuration: configuration) {
                clientConnection in
                try await WebSocketEnvelopeConnection.run(
                    serverSide, configuration: configuration
                ) { serverConnection in
                    try await body(clientConnection, serverConnection)
                }
            }
        }
    }
}
