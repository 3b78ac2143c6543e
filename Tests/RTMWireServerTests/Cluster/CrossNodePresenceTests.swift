import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// Presence across nodes: a user who leaves one node's channel while still in it on another
/// stays online to everyone, and goes offline when the last connection anywhere leaves.
@Suite(
    "Presence across nodes", .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
struct CrossNodePresenceTests {
    typealias H = ServerHarness
    typealias C = ClusterHarness
    static let general = Conversation(type: .channel, id: "general")

    /// Sends a status online to the channel (joining it) and waits for its acknowledgement.
    static func join(_ connection: some EnvelopeConnection, as user: String, _ id: String)
        async throws
    {
        try await connection.send(
            H.envelope(id, from: user, to: general, .status(StatusMessage(presence: .online))))
        _ = try await C.next(on: connection, "the join's acknowledgement") {
            $0.acknowledgement?.messageID == id
        }
    }

    /// Whether `envelope` is a status of alice's with `presence`.
    static func isAlice(_ envelope: Envelope, _ presence: Presence) -> Bool {
        guard envelope.sender?.userID == "alice", case .status(let status)? = envelope.body
        else { return false }
        return status.presence == presence
    }

    @Test func aJoinReachesTheChannelsMembersOnTheOtherNodes() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        try await C.run(nodes: 2) { ports in
            try await H.connected(ports[0], as: "alice") { alice in
                try await H.connected(ports[1], as: "bob") { bob in
                    try await Self.join(alice, as: "alice", "join-alice")
                    try await Self.join(bob, as: "bob", "join-bob")
                    let joined = try await C.next(on: alice, "bob's join") {
                        $0.messageID == "join-bob"
                    }
                    #expect(joined.sender?.userID == "bob")
                    // Typing too: delivered, not stored, like a status.
                    try await bob.send(
                        H.envelope(
                            "typing-bob", from: "bob", to: Self.general,
                            .typing(TypingIndicator(state: .started))))
                    let typing = try await C.next(on: alice, "bob's typing") {
                        $0.messageID == "typing-bob"
                    }
                    #expect(typing.sender?.userID == "bob")
                }
            }
        }
    }

    @Test func aUserStillOnAnotherNodeStaysOnlineUntilItsLastConnectionLeaves() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[1], as: "bob") { bob in
                try await H.connected(ports[2], as: "carol") { carol in
                    try await Self.join(bob, as: "bob", "join-bob")
                    try await Self.join(carol, as: "carol", "join-carol")
                    try await H.connected(ports[1], as: "alice") { aliceOnOne in
                        try await Self.join(aliceOnOne, as: "alice", "join-alice-1")
                        try await H.connected(ports[0], as: "alice") { aliceOnZero in
                            try await Self.join(aliceOnZero, as: "alice", "join-alice-0")
                        }
                        // Node 0 announces alice offline; node 1, where she still is, answers
                        // that she is online: carol, on node 2, sees both, in that order.
                        _ = try await C.next(on: carol, "alice's departure from node 0") {
                            Self.isAlice($0, .offline)
                        }
                        let back = try await C.next(on: carol, "node 1's word that alice is on") {
                            Self.isAlice($0, .online) && !$0.messageID.hasPrefix("join-")
                        }
                        #expect(back.conversation == Self.general)
                        // Node 1 handled the departure before it said so: bob and alice's own
                        // connection there got no status of alice's before carol's next text.
                        let after = H.text("after", from: "carol", to: Self.general)
                        try await carol.send(after)
                        for member in [bob, aliceOnOne] {
                            let next = try await C.next(on: member, "carol's text") {
                                Self.isAlice($0, .offline) || $0.messageID == "after"
                            }
                            #expect(next == after, "alice was told offline while online")
                        }
                    }
                    // Her last connection left: now everyone sees her go.
                    for member in [bob, carol] {
                        let gone = try await C.next(on: member, "alice's departure") {
                            Self.isAlice($0, .offline) || Self.isAlice($0, .online)
                        }
                        #expect(Self.isAlice(gone, .offline))
                    }
                }
            }
        }
    }
}
