import NIOCore
import RTMWire
import RTMWireTransport

/// TCP on 127.0.0.1, the tests' and demos' default: ``TCPServer`` and ``TCPClient`` on the
/// loopback address, and a connected pair. Every helper is scoped: sockets are closed when its
/// closure returns or throws. Servers for real networks use ``TCPServer`` with their own host.
public enum TCPLoopback {
    /// The address the helpers bind and connect to.
    public static let host = "127.0.0.1"

    /// Runs `body` with the two ends of one fresh connection: a client and the server side that
    /// accepted it. `body` runs on the caller's actor (`isolation`), so a `@MainActor` caller
    /// can pass a closure that touches its state.
    public static func withConnectedPair<Result: Sendable>(
        configuration: TCPConfiguration = TCPConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (_ client: TCPEnvelopeConnection, _ server: TCPEnvelopeConnection) async throws ->
            Result
    ) async throws -> Result {
        let listener = try await TCPChannels.listen(host: host, port: 0, configuration)
        let port = try TCPChannels.boundAddress(listener).port!
        return try await listener.executeThenClose { accepted in
            var incoming = accepted.makeAsyncIterator()
            let client = try await TCPChannels.connect(host: host, port: port, configuration)
            let serverSide: TCPChannels.Configured
            do {
                guard let accepted = try await incoming.next() else {
                    throw TransportError(
                        code: .ioFailure, detail: "the server stopped before accepting")
                }
                serverSide = accepted
            } catch {
                // Cancelled (or the listener failed) before the pair was made: close the client
                // through its async wrapper, which must be finished.
                try? await client.channel.executeThenClose { _, _ in }
                throw error
            }
            return try await TCPEnvelopeConnection.run(client, configuration: configuration) {
                clientConnection in
                try await TCPEnvelopeConnection.run(serverSide, configuration: configuration) {
                    serverConnection in
                    try await body(clientConnection, serverConnection)
                }
            }
        }
    }

    /// ``TCPServer/withServer(host:port:configuration:isolation:handler:_:)`` on 127.0.0.1 with
    /// an ephemeral port, which `body` receives.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    public static func withServer<Result: Sendable>(
        configuration: TCPConfiguration = TCPConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        handler: @escaping @Sendable (TCPEnvelopeConnection) async -> Void,
        _ body: (_ port: Int) async throws -> Result
    ) async throws -> Result {
        try await TCPServer.withServer(
            host: host, port: 0, configuration: configuration, handler: handler
        ) { address in
            try await body(address.port!)
        }
    }

    /// ``TCPClient/withConnection(host:port:configuration:isolation:_:)`` to 127.0.0.1.
    public static func withConnection<Result: Sendable>(
        port: Int, configuration: TCPConfiguration = TCPConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        try await TCPClient.withConnection(
            host: host, port: port, configuration: configuration, body)
    }
}
