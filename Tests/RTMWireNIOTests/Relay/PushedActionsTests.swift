import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Synchronization
import Testing

/// A router's pushed actions: what it decides outside the relay's calls (another node's
/// deliveries) reaches the connections it names while the relay runs, and its closes close.
@Suite(.timeLimit(.minutes(5)))
struct PushedActionsTests {
    /// Records who is connected; pushes whatever the test yields.
    final class PushingRouter: RelayRouter {
        let connected = Mutex<[Int]>([])
        let pushes = AsyncStream<[RelayAction]>.makeStream()

        var pushedActions: AsyncStream<[RelayAction]>? { pushes.stream }

        func opened(_ connection: RelayConnection) async -> [RelayAction] {
            connected.withLock { $0.append(connection.id) }
            return []
        }

        func received(_ envelopes: [RelayEnvelope], from connection: RelayConnection) async
            -> [RelayAction]
        { [] }

        func closed(_ connection: RelayConnection) async -> [RelayAction] {
            connected.withLock { $0.removeAll { $0 == connection.id } }
            return []
        }
    }

    @Test func aPushedDeliveryReachesTheConnectionAndAPushedCloseClosesIt() async throws {
        let router = PushingRouter()
        let relay = EnvelopeRelay(router: router)
        let fromElsewhere = Fixtures.text("from-node-b", "안녕, from another node 👋")
        let (received, afterClose) = try await relay.run(
            tcp: RelayEndpoint(host: "127.0.0.1", port: 0), webSocket: nil
        ) { addresses in
            let port = try #require(addresses.tcp?.port)
            return try await TCPClient.withConnection(host: "127.0.0.1", port: port) { client in
                while router.connected.withLock({ $0.isEmpty }) {
                    try await Task.sleep(for: .milliseconds(2))
                }
                let id = router.connected.withLock { $0[0] }
                // Nothing was sent on this connection: the delivery comes from the push alone.
                router.pushes.continuation.yield([
                    .deliver(try RelayEnvelope(fromElsewhere), to: [id])
                ])
                let received = try await client.receive()
                router.pushes.continuation.yield([.close(id, reason: "the test is done")])
                return (received, try await client.receive())
            }
        }
        #expect(received == fromElsewhere)
        #expect(afterClose == nil)
    }
}
