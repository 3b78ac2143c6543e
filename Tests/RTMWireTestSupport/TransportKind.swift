import RTMWire
import RTMWireNIO
import RTMWireTransport

/// The two transports every end-to-end test runs over.
public enum TransportKind: String, CaseIterable, Sendable {
    case inMemory
    case tcp

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
        }
    }
}
