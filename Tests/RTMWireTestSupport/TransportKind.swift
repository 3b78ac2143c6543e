import RTMWire
import RTMWireNIO
import RTMWireTransport

/// The transports every end-to-end test runs over.
public enum TransportKind: String, CaseIterable, Sendable {
    case inMemory
    case tcp
    /// WebSocket with the binary subprotocol.
    case webSocket
    /// WebSocket with the JSON subprotocol (proto3 JSON text messages).
    case webSocketJSON

    /// Runs `body` with two connected ends (a, b) of a fresh connection of this kind.
    public func withPair<Result: Sendable>(
        codec: CodecOptions = .default,
        _ body: (any EnvelopeConnection, any EnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .inMemory:
            let (a, b) = InMemoryConnection.makePair(configuration: .init(codec: codec))
            return try await body(a, b)
        case .tcp:
            return try await TCPLoopback.withConnectedPair(configuration: .init(codec: codec)) {
                a, b in
                try await body(a, b)
            }
        case .webSocket, .webSocketJSON:
            guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
                throw TransportError(code: .ioFailure, detail: "WebSocket needs macOS 14")
            }
            return try await WebSocketLoopback.withConnectedPair(
                subprotocol: self == .webSocket ? .binary : .json,
                configuration: .init(codec: codec)
            ) { a, b in
                try await body(a, b)
            }
        }
    }
}
