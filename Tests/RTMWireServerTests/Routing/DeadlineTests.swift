import Foundation
import RTMWire
import RTMWireNIO
import Testing

@testable import RTMWireServer

/// What is due by time alone: a connection that never signs in, and a token that expires on a
/// connection that only listens, are refused and closed without the client sending anything.
@Suite(.timeLimit(.minutes(1)))
struct DeadlineTests {
    typealias H = ServerHarness

    @Test func aConnectionThatNeverSignsInIsClosed() async throws {
        let directory = try TemporaryDirectory()
        try await H.run(in: directory.path, signInTimeoutMs: 300) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { silent in
                let refusal = try await silent.receive()?.refusal
                #expect(refusal?.code == .unauthenticated && refusal?.messageID == "")
                #expect(try await silent.receive() == nil)
            }
            // One that signs in in time stays.
            try await H.connected(port, as: "alice") { alice in
                try await Task.sleep(for: .milliseconds(1_500))
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
