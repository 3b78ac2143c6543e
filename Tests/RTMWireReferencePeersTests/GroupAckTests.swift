import RTMWire
import RTMWireReferencePeers
import RTMWireTransport
import Testing

/// Group read receipts as Agora Chat has them: members send group read receipts, the server
/// keeps them (``GroupAckLog``), and the sender pages through them
/// (asyncFetchGroupMessageAcksFromServer) over a connection.
@Suite struct GroupAckTests {
    static let group = Conversation(type: .group, id: "group-1001")
    static let message = Envelope(
        messageID: "m-1", sender: Sender(userID: "alice"), sendTimeMs: 1_000,
        conversation: group, deliveryOptions: DeliveryOptions(groupReadReceipt: true),
        body: .text(TextMessage(text: "who has read this?")))
    static let readers = ["bob", "carol", "dave", "erin", "frank"]

    func query(_ cursor: String, pageSize: UInt32) -> Envelope {
        Envelope(
            messageID: "q-\(cursor)", sender: Sender(userID: "alice"), sendTimeMs: 2_000,
            conversation: Self.group,
            body: .receipt(
                Receipt(
                    kind: .groupAckQuery(
                        GroupAckQuery(
                            messageID: "m-1", groupID: "group-1001", startAckID: cursor,
                            pageSize: pageSize)))))
    }

    @Test func aSenderPagesThroughTheReadsOverAConnection() async throws {
        let (client, server) = InMemoryConnection.makePair()
        let serving = Task {
            var log = GroupAckLog(identity: Sender(userID: "server"))
            try await log.serve(server, clock: { 3_000 })
            await server.close()
            return log
        }
        for (index, reader) in Self.readers.enumerated() {
            let responder = ReceiptResponder(identity: Sender(userID: reader))
            let receipt = try #require(
                responder.groupReadReceipt(
                    for: Self.message, content: index == 0 ? "👍" : "", ackID: "",
                    at: 1_100 + Int64(index)))
            try await client.send(receipt)
        }
        // A member who retries is counted once.
        let again = ReceiptResponder(identity: Sender(userID: "bob"))
        try await client.send(
            try #require(
                again.groupReadReceipt(for: Self.message, content: "", ackID: "", at: 1_200)))

        var tracker = ReceiptTracker()
        tracker.didSend(Self.message)
        var cursor = ""
        var pages: [[String]] = []
        repeat {
            try await client.send(query(cursor, pageSize: 2))
            let answer = try #require(try await client.receive())
            let page = try #require(answer.receipt?.groupAckPage)
            #expect(page.totalCount == 5)
            pages.append(page.acks.map(\.readerUserID))
            tracker.apply(answer)
            cursor = page.nextAckID
        } while !cursor.isEmpty
        await client.close()
        let log = try await serving.value

        #expect(pages == [["bob", "carol"], ["dave", "erin"], ["frank"]])
        let state = try #require(tracker[messageID: "m-1"])
        #expect(state.stage == .read && state.groupReadCount == 5)
        #expect(state.groupReads.map(\.readerUserID) == Self.readers)
        #expect(state.groupReads.first?.content == "👍")
        #expect(state.groupReads.map(\.ackID) == (1...5).map { "ack-\($0)" })
        #expect(log.readCount(groupID: "group-1001", messageID: "m-1") == 5)
    }

    @Test func aStaleCursorGivesAnEmptyPageWithTheTotal() {
        var log = GroupAckLog(identity: Sender(userID: "server"))
        let responder = ReceiptResponder(identity: Sender(userID: "bob"))
        log.record(responder.groupReadReceipt(for: Self.message, content: "", ackID: "", at: 5)!)
        let page = log.page(
            for: GroupAckQuery(
                messageID: "m-1", groupID: "group-1001", startAckID: "ack-99", pageSize: 10))
        #expect(page.acks.isEmpty && page.nextAckID.isEmpty && page.totalCount == 1)
    }

    @Test func aGroupHasOnlyGroupReceipts() throws {
        // The responder sends no one-to-one receipt for a group message, even one asking for it.
        var asking = Self.message
        asking.deliveryOptions = DeliveryOptions(deliveryReceipt: true, readReceipt: true)
        let responder = ReceiptResponder(identity: Sender(userID: "bob"))
        #expect(responder.deliveryReceipts(for: [asking], at: 5).isEmpty)
        #expect(responder.readReceipt(for: asking, at: 5) == nil)
        // And the codec refuses such a message, and a delivery receipt in a group, both ways.
        #expect(throws: RTMWireError.self) { try asking.serializedBytes() }
        let delivery = Envelope(
            messageID: "r", sender: Sender(userID: "bob"), conversation: Self.group,
            body: .receipt(Receipt(kind: .delivery(DeliveryReceipt(messageIDs: ["m-1"])))))
        let bytes = try delivery.serializedBytes(options: .wireOnly)
        do {
            _ = try Envelope(serializedBytes: bytes)
            Issue.record("a delivery receipt in a group decoded")
        } catch {
            #expect(error.code == .invalidValue && error.fieldPath == "receipt")
        }
    }
}
