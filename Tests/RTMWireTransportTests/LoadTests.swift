import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// A bounded load test over TCP loopback.
@Suite(.timeLimit(.minutes(5)))
struct LoadTests {
    static let count = 100_000
    static let batch = 500

    static func envelope(_ sender: Sender, _ index: Int) -> Envelope {
        Envelope(
            messageID: "\(sender.userID)-\(index)", sender: sender,
            sendTimeMs: Fixtures.time + Int64(index),
            conversation: Conversation(type: .peer, id: sender.userID == "alice" ? "bob" : "alice"),
            body: .text(TextMessage(text: "load message \(index)")))
    }

    /// Sends `count` envelopes in batches, then half-closes.
    static func sendAll(_ connection: any EnvelopeConnection, as sender: Sender) async throws {
        var index = 0
        while index < count {
            let end = min(index + batch, count)
            try await connection.send(contentsOf: (index..<end).map { envelope(sender, $0) })
            index = end
        }
        await connection.close()
    }

    /// Receives until the end; checks every envelope arrives once, in order, as sent.
    static func receiveAll(_ connection: any EnvelopeConnection, from sender: Sender) async throws
        -> (count: Int, inOrder: Bool)
    {
        var next = 0
        var inOrder = true
        while true {
            let batch = try await connection.receiveBatch()
            if batch.isEmpty { break }
            for received in batch {
                if received != envelope(sender, next) { inOrder = false }
                next += 1
            }
        }
        return (next, inOrder)
    }

    @Test("100,000 envelopes each way over TCP loopback arrive in order, none lost or duplicated")
    func hundredThousandEachWay() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let (fromAlice, fromBob) = try await TCPLoopback.withConnectedPair { a, b in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await Self.sendAll(a, as: Fixtures.alice) }
                group.addTask { try await Self.sendAll(b, as: Fixtures.bob) }
                async let atBob = Self.receiveAll(b, from: Fixtures.alice)
                async let atAlice = Self.receiveAll(a, from: Fixtures.bob)
                let result = try await (atBob, atAlice)
                try await group.waitForAll()
                return result
            }
        }
        let elapsed = clock.now - start
        let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = Double(2 * Self.count) / max(seconds, 1e-9)
        print(
            "load: \(2 * Self.count) envelopes over TCP loopback in \(Int(seconds * 1000)) ms = \(Int(rate)) messages/s"
        )
        #expect(fromAlice.count == Self.count)
        #expect(fromAlice.inOrder)
        #expect(fromBob.count == Self.count)
        #expect(fromBob.inOrder)
    }
}
