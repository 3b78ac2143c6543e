import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// Three nodes on one PostgreSQL serve one population: a client on one node reaches clients on
/// the others (peer texts and their receipts, channels, metadata events, reactions), and a
/// group changed through one node is seen by the others.
@Suite(
    "Three nodes on one PostgreSQL", .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
struct CrossNodeTests {
    typealias H = ServerHarness
    typealias C = ClusterHarness
    static let general = Conversation(type: .channel, id: "general")

    @Test func aPeerTextCrossesNodesAndItsReceiptComesBack() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[0], as: "alice") { alice in
                try await H.connected(ports[1], as: "bob") { bob in
                    let hello = H.text(
                        "p1", from: "alice", to: Conversation(type: .peer, id: "bob"))
                    try await alice.send(hello)
                    #expect(try await alice.receive()?.acknowledgement?.position == 1)
                    #expect(try await bob.receive() == hello)
                    // Bob's read receipt goes back to alice, on her node.
                    let read = H.envelope(
                        "r1", from: "bob", to: Conversation(type: .peer, id: "alice"),
                        .receipt(Receipt(kind: .messageRead(MessageReadReceipt(messageID: "p1")))))
                    try await bob.send(read)
                    #expect(try await bob.receive()?.acknowledgement != nil)
                    #expect(try await alice.receive() == read)
                }
            }
        }
    }

    @Test func aChannelReachesItsMembersOnEveryNode() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[0], as: "alice") { alice in
                try await H.connected(ports[1], as: "bob") { bob in
                    try await H.connected(ports[2], as: "carol") { carol in
                        for (connection, user) in [
                            (alice, "alice"), (bob, "bob"), (carol, "carol"),
                        ] {
                            try await connection.send(
                                H.envelope(
                                    "join-\(user)", from: user, to: Self.general,
                                    .status(StatusMessage(presence: .online))))
                            _ = try await C.next(on: connection, "the join's acknowledgement") {
                                $0.acknowledgement?.messageID == "join-\(user)"
                            }
                        }
                        let hello = H.text("c1", from: "alice", to: Self.general)
                        try await alice.send(hello)
                        for member in [bob, carol] {
                            let got = try await C.next(on: member, "alice's text") {
                                $0.messageID == "c1"
                            }
                            #expect(got == hello)
                        }
                        // The channel's metadata: carol's write reaches the others as an event.
                        let set = H.envelope(
                            "topic", from: "carol", to: Self.general,
                            .metadata(
                                MetadataMessage(
                                    kind: .request(
                                        MetadataRequest(
                                            requestID: "topic-1", operation: .set,
                                            target: MetadataTarget(
                                                target: .channel(
                                                    ChannelTarget(
                                                        channelName: "general",
                                                        channelType: .message))),
                                            metadata: Metadata(items: [
                                                MetadataItem(key: "topic", value: "노드를 넘어 🌐")
                                            ]))))))
                        try await carol.send(set)
                        for member in [alice, bob] {
                            let event = try await C.next(on: member, "the topic's event") {
                                if case .metadata(let message)? = $0.body,
                                    case .event = message.kind
                                {
                                    return true
                                }
                                return false
                            }
                            guard case .metadata(let message)? = event.body,
                                case .event(let storageEvent)? = message.kind
                            else { continue }
                            #expect(storageEvent.metadata?.items.first?.value == "노드를 넘어 🌐")
                        }
                    }
                }
            }
        }
    }

    @Test func aGroupChangedOnOneNodeIsSeenOnTheOthers() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        let team = Conversation(type: .group, id: "team")
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[0], as: "alice") { alice in
                try await H.connected(ports[2], as: "carol") { carol in
                    try await H.connected(ports[2], as: "bob") { bob in
                        try await alice.send(
                            H.envelope(
                                "create", from: "alice", to: team,
                                .groupRequest(
                                    GroupRequest(
                                        operation: .create,
                                        members: [GroupMember(userID: "carol", role: .member)]))))
                        _ = try await C.next(on: alice, "the group's creation") {
                            if case .groupResponse = $0.body { return true }
                            return false
                        }
                        _ = try await C.next(on: carol, "carol's news of the group") {
                            if case .groupResponse = $0.body { return true }
                            return false
                        }
                        // Carol posts through node 2, which now keeps the members it read.
                        try await carol.send(H.text("g1", from: "carol", to: team))
                        _ = try await C.next(on: carol, "g1's acknowledgement") {
                            $0.acknowledgement?.messageID == "g1"
                        }
                        // Bob, no member yet, is refused there.
                        try await bob.send(H.text("g2", from: "bob", to: team))
                        let g2 = try await C.next(on: bob, "g2's answer") {
                            $0.refusal != nil || $0.acknowledgement != nil
                        }
                        #expect(g2.refusal?.code == .forbidden)
                        // Alice adds bob through node 0; node 2 reads the members again.
                        try await alice.send(
                            H.envelope(
                                "add-bob", from: "alice", to: team,
                                .groupRequest(
                                    GroupRequest(
                                        operation: .add,
                                        members: [GroupMember(userID: "bob", role: .member)]))))
                        _ = try await C.next(on: bob, "bob's news that he joined") {
                            if case .groupResponse = $0.body { return true }
                            return false
                        }
                        try await bob.send(H.text("g3", from: "bob", to: team))
                        let g3 = try await C.next(on: bob, "g3's answer") {
                            $0.refusal != nil || $0.acknowledgement != nil
                        }
                        #expect(g3.acknowledgement?.messageID == "g3")
                        // And the group's message reaches alice on node 0.
                        let toAlice = try await C.next(on: alice, "bob's group text") {
                            $0.messageID == "g3"
                        }
                        #expect(toAlice.sender?.userID == "bob")
                    }
                }
            }
        }
    }

    @Test func aReactionReachesEachMemberAsItsOwnSummaryOnEveryNode() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[0], as: "alice") { alice in
                try await H.connected(ports[1], as: "bob") { bob in
                    for (connection, user) in [(alice, "alice"), (bob, "bob")] {
                        try await connection.send(
                            H.envelope(
                                "join-\(user)", from: user, to: Self.general,
                                .status(StatusMessage(presence: .online))))
                        _ = try await C.next(on: connection, "the join's acknowledgement") {
                            $0.acknowledgement?.messageID == "join-\(user)"
                        }
                    }
                    try await alice.send(H.text("m1", from: "alice", to: Self.general))
                    _ = try await C.next(on: bob, "alice's text") { $0.messageID == "m1" }
                    try await bob.send(
                        H.envelope(
                            "like", from: "bob", to: Self.general,
                            .reaction(Reaction(targetMessageID: "m1", key: "👍", action: .add))))
                    for (connection, reacted) in [(alice, false), (bob, true)] {
                        let summary = try await C.next(on: connection, "a reaction summary") {
                            if case .reactionSummary = $0.body { return true }
                            return false
                        }
                        guard case .reactionSummary(let reactions)? = summary.body else { continue }
                        #expect(reactions.targetMessageID == "m1")
                        #expect(reactions.reactions.first?.count == 1)
                        #expect(reactions.reactions.first?.receiverReacted == reacted)
                    }
                }
            }
        }
    }
}
