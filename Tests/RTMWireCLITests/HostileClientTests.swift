import Foundation
import RTMWire
import RTMWireNIO
import Testing

/// Hostile clients against `rtmwire serve` with authentication on: bytes no client library
/// would send are refused before anything is routed, nothing of them is stored or forwarded,
/// and the server goes on serving everyone else.
@Suite(
    .timeLimit(.minutes(5)), .enabled(if: ServedTool.missing == nil, "\(ServedTool.missing ?? "")"))
struct HostileClientTests {
    /// The envelopes of what the server wrote back, in order (as far as they are whole).
    static func envelopes(_ received: [UInt8]) -> [Envelope] {
        var reader = FrameReader<Envelope>()
        reader.append(received)
        var found: [Envelope] = []
        while let envelope = try? reader.next() { found.append(envelope) }
        return found
    }

    @Test func framesNoClientSendsCloseTheConnectionBeforeSignIn() async throws {
        let folder = try ServeFolder()
        let server = try folder.serve(["--tcp", "127.0.0.1:0"])
        let port = try server.port("tcp")
        for (name, bytes) in [
            ("a length of 100 MB", [0x80, 0x80, 0x80, 0x32] + Array(repeating: 0, count: 64)),
            // A 5-byte frame holding an unterminated varint: no envelope.
            ("bytes that are no envelope", [0x05, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
            (
                "an envelope before any sign-in",
                try Chat.envelope("m1", from: "alice", .text(TextMessage(text: "hi")))
                    .delimitedBytes()
            ),
        ] as [(String, [UInt8])] {
            let (_, closed) = try RawSocket.exchange(port: port, bytes)
            #expect(closed, "\(name): the connection stayed open")
        }
        // Nothing of them was stored, and the server serves a well-behaved client as before.
        try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
            #expect(try await Chat.signIn(alice, as: "alice")?.body?.jsonName == "acknowledgement")
            try await alice.send(
                Chat.envelope("h", from: "alice", .historyRequest(HistoryRequest(limit: 10))))
            guard case .historyPage(let page)? = try await alice.receive()?.body else {
                Issue.record("no history page")
                return
            }
            #expect(page.entries.isEmpty && page.latestPosition == 0)
        }
        #expect(server.stop().status == 0)
    }

    @Test func aConnectionThatNeverSignsInIsRefusedAfterTheSignInTimeout() throws {
        let folder = try ServeFolder()
        let server = try folder.serve(["--tcp", "127.0.0.1:0", "--sign-in-timeout", "1"])
        // Nothing sent: the server speaks first, when the second is up (the wait is long only
        // so that a loaded machine cannot fail the test).
        let (received, closed) = try RawSocket.exchange(
            port: try server.port("tcp"), [], seconds: 60)
        #expect(closed, "the connection stayed open")
        guard case .refusal(let refusal)? = Self.envelopes(received).first?.body else {
            Issue.record("no refusal before the close: \(received)")
            return
        }
        #expect(refusal.code == .unauthenticated, "\(refusal)")
        #expect(refusal.detail.contains("1000 ms"), "\(refusal.detail)")
    }

    @Test func anEnvelopeBreakingTheRulesIsRefusedNeitherForwardedNorStored() async throws {
        let folder = try ServeFolder()
        let server = try folder.serve(["--tcp", "127.0.0.1:0"])
        let port = try server.port("tcp")
        try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
            _ = try await Chat.signIn(bob, as: "bob")
            try await bob.send(
                Chat.envelope("join", from: "bob", .status(StatusMessage(presence: .online))))
            _ = try await bob.receive()
            // Well-formed on the wire (the relay's view passes it), but a text must not be
            // empty: only the full decoder's rules, which the server applies, catch it.
            let bad = try Chat.envelope("bad", from: "alice", .text(TextMessage(text: "")))
                .delimitedBytes(options: CodecOptions(checksSemantics: false))
            let signIn = try Chat.envelope(
                "sign-in", from: "alice", to: Conversation(type: .peer, id: "alice"),
                .signIn(SignIn(token: ServeFolder.token("alice")))
            ).delimitedBytes()
            let good = try Chat.envelope("good", from: "alice", .text(TextMessage(text: "ok")))
                .delimitedBytes()
            let (received, _) = try RawSocket.exchange(port: port, signIn + bad + good) {
                Self.envelopes($0).count >= 3
            }
            let answers = Self.envelopes(received)
            #expect(answers.count == 3)
            guard answers.count == 3 else { return }
            if case .refusal(let refusal)? = answers[1].body {
                #expect(refusal.code == .invalidEnvelope && refusal.messageID == "bad")
            } else {
                Issue.record("no refusal: \(answers[1])")
            }
            #expect(answers[2].body?.jsonName == "acknowledgement")
            // Bob gets the good one only, and the history holds it alone.
            #expect(try await bob.receive()?.messageID == "good")
            try await bob.send(
                Chat.envelope("h", from: "bob", .historyRequest(HistoryRequest(limit: 10))))
            // (Alice's connection has ended: bob may see her go offline first.)
            var answer = try await bob.receive()
            if case .status? = answer?.body { answer = try await bob.receive() }
            guard case .historyPage(let page)? = answer?.body else {
                Issue.record("no history page")
                return
            }
            let ids = try page.entries.map { try Envelope(serializedBytes: $0.envelope).messageID }
            #expect(ids == ["good"])
        }
        #expect(server.stop().status == 0)
    }
}
