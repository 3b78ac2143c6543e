import RTMWire
import RTMWireTestSupport
import Testing

@testable import RTMWireNIO

/// The membership rule on its own: identity, joining and leaving, peers, receipts.
@Suite struct RelayMembershipTests {
    static let room = Conversation(type: .channel, id: "room")

    static func header(
        _ id: String, from user: String, in conversation: Conversation? = room,
        _ body: Envelope.Body = .text(TextMessage(text: "hi"))
    ) throws -> RelayHeader {
        var envelope = Fixtures.envelope(
            id, from: Sender(userID: user), in: conversation ?? room, body)
        if conversation == nil { envelope.conversation = nil }
        // Unchecked: the relay's own check is the view's, which leaves required fields to the
        // receivers; these tests hand it envelopes a checked encode refuses.
        return try RelayFrame(envelope, options: .wireOnly).header
    }

    static func status(_ presence: Presence) -> Envelope.Body {
        .status(StatusMessage(presence: presence))
    }

    @Test func aChannelReachesEveryOtherMemberAndLeavingStopsIt() throws {
        var membership = RelayMembership(recentMessages: 10)
        // 1 alice, 2 bob, 3 carol, 4 alice's second device; carol never joins.
        _ = try membership.route(Self.header("j1", from: "alice", Self.status(.online)), from: 1)
        _ = try membership.route(Self.header("j2", from: "bob", Self.status(.online)), from: 2)
        _ = try membership.route(
            Self.header("c1", from: "carol", in: .init(type: .peer, id: "dave")), from: 3)
        let joined = try membership.route(
            Self.header("j4", from: "alice", Self.status(.online)), from: 4)
        #expect(joined.recipients == [1, 2])
        #expect(try membership.route(Self.header("m1", from: "bob"), from: 2).recipients == [1, 4])
        // The offline status reaches the others, then bob is out.
        let left = try membership.route(
            Self.header("l2", from: "bob", Self.status(.offline)), from: 2)
        #expect(left.recipients == [1, 4])
        #expect(try membership.route(Self.header("m2", from: "alice"), from: 1).recipients == [4])
        #expect(membership.members(of: .init(type: .channel, id: "room")) == [1, 4])
    }

    @Test func aPeerEnvelopeReachesThePeersDevicesAndTheSendersOthers() throws {
        var membership = RelayMembership(recentMessages: 10)
        let toBob = Conversation(type: .peer, id: "bob")
        _ = try membership.route(Self.header("b1", from: "bob", in: toBob), from: 2)
        _ = try membership.route(Self.header("b2", from: "bob", in: toBob), from: 3)
        _ = try membership.route(Self.header("a0", from: "alice", in: toBob), from: 1)
        _ = try membership.route(Self.header("a1", from: "alice", in: toBob), from: 5)
        let route = try membership.route(Self.header("a2", from: "alice", in: toBob), from: 1)
        #expect(route.recipients == [2, 3, 5])
    }

    @Test func receiptsGoBackToTheSenderOfTheMessagesTheyName() throws {
        var membership = RelayMembership(recentMessages: 2)
        for (link, user) in [(1, "alice"), (2, "bob"), (3, "carol")] {
            _ = try membership.route(
                Self.header("j\(link)", from: user, Self.status(.online)), from: link)
        }
        _ = try membership.route(Self.header("from-alice", from: "alice"), from: 1)
        let read = Envelope.Body.receipt(
            Receipt(kind: .messageRead(MessageReadReceipt(messageID: "from-alice"))))
        #expect(
            try membership.route(Self.header("r1", from: "bob", read), from: 2).recipients == [1])
        // Two newer messages push "from-alice" out of a memory of two: the receipt is dropped.
        _ = try membership.route(Self.header("x1", from: "carol"), from: 3)
        _ = try membership.route(Self.header("x2", from: "carol"), from: 3)
        let late = try membership.route(Self.header("r2", from: "bob", read), from: 2)
        #expect(late.recipients.isEmpty)
        #expect(late.dropped == "unknownReceiptTarget")
    }

    @Test func serverOnlyKindsAreDroppedNotForwarded() throws {
        var membership = RelayMembership(recentMessages: 10)
        let toBob = Conversation(type: .peer, id: "bob")
        let team = Conversation(type: .group, id: "team")
        _ = try membership.route(Self.header("j1", from: "alice", Self.status(.online)), from: 1)
        _ = try membership.route(Self.header("b1", from: "bob", in: toBob), from: 2)
        _ = try membership.route(Self.header("j2", from: "bob", Self.status(.online)), from: 2)
        _ = try membership.route(
            Self.header("g2", from: "bob", in: team, Self.status(.online)), from: 2)
        let serverOnly: [(Envelope.Body, Conversation)] = [
            (.signIn(SignIn(token: "h.p.s")), Conversation(type: .peer, id: "alice")),
            (.acknowledgement(Acknowledgement(messageID: "b1", position: 1)), toBob),
            (.refusal(Refusal(messageID: "b1", code: .forbidden)), toBob),
            (.historyRequest(HistoryRequest(limit: 10)), Self.room),
            (.historyPage(HistoryPage(requestMessageID: "h1", epoch: "e1")), Self.room),
            (.groupRequest(GroupRequest(operation: .list)), team),
            (.groupResponse(GroupResponse(operation: .add)), team),
        ]
        for (index, (body, conversation)) in serverOnly.enumerated() {
            let route = try membership.route(
                Self.header("s\(index)", from: "alice", in: conversation, body), from: 1)
            #expect(route.recipients.isEmpty, "\(body)")
            #expect(route.dropped == "serverOnly", "\(body)")
        }
        // None of them joined alice to the group; a chat message still reaches bob.
        #expect(membership.members(of: .init(type: .group, id: "team")) == [2])
        #expect(try membership.route(Self.header("m1", from: "alice"), from: 1).recipients == [2])
        // The identity check comes first: a server-only kind cannot speak for another user.
        #expect(throws: RelayMembership.Refusal.senderMismatch(expected: "alice", actual: "eve")) {
            try membership.route(
                Self.header("s9", from: "eve", .signIn(SignIn(token: "t"))), from: 1)
        }
    }

    @Test func aConnectionCannotSpeakForAnotherUserOrForNobody() throws {
        var membership = RelayMembership(recentMessages: 10)
        #expect(throws: RelayMembership.Refusal.noSender) {
            try membership.route(Self.header("n", from: ""), from: 9)
        }
        _ = try membership.route(Self.header("a", from: "alice"), from: 1)
        #expect(
            throws: RelayMembership.Refusal.senderMismatch(expected: "alice", actual: "mallory")
        ) {
            try membership.route(Self.header("m", from: "mallory"), from: 1)
        }
        #expect(
            try membership.route(Self.header("o", from: "bob", in: nil), from: 2).dropped
                == "noConversation")
    }

    @Test func aDisconnectNamesTheConversationsItsUserLeft() throws {
        var membership = RelayMembership(recentMessages: 10)
        _ = try membership.route(Self.header("j1", from: "alice", Self.status(.online)), from: 1)
        _ = try membership.route(Self.header("j2", from: "alice", Self.status(.online)), from: 2)
        _ = try membership.route(Self.header("j3", from: "bob", Self.status(.online)), from: 3)
        // Alice is still there on link 2; bob's departure is one.
        #expect(membership.remove(1).departedFrom.isEmpty)
        let bob = membership.remove(3)
        #expect(bob.user == "bob")
        #expect(bob.departedFrom == [ConversationKey(type: .channel, id: "room")])
    }
}
