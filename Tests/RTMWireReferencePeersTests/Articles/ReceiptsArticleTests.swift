// The samples of the article "Delivery and read receipts"
// (Sources/RTMWireReferencePeers/RTMWireReferencePeers.docc/DeliveryAndReadReceipts.md), run as written:
// ArticleSample checks that the marked copies below are the article's blocks and that they
// print what the article's comments say.

import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

@Suite("Article: Delivery and read receipts")
struct ReceiptsArticleTests {
    @Test func samplesRunAsWritten() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // Article sample: begin
        let message = Envelope(
            messageID: "m-1", sender: Sender(userID: "alice"), sendTimeMs: 1_763_700_000_000,
            conversation: Conversation(type: .peer, id: "bob"),
            deliveryOptions: DeliveryOptions(deliveryReceipt: true, readReceipt: true),
            body: .text(TextMessage(text: "lunch?")))
        var tracker = ReceiptTracker()
        tracker.didSend(message)  // then send it
        print(tracker[messageID: "m-1"]!.stage)  // sent
        // Article sample: end

        // Article sample: begin
        let responder = ReceiptResponder(identity: Sender(userID: "bob"))
        // Messages that arrived together: one delivery receipt per sender, ids batched.
        let delivered = responder.deliveryReceipts(for: [message], at: 1_763_700_000_120)
        // Later, when the message is on screen:
        let read = responder.readReceipt(for: message, at: 1_763_700_004_000)
        print(delivered.count, read != nil)  // 1 true
        // Article sample: end

        // The receipts travel as envelopes: encode and decode them on the way.
        let sentBack = try (delivered + [read!]).map {
            try Envelope(serializedBytes: $0.serializedBytes())
        }
        #expect(sentBack == delivered + [read!])
        #expect(delivered[0].conversation == Conversation(type: .peer, id: "alice"))

        // Article sample: begin
        let changed = tracker.apply(delivered[0])  // the ids whose state moved
        print(changed, tracker[messageID: "m-1"]!.stage)  // ["m-1"] delivered
        tracker.apply(read!)
        print(tracker[messageID: "m-1"]!.stage)  // read
        print(tracker[messageID: "m-1"]!.deliveredAtMs)  // 1763700000120
        // Article sample: end

        // Forward only: a late delivery receipt changes nothing.
        #expect(tracker.apply(delivered[0]).isEmpty)
        #expect(tracker[messageID: "m-1"]!.stage == .read)

        // Article sample: begin
        let announcement = Envelope(
            messageID: "g-7", sender: Sender(userID: "alice"), sendTimeMs: 1_763_700_000_000,
            conversation: Conversation(type: .group, id: "team"),
            deliveryOptions: DeliveryOptions(groupReadReceipt: true),
            body: .text(TextMessage(text: "release at 5")))
        tracker.didSend(announcement)

        let carol = ReceiptResponder(identity: Sender(userID: "carol"))
        let ack = carol.groupReadReceipt(
            for: announcement, content: "👍", ackID: "ack-1", at: 1_763_700_010_000)!
        tracker.apply(ack)
        tracker.apply(ack)  // the same ack id again: counted once

        let state = tracker[messageID: "g-7"]!
        print(state.groupReads.map(\.readerUserID), state.groupReadCount)  // ["carol"] 1
        // Article sample: end

        #expect(ack.conversation == Conversation(type: .group, id: "team"))
        #expect(carol.groupReadReceipt(for: message, content: "", ackID: "x", at: 1) == nil)

        let sample = try ArticleSample(
            article:
                "Sources/RTMWireReferencePeers/RTMWireReferencePeers.docc/DeliveryAndReadReceipts.md"
        )
        #expect(sample.differences(printed: printed) == [])
    }

    /// The article's table of rules: the error codes and paths it names.
    @Test func tableRows() {
        func error(_ receipt: Receipt, in type: ConversationType = .peer) -> RTMWireError? {
            do {
                _ = try Envelope(
                    messageID: "r", sender: Sender(userID: "bob"),
                    conversation: Conversation(type: type, id: "alice"), body: .receipt(receipt)
                ).serializedBytes()
                return nil
            } catch { return error }
        }
        let noKind = error(Receipt())
        #expect(noKind?.code == .missingField)
        #expect(noKind?.fieldPath == "receipt.kind")
        #expect(error(Receipt(kind: .delivery(DeliveryReceipt())))?.code == .missingField)
        let times = error(
            Receipt(kind: .delivery(DeliveryReceipt(messageIDs: ["a", "b"], deliveredAtMs: [1]))))
        #expect(times?.code == .invalidValue)
        #expect(times?.fieldPath == "receipt.delivery.delivered_at_ms")
        let many = error(
            Receipt(kind: .delivery(DeliveryReceipt(messageIDs: (0...1_000).map { "m\($0)" }))))
        #expect(many?.code == .limitExceeded)
        #expect(error(Receipt(kind: .messageRead(MessageReadReceipt())))?.code == .missingField)
        #expect(
            error(Receipt(kind: .conversationRead(ConversationReadReceipt())))?.code
                == .missingField)
        #expect(
            error(Receipt(kind: .groupRead(GroupReadReceipt(messageID: "m"))), in: .group)?.code
                == .missingField)
        #expect(
            error(Receipt(kind: .groupReadCount(GroupReadCount(groupID: "alice"))), in: .group)?
                .code
                == .missingField)
        // Group receipts belong to groups, a conversation read receipt to a peer conversation.
        let groupInPeer = error(
            Receipt(kind: .groupRead(GroupReadReceipt(messageID: "m", groupID: "g"))))
        #expect(groupInPeer?.code == .invalidValue)
        #expect(groupInPeer?.fieldPath == "receipt")
        let conversationInGroup = error(
            Receipt(kind: .conversationRead(ConversationReadReceipt(conversationID: "alice"))),
            in: .group)
        #expect(conversationInGroup?.code == .invalidValue)
    }

    /// The responder splits a large batch so that every receipt it builds encodes.
    @Test func largeBatchesSplit() throws {
        let batch = (0..<2_500).map { index in
            Envelope(
                messageID: "m\(index)", sender: Sender(userID: "alice"),
                conversation: Conversation(type: .peer, id: "bob"),
                deliveryOptions: DeliveryOptions(deliveryReceipt: true),
                body: .text(TextMessage(text: "\(index)")))
        }
        let receipts = ReceiptResponder(identity: Sender(userID: "bob"))
            .deliveryReceipts(for: batch, at: 1)
        #expect(receipts.count == 3)
        for receipt in receipts { _ = try receipt.serializedBytes() }
    }
}
