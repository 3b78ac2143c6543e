import Foundation
import RTMWire
import RTMWireNIO
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Three `rtmwire serve --database` nodes on one PostgreSQL database; the sender's node is
/// killed (SIGKILL) while it sends. The sender reconnects to another node and sends again what
/// was not acknowledged: every message is stored once, the receiver on a third node gets none
/// twice, and catching up from history (on yet another node) gives it every one.
@Suite("A node killed under load", .timeLimit(.minutes(5)))
struct NodeKillTests {
    /// What the sender sends in all.
    static let count = 400
    /// The acknowledgements after which its node is killed.
    static let killAfter = 100

    /// What a client was told, gathered while it runs.
    actor Received {
        var positions: [String: UInt64] = [:]
        var ids: [String] = []

        func acknowledged(_ id: String, at position: UInt64) -> Int {
            positions[id] = position
            return positions.count
        }

        func delivered(_ id: String) { ids.append(id) }
    }

    static func text(_ id: String) -> Envelope {
        Chat.envelope(
            id, from: "alice", to: Conversation(type: .peer, id: "bob"),
            .text(TextMessage(text: "under load \(id)")))
    }

    @Test(
        .enabled(
            if: ServePostgresTests.server != nil,
            "RTMWIRE_TEST_POSTGRES_URL is not set, so there is no PostgreSQL server to serve from"))
    func itsSenderReconnectsElsewhereAndNothingIsLostOrDeliveredTwice() async throws {
        let server = try #require(ServePostgresTests.server)
        let name = "rtmwire_cli_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
        try ServePostgresTests.psql(server, "CREATE DATABASE \(name)")
        defer {
            try? ServePostgresTests.psql(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
        let database = try ServePostgresTests.url(server, database: name)
        let folder = try ServeFolder()
        let nodes = try (0..<3).map { _ in
            try folder.serve(["--tcp", "127.0.0.1:0"], storage: ["--database", database])
        }
        let ports = try nodes.map { try $0.port("tcp") }
        let victim = nodes[0].process.process.processIdentifier
        let ids = (0..<Self.count).map { "m\($0)" }
        let alice = Received()
        let bob = Received()

        try await TCPClient.withConnection(host: "127.0.0.1", port: ports[1]) { bobOnOne in
            _ = try await Chat.signIn(bobOnOne, as: "bob")
            let listening = Task {
                while let envelope = try await bobOnOne.receive() {
                    if envelope.sender?.userID == "alice", case .text? = envelope.body {
                        await bob.delivered(envelope.messageID)
                    }
                }
            }
            // On node 0, sending in steps while the acknowledgements come back; the node is
            // killed once `killAfter` have.
            try? await TCPClient.withConnection(host: "127.0.0.1", port: ports[0]) { onZero in
                _ = try await Chat.signIn(onZero, as: "alice")
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for start in stride(from: 0, to: Self.count, by: 10) {
                            try await onZero.send(
                                contentsOf: ids[start..<start + 10].map(Self.text))
                            try await Task.sleep(for: .milliseconds(5))
                        }
                    }
                    group.addTask {
                        while let envelope = try await onZero.receive() {
                            guard let acknowledgement = envelope.acknowledgement else { continue }
                            let acknowledged = await alice.acknowledged(
                                acknowledgement.messageID, at: acknowledgement.position)
                            if acknowledged == Self.killAfter { kill(victim, SIGKILL) }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let acknowledgedOnZero = await alice.positions.count
            #expect(acknowledgedOnZero >= Self.killAfter && acknowledgedOnZero < Self.count)

            // On node 2, what node 0 did not acknowledge, sent again with the same ids.
            let acknowledged = await alice.positions
            let unacknowledged = ids.filter { acknowledged[$0] == nil }
            try await TCPClient.withConnection(host: "127.0.0.1", port: ports[2]) { onTwo in
                _ = try await Chat.signIn(onTwo, as: "alice")
                try await onTwo.send(contentsOf: unacknowledged.map(Self.text))
                var left = unacknowledged.count
                while left > 0, let envelope = try await onTwo.receive() {
                    if let refusal = envelope.refusal {
                        Issue.record("refused after the kill: \(refusal)")
                        return
                    }
                    guard let acknowledgement = envelope.acknowledgement else { continue }
                    _ = await alice.acknowledged(
                        acknowledgement.messageID, at: acknowledgement.position)
                    left -= 1
                }
            }
            // Every message stored once: the positions are 1 ... count, one per message.
            let positions = await alice.positions
            #expect(positions.count == Self.count)
            #expect(positions.values.sorted() == Array(1...UInt64(Self.count)))

            // Live deliveries settle (those node 0 had handed on before it died, and node 2's).
            var settled = -1
            while true {
                try await Task.sleep(for: .milliseconds(1_500))
                let now = await bob.ids.count
                if now == settled || now == Self.count { break }
                settled = now
            }
            listening.cancel()
        }
        let live = await bob.ids
        #expect(Set(live).count == live.count, "a message reached bob twice")

        // Bob catches up from history on node 2: every message, once, whatever he missed live.
        let stored = try await TCPClient.withConnection(host: "127.0.0.1", port: ports[2]) {
            bobOnTwo in
            _ = try await Chat.signIn(bobOnTwo, as: "bob")
            // The latest page first, then the pages before it.
            var stored: [String] = []
            var before: UInt64 = 0
            while true {
                try await bobOnTwo.send(
                    Chat.envelope(
                        "h\(before)", from: "bob", to: Conversation(type: .peer, id: "alice"),
                        .historyRequest(HistoryRequest(beforePosition: before, limit: 100))))
                var answer = try await bobOnTwo.receive()
                while let envelope = answer, envelope.historyPage == nil {
                    answer = try await bobOnTwo.receive()
                }
                guard let page = answer?.historyPage, let first = page.entries.first else { break }
                stored += try page.entries.map {
                    try Envelope(serializedBytes: $0.envelope).messageID
                }
                before = first.position
                if !page.hasMore { break }
            }
            return stored
        }
        #expect(stored.count == Self.count)
        #expect(Set(stored) == Set(ids))
        #expect(Set(live).isSubset(of: Set(ids)))
        for node in nodes[1...] {
            #expect(node.stop().status == 0)
        }
        _ = nodes[0].stop()
    }
}
