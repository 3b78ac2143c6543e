import NIOCore
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// The relay end to end on 127.0.0.1: TCP, binary WebSocket and JSON WebSocket clients in one
/// channel, peers, receipts, departures, a connection speaking for someone else, the drain.
@Suite(.timeLimit(.minutes(5)))
struct EnvelopeRelayTests {
    static let room = Conversation(type: .channel, id: "room")

    static func envelope(_ id: String, from user: String, _ body: Envelope.Body) -> Envelope {
        Fixtures.envelope(id, from: Sender(userID: user, displayName: user), in: room, body)
    }

    static func join(_ user: String) -> Envelope {
        envelope("join-\(user)", from: user, .status(StatusMessage(presence: .online)))
    }

    /// Waits until the relay has taken `count` envelopes: joins from different connections race
    /// at the relay, and a member receives only what comes after its own join.
    static func waitUntil(_ relay: EnvelopeRelay, received count: Int) async throws {
        while relay.statistics.received < count { try await Task.sleep(nanoseconds: 2_000_000) }
    }

    /// Receives until `count` envelopes arrived (or the stream ended).
    static func receive(_ count: Int, on connection: some EnvelopeConnection) async throws
        -> [Envelope]
    {
        var received: [Envelope] = []
        while received.count < count, let envelope = try await connection.receive() {
            received.append(envelope)
        }
        return received
    }

    @Test func aChannelAcrossTCPAndBothSubprotocolsGetsEveryEnvelopeExactly() async throws {
        let relay = EnvelopeRelay()
        let text = Self.envelope("m1", from: "alice", .text(TextMessage(text: "안녕하세요 👋🏽 채널")))
        let hand = Self.envelope(
            "m2", from: "carol", .status(StatusMessage(presence: .online, handRaised: true)))
        let read = Self.envelope(
            "r1", from: "bob",
            .receipt(Receipt(kind: .messageRead(MessageReadReceipt(messageID: "m1")))))
        let (aliceGot, bobGot, carolGot) = try await relay.run(
            tcp: RelayEndpoint(host: "127.0.0.1", port: 0),
            webSocket: RelayEndpoint(host: "127.0.0.1", port: 0)
        ) { addresses in
            let tcpPort = try #require(addresses.tcp?.port)
            let wsPort = try #require(addresses.webSocket?.port)
            return try await TCPClient.withConnection(host: "127.0.0.1", port: tcpPort) { alice in
                try await alice.send(Self.join("alice"))
                try await Self.waitUntil(relay, received: 1)
                return try await WebSocketClient.withConnection(
                    host: "127.0.0.1", port: wsPort, subprotocol: .binary
                ) { bob in
                    try await bob.send(Self.join("bob"))
                    #expect(try await Self.receive(1, on: alice) == [Self.join("bob")])
                    try await Self.waitUntil(relay, received: 2)
                    return try await WebSocketClient.withConnection(
                        host: "127.0.0.1", port: wsPort, subprotocol: .json
                    ) { carol in
                        try await carol.send(Self.join("carol"))
                        let joins = [Self.join("carol")]
                        #expect(try await Self.receive(1, on: alice) == joins)
                        #expect(try await Self.receive(1, on: bob) == joins)
                        try await alice.send(text)
                        try await carol.send(hand)
                        // Bob reads what he received; his receipt goes to alice only, carol's
                        // hand to both others.
                        let bobGot = try await Self.receive(2, on: bob)
                        try await bob.send(read)
                        let aliceGot = try await Self.receive(2, on: alice)
                        let carolGot = try await Self.receive(1, on: carol)
                        // Before anyone leaves (departures are routed too).
                        let statistics = relay.statistics
                        #expect(statistics.received == 6)
                        #expect(statistics.dropped == 0)
                        // Only carol's traffic was decoded: her join and hand in, alice's text
                        // out to her.
                        #expect(statistics.jsonConversions == 3)
                        return (aliceGot, bobGot, carolGot)
                    }
                }
            }
        }
        #expect(Set(aliceGot.map(\.messageID)) == ["m2", "r1"])
        #expect(aliceGot.first { $0.messageID == "r1" } == read)
        // Two senders: their envelopes may cross at the relay in either order.
        #expect(bobGot.sorted { $0.messageID < $1.messageID } == [text, hand])
        #expect(carolGot == [text])
    }

    @Test func aDepartedMemberIsAnnouncedOfflineAndAnImpostorIsClosed() async throws {
        let relay = EnvelopeRelay()
        let (offline, impostorEnd) = try await relay.run(
            tcp: RelayEndpoint(host: "127.0.0.1", port: 0), webSocket: nil
        ) { addresses in
            let port = try #require(addresses.tcp?.port)
            return try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
                try await alice.send(Self.join("alice"))
                try await Self.waitUntil(relay, received: 1)
                try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                    try await bob.send(Self.join("bob"))
                    _ = try await Self.receive(1, on: alice)
                }
                let offline = try await Self.receive(1, on: alice)
                let impostorEnd = try await TCPClient.withConnection(host: "127.0.0.1", port: port)
                {
                    mallory in
                    try await mallory.send(Self.join("mallory"))
                    _ = try await Self.receive(1, on: alice)
                    try await mallory.send(
                        Self.envelope("x", from: "alice", .text(TextMessage(text: "I am alice"))))
                    do {
                        return Result<Envelope?, any Error>.success(try await mallory.receive())
                    } catch {
                        return .failure(error)
                    }
                }
                return (offline, impostorEnd)
            }
        }
        let status = try #require(offline.first)
        #expect(status.sender?.userID == "bob")
        #expect(status.conversation == Self.room)
        #expect(status.body == Envelope.Body.status(StatusMessage(presence: .offline)))
        // The relay closed the impostor's connection: its receive ends.
        switch impostorEnd {
        case .success(let envelope): #expect(envelope == nil)
        case .failure(let error): #expect(error is TransportError)
        }
        #expect(relay.statistics.closed == 1)
    }

    @Test func theDrainSendsWhatIsQueuedThenClosesEveryConnection() async throws {
        let relay = EnvelopeRelay()
        let burst = (0..<200).map {
            Self.envelope("b\($0)", from: "alice", .text(TextMessage(text: "\($0)")))
        }
        let (received, end) = try await relay.run(
            tcp: nil, webSocket: RelayEndpoint(host: "127.0.0.1", port: 0)
        ) { addresses in
            let port = try #require(addresses.webSocket?.port)
            // Bob keeps reading after the relay's body returns: the drain must reach him.
            let bob = Task {
                try await WebSocketClient.withConnection(host: "127.0.0.1", port: port) { bob in
                    try await bob.send(Self.join("bob"))
                    var received: [Envelope] = []
                    while let envelope = try await bob.receive() { received.append(envelope) }
                    return received
                }
            }
            // Bob is in the room before alice comes.
            try await Self.waitUntil(relay, received: 1)
            try await WebSocketClient.withConnection(host: "127.0.0.1", port: port) { alice in
                try await alice.send(Self.join("alice"))
                try await Self.waitUntil(relay, received: 2)
                try await alice.send(contentsOf: burst)
                try await Self.waitUntil(relay, received: 202)
            }
            return (bob, "served")
        }
        #expect(end == "served")
        let bobGot = try await received.value
        // Bob got alice's join and her burst in order, then the clean end (her departure's
        // offline status too when it came before the drain).
        #expect(Array(bobGot.prefix(201)) == [Self.join("alice")] + burst)
        #expect(
            bobGot.dropFirst(201).allSatisfy {
                $0.body == .status(StatusMessage(presence: .offline))
            })
    }

    @Test func aClientSendingBrokenBytesIsClosedWithItsErrorAndTheRoomGoesOn() async throws {
        let relay = EnvelopeRelay()
        let after = Self.envelope("after", from: "alice", .text(TextMessage(text: "still here")))
        let (answer, bobGot) = try await relay.run(
            tcp: nil, webSocket: RelayEndpoint(host: "127.0.0.1", port: 0)
        ) { addresses in
            let port = try #require(addresses.webSocket?.port)
            return try await WebSocketClient.withConnection(host: "127.0.0.1", port: port) {
                alice in
                try await alice.send(Self.join("alice"))
                try await Self.waitUntil(relay, received: 1)
                return try await WebSocketClient.withConnection(host: "127.0.0.1", port: port) {
                    bob in
                    try await bob.send(Self.join("bob"))
                    _ = try await Self.receive(1, on: alice)
                    // Mallory: a join, then a binary message that is not an envelope.
                    let mallory = try await HostilePeer.connect(port: port)
                    try await mallory.write(
                        RawWebSocket.request(protocols: ["rtmwire.v1.binary"])
                            + (try RawWebSocket.binary(Self.join("mallory")))
                            + RawWebSocket.frame(opcode: 0x2, [0x0A, 0x05, 0x61]))
                    let answer = RawWebSocket.parse(try await mallory.bytesRead())
                    try await alice.send(after)
                    return (answer, try await Self.receive(3, on: bob))
                }
            }
        }
        // Mallory's connection ended with the codec's error; bob saw her come, go, and alice
        // go on. The relay keeps each sender's order, not an order between senders on other
        // connections (their event loops run side by side): under load alice's envelope can
        // reach bob before mallory's join.
        #expect(answer.close?.code == 1007)
        #expect(answer.close?.reason.hasPrefix("lengthPastEnd:") == true)
        #expect(bobGot.contains { $0.messageID == "join-mallory" })
        #expect(bobGot.contains(after))
        let malloryEvents = bobGot.filter { $0.sender?.userID == "mallory" }.map(\.messageID)
        #expect(malloryEvents.first == "join-mallory", "mallory's own order: join, then leave")
        #expect(
            bobGot.contains {
                $0.sender?.userID == "mallory"
                    && $0.body == .status(StatusMessage(presence: .offline))
            })
    }
}
