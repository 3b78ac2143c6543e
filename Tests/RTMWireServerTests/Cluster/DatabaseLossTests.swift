import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// A node whose database connection is lost stops acknowledging, refuses what it cannot store
/// with a typed error (`storageUnavailable`: the client may send it again), and acknowledges
/// again once the database is back, losing nothing it acknowledged.
@Suite(
    "A node that loses its database", .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
struct DatabaseLossTests {
    typealias H = ServerHarness
    typealias C = ClusterHarness
    static let general = Conversation(type: .channel, id: "general")

    /// The answer to `id`: its acknowledgement or its refusal.
    static func answer(
        to id: String, on connection: some EnvelopeConnection, sending: Bool = false
    ) async throws -> Envelope {
        if sending { try await connection.send(H.text(id, from: "alice", to: general)) }
        return try await C.next(on: connection, "the answer to \(id)") {
            $0.acknowledgement?.messageID == id || $0.refusal?.messageID == id
        }
    }

    @Test func itRefusesWithATypedErrorWhileTheDatabaseIsGoneAndRecovers() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        let server = try #require(TestPostgres.url, TestPostgres.skipReason)
        let (address, _) = try await TestPostgres.createDatabase(on: server)
        let proxy = try await DatabaseProxy.start(to: address.host, port: address.port)
        var throughProxy = address
        throughProxy.host = "127.0.0.1"
        throughProxy.port = proxy.port
        // A short limit: what the database does not answer within it is refused.
        let storage = try await PostgresStorage.open(
            throughProxy, configuration: .init(callTimeLimit: .seconds(2)))
        let fanOut = try await PostgresFanOut.start(
            on: storage, pollInterval: C.pollInterval)
        let chat = ChatServer(
            configuration: ServerConfiguration(authentication: .tokens(H.verifier)),
            storage: storage, fanOut: fanOut)
        let relay = EnvelopeRelay(router: chat)
        defer { Task { await TestPostgres.dropDatabase(address.database ?? "", on: server) } }
        try await relay.run(tcp: RelayEndpoint(host: "127.0.0.1", port: 0), webSocket: nil) {
            addresses in
            let port = try #require(addresses.tcp?.port)
            try await H.connected(port, as: "alice") { alice in
                // Under the whole suite's load a store can outlast the test's 2 s limit: sent
                // again until acknowledged, as a client would (a refused one kept nothing).
                var before = try await Self.answer(to: "before", on: alice, sending: true)
                for _ in 1..<20 where before.acknowledgement == nil {
                    before = try await Self.answer(to: "before", on: alice, sending: true)
                }
                #expect(before.acknowledgement?.position == 1)

                await proxy.cut()
                try await alice.send(H.text("during", from: "alice", to: Self.general))
                let during = try await Self.answer(to: "during", on: alice)
                #expect(during.acknowledgement == nil, "acknowledged without its database")
                #expect(during.refusal?.code == .storageUnavailable)

                // Back: the same envelope, sent again, is stored and acknowledged (the pool
                // reconnects on its own; a few tries while it does).
                proxy.restore()
                var again: Envelope?
                for attempt in 1...50 {
                    try await alice.send(H.text("during", from: "alice", to: Self.general))
                    let answer = try await Self.answer(to: "during", on: alice)
                    if answer.acknowledgement != nil || attempt == 50 {
                        again = answer
                        break
                    }
                    #expect(answer.refusal?.code == .storageUnavailable)
                    try await Task.sleep(for: .milliseconds(200))
                }
                #expect(again?.acknowledgement?.position == 2)
            }
        }
        let page = try await storage.history(
            HistoryQuery(
                key: try #require(HistoryKey(Self.general, senderID: "alice")), direction: .latest,
                limit: 10))
        #expect(page.envelopes.map(\.position) == [1, 2])
        await fanOut.close()
        await storage.close()
        await proxy.stop()
    }
}
