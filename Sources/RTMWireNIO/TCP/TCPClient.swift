import NIOCore
import RTMWire
import RTMWireTransport

/// A TCP client of envelope connections: connects to any host and port.
public enum TCPClient {
    /// Connects to `host`:`port` and runs `body` with the connection, which is closed when `body`
    /// returns or throws. `body` runs on the caller's actor (`isolation`).
    public static func withConnection<Result: Sendable>(
        host: String, port: Int, configuration: TCPConfiguration = TCPConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        let client = try await TCPChannels.connect(host: host, port: port, configuration)
        return try await TCPEnvelopeConnection.run(client, configuration: configuration, body)
    }
}
