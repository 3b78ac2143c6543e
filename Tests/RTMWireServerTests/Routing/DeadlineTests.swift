import Foundation
import RTMWire
import RTMWireNIO
import RTMWireReferencePeers
import Synchronization
import Testing

@testable import RTMWireServer

/// What is due by time alone: a connection that never signs in, and a token that expires on a
/// connection that only listens, are refused and closed without the client sending anything.
@Suite(.timeLimit(.minutes(5)))
struct DeadlineTests {
    typealias H = ServerHarness

    @Test func aConnectionThatNeverSignsInIsClosed() async throws {
        let directory = try TemporaryDirectory()
        // 5 s, not less: the suite runs hundreds of tests at once on two cores, where signing
        // in can take seconds after connecting.
        try await H.run(in: directory.path, configure: { $0.signInTimeoutMs = 5_000 }) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { silent in
                let refusal = try await silent.receive()?.refusal
                #expect(refusal?.code == .unauthenticated && refusal?.messageID == "")
                #expect(try await silent.receive() == nil)
            }
            // One that signs in in time stays.
            try await H.connected(port, as: "alice") { alice in
                try await Task.sleep(for: .milliseconds(6_000))
                try await alice.send(
                    H.text("m1", from: "alice", to: Conversation(type: .peer, id: "bob")))
                #expect(try await alice.receive()?.acknowledgement?.messageID == "m1")
            }
        }
    }

    @Test func aTokenThatExpiresEndsAListeningConnection() async throws {
        let directory = try TemporaryDirectory()
        try await H.run(in: directory.path) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { listener in
                let answer = try await H.signIn(
                    listener, as: "bob", token: H.token("bob", expiresIn: 1.5))
                #expect(answer?.acknowledgement != nil)
                let refusal = try await listener.receive()?.refusal
                #expect(refusal?.code == .tokenExpired)
                #expect(try await listener.receive() == nil)
            }
        }
    }
}

/// Media ids stop working 7 days (here: half a second) after the server first sees them, or
/// when their message says.
@Suite(.timeLimit(.minutes(5)))
struct MediaExpiryTests {
    typealias H = ServerHarness

    static func image(_ id: String, media: String, expires: Int64 = 0) -> Envelope {
        H.envelope(
            id, from: "alice", to: Conversation(type: .peer, id: "bob"),
            .image(ImageMessage(mediaID: media, fileName: "a.png", expireTimeMs: expires)))
    }

    @Test func aMediaIdWorksForItsLifetimeOnly() async throws {
        let directory = try TemporaryDirectory()
        // The server's clock, moved by hand past the 7 days.
        let now = Mutex<Int64>(WallClock.nowMilliseconds())
        let week: Int64 = 7 * 24 * 3_600 * 1_000
        try await H.run(in: directory.path, clock: { now.withLock { $0 } }) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
                // A token that outlives the week the clock moves by.
                let month = 30.0 * 24 * 3_600
                _ = try await H.signIn(
                    alice, as: "alice", token: H.token("alice", expiresIn: month))
                try await alice.send(Self.image("i1", media: "m-1"))
                #expect(try await alice.receive()?.acknowledgement?.messageID == "i1")
                // Forwarding the same upload within its lifetime works...
                now.withLock { $0 += week - 1 }
                try await alice.send(Self.image("i2", media: "m-1"))
                #expect(try await alice.receive()?.acknowledgement?.messageID == "i2")
                // ...after it, the media id is gone.
                now.withLock { $0 += 1 }
                try await alice.send(Self.image("i3", media: "m-1"))
                let refusal = try await alice.receive()?.refusal
                #expect(refusal?.code == .notFound && refusal?.messageID == "i3")
                // A message whose own expiry has passed is refused at once.
                try await alice.send(Self.image("i4", media: "m-2", expires: 1_000))
                #expect(try await alice.receive()?.refusal?.code == .notFound)
            }
        }
    }
}
