import RTMWire
import RTMWireNIO
import RTMWireTransport

/// The two transports every end-to-end test runs over.
enum TransportKind: String, CaseIterable, Sendable {
    case inMemory
    case tcp

    /// Runs `body` with two connected ends (a, b) of a fresh connection of this kind.
    func withPair<Result: Sendable>(
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

    /// Runs `body` with two client connections to `service`, each served by it.
    func withTwoClients<Result: Sendable>(
        of service: MetadataService,
        _ body: (any EnvelopeConnection, any EnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .inMemory:
            let (client1, server1) = InMemoryConnection.makePair()
            let (client2, server2) = InMemoryConnection.makePair()
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.serve(server1) }
                group.addTask { try await service.serve(server2) }
                do {
                    let result = try await body(client1, client2)
                    try await group.waitForAll()
                    return result
                } catch {
                    await client1.close()
                    await client2.close()
                    group.cancelAll()
                    throw error
                }
            }
        case .tcp:
            return try await TCPLoopback.withServer(handler: { connection in
                try? await service.serve(connection)
            }) { port in
                try await TCPLoopback.withConnection(port: port) { client1 in
                    try await TCPLoopback.withConnection(port: port) { client2 in
                        try await body(client1, client2)
                    }
                }
            }
        }
    }
}
