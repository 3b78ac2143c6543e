import RTMWire
import RTMWireNIO
import RTMWireReferencePeers
import RTMWireTestSupport
import RTMWireTransport

extension TransportKind {
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
        case .webSocket, .webSocketJSON:
            let subprotocol: WebSocketSubprotocol = self == .webSocket ? .binary : .json
            return try await WebSocketServer.withServer(
                host: WebSocketLoopback.host, port: 0,
                handler: { connection in
                    try? await service.serve(connection)
                }
            ) { address in
                let port = address.port!
                return try await WebSocketClient.withConnection(
                    host: WebSocketLoopback.host, port: port, subprotocol: subprotocol
                ) { client1 in
                    try await WebSocketClient.withConnection(
                        host: WebSocketLoopback.host, port: port, subprotocol: subprotocol
                    ) { client2 in
                        try await body(client1, client2)
                    }
                }
            }
        }
    }
}
