import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

@Suite struct ReceiptTests {
    static let responder = ReceiptResponder(identity: Fixtures.bob)

    static func message(
        _ id: String, from sender: Sender = Fixtures.alice, options: DeliveryOptions?
    ) -> Envelope {
        Fixtures.envelope(id, from: sender, options: options, .text(TextMessage(text: "hi")))
    }

    @Test func deliveryReceiptsBatchPerSenderInArrivalOrder() throws {
        let carol = Sender(userID: "carol")
        let wants = DeliveryOptions(deliveryReceipt: true)
        let batch = [
            Self.message("a1", options: wants),
            Self.message("c1", from: carol, options: wants),
            Self.message("a2", options: nil),  // did not ask
            Self.message("a3", options: wants),
            Self.message("a1", options: wants),  // duplicate delivery
            Fixtures.envelope(
                "r1", options: wants, .receipt(Receipt(kind: .messageRead(.init(messageID: "x"))))),
        ]
        let receipts = Self.responder.deliveryReceipts(for: batch, at: 77)
        #expect(receipts.count == 2)
        for receipt in receipts { try receipt.validate() }
        guard case .receipt(let first)? = receipts[0].body,
            case .delivery(let toAlice)? = first.kind,
            case .receipt(let second)? = receipts[1].body,
            case .delivery(let toCarol)? = second.kind
        else {
            Issue.record("not delivery receipts")
            return
        }
        #expect(toAlice.messageIDs == ["a1", "a3"])
        #expect(toAlice.deliveredAtMs == [77, 77])
        #expect(receipts[0].conversation == Conversation(type: .peer, id: "alice"))
        #expect(receipts[0].sender == Fixtures.bob)
        #expect(toCarol.messageIDs == ["c1"])
        #expect(
            Self.responder.deliveryReceipts(for: [Self.message("a9", options: nil)], at: 0).isEmpty)
    }

    @Test func deliveryReceiptsSplitAtTheRepeatedLimit() {
        let responder = ReceiptResponder(
            identity: Fixtures.bob, recordsDeliveryTime: false, limits: Limits(maxRepeatedCount: 2))
        let batch = (1...5).map {
            Self.message("m\($0)", options: DeliveryOptions(deliveryReceipt: true))
        }
        let ids = responder.deliveryReceipts(for: batch, at: 1).compactMap {
            envelope -> [String]? in
            guard case .receipt(let receipt)? = envelope.body,
                case .delivery(let delivery)? = receipt.kind
            else { return nil }
            #expect(delivery.deliveredAtMs.isEmpty)
            return delivery.messageIDs
        }
        #expect(ids == [["m1", "m2"], ["m3", "m4"], ["m5"]])
    }

    @Test func readReceiptsOnlyWhenAsked() throws {
        #expect(Self.responder.readReceipt(for: Self.message("m", options: nil), at: 1) == nil)
        let read = try #require(
            Self.responder.readReceipt(
                for: Self.message("m", options: .init(readReceipt: true)), at: 1))
        try read.validate()
        let conversation = Self.responder.conversationReadReceipt(conversationWith: "alice", at: 1)
        try conversation.validate()
        guard case .receipt(let receipt)? = conversation.body,
            case .conversationRead(let body)? = receipt.kind
        else {
            Issue.record("not a conversation read receipt")
            return
        }
        #expect(body.conversationID == "alice")
    }

    @Test func groupReceiptsOnlyForGroupMessagesThatAsked() throws {
        let peer = Self.message("p", options: .init(groupReadReceipt: true))
        #expect(Self.responder.groupReadReceipt(for: peer, content: "x", ackID: "1", at: 1) == nil)
        let group = Fixtures.envelope(
            "g", in: .init(type: .group, id: "team"), options: .init(groupReadReceipt: true),
            .text(.init(text: "hi")))
        let quiet = Fixtures.envelope(
            "q", in: .init(type: .group, id: "team"), .text(.init(text: "hi")))
        #expect(Self.responder.groupReadReceipt(for: quiet, content: "x", ackID: "1", at: 1) == nil)
        let read = try #require(
            Self.responder.groupReadReceipt(for: group, content: "123", ackID: "ack", at: 5))
        let count = try #require(Self.responder.groupReadCount(for: group, readCount: 4, at: 5))
        try read.validate()
        try count.validate()
        #expect(read.conversation == Conversation(type: .group, id: "team"))
        guard case .receipt(let receipt)? = read.body, case .groupRead(let body)? = receipt.kind
        else {
            Issue.record("not a group read receipt")
            return
        }
        #expect(
            body
                == GroupReadReceipt(
                    messageID: "g", groupID: "team", content: "123", ackID: "ack", readTimeMs: 5,
                    readerUserID: Fixtures.bob.userID))
    }

    @Test func trackerFollowsEachMessage() {
        var tracker = ReceiptTracker()
        let toBob = Self.message("m1", options: .init(deliveryReceipt: true))
        let toBob2 = Self.message("m2", options: nil)
        let toCarol = Fixtures.envelope(
            "m3", in: .init(type: .peer, id: "carol"), .text(.init(text: "hi")))
        for message in [toBob, toBob2, toCarol] { tracker.didSend(message) }
        #expect(tracker.messages.map(\.stage) == [.sent, .sent, .sent])

        let delivered = Self.responder.deliveryReceipts(for: [toBob], at: 9)
        #expect(tracker.apply(delivered[0]) == ["m1"])
        #expect(tracker[messageID: "m1"]?.stage == .delivered)
        #expect(tracker[messageID: "m1"]?.deliveredAtMs == 9)
        #expect(tracker.apply(delivered[0]).isEmpty)  // a duplicate receipt changes nothing

        // A conversation read from bob marks what was sent to bob, not to carol.
        #expect(
            tracker.apply(Self.responder.conversationReadReceipt(conversationWith: "alice", at: 10))
                == ["m1", "m2"])
        #expect(tracker[messageID: "m3"]?.stage == .sent)
        #expect(tracker.apply(Fixtures.text("not-a-receipt")).isEmpty)
        #expect(tracker[messageID: "unknown"] == nil)
    }

    @Test func trackerCountsGroupReads() throws {
        var tracker = ReceiptTracker()
        let group = Fixtures.envelope(
            "g", in: .init(type: .group, id: "team"), options: .init(groupReadReceipt: true),
            .text(.init(text: "hi")))
        tracker.didSend(group)
        let dave = ReceiptResponder(identity: Sender(userID: "dave"))
        let erin = ReceiptResponder(identity: Sender(userID: "erin"))
        let readByDave = try #require(
            dave.groupReadReceipt(for: group, content: "ok", ackID: "a1", at: 1))
        tracker.apply(readByDave)
        tracker.apply(readByDave)
        tracker.apply(
            try #require(erin.groupReadReceipt(for: group, content: "👍", ackID: "a2", at: 2)))
        #expect(tracker[messageID: "g"]?.groupReads.map(\.content) == ["ok", "👍"])
        #expect(tracker[messageID: "g"]?.groupReads.map(\.readerUserID) == ["dave", "erin"])
        #expect(tracker[messageID: "g"]?.groupReadCount == 2)
        tracker.apply(try #require(dave.groupReadCount(for: group, readCount: 5, at: 3)))
        // A stale count (lower than the last one) changes nothing.
        tracker.apply(try #require(dave.groupReadCount(for: group, readCount: 4, at: 4)))
        #expect(tracker[messageID: "g"]?.groupReadCount == 5)
        #expect(tracker[messageID: "g"]?.stage == .read)
    }
}
