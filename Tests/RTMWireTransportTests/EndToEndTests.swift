import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// Two peers exchange every kind of message over each transport.
// The time limit catches a hang, not slowness: these tests take seconds, but under
// ThreadSanitizer on a busy 2-core machine several took over a minute (CI, 2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct EndToEndTests {
    @Test(
        "one of every kind reaches the peer equal to what was sent",
        arguments: TransportKind.allCases)
    func everyKindArrivesEqual(kind: TransportKind) async throws {
        let sent = Fixtures.everyKind()
        let received = try await kind.withPair { a, b in
            async let collected = receiveAll(b)
            for envelope in sent { try await a.send(envelope) }
            await a.close()
            let received = try await collected
            await b.close()
            #expect(try await a.receive() == nil)
            return received
        }
        #expect(received == sent)
        #expect(Set(received.compactMap { $0.body?.jsonName }).count == 14)
    }

    @Test("a batch send arrives in order and as sent", arguments: TransportKind.allCases)
    func batchSend(kind: TransportKind) async throws {
        let sent = (0..<50).map { Fixtures.text("m\($0)", "message \($0)") }
        let received = try await kind.withPair { a, b in
            async let collected = receiveAll(b)
            try await a.send(contentsOf: Array(sent[0..<20]))
            try await a.send(contentsOf: Array(sent[20...]))
            await a.close()
            let received = try await collected
            await b.close()
            return received
        }
        #expect(received == sent)
    }

    @Test("delivery receipts come back on their own, batched", arguments: TransportKind.allCases)
    func deliveryReceipts(kind: TransportKind) async throws {
        let messages = (0..<6).map { Fixtures.text("m\($0)", receipts: true) }
        let (tracker, receipts, servedCount) = try await kind.withPair { a, b in
            let responder = ReceiptResponder(identity: Fixtures.bob, limits: .default)
            async let served = responder.serve(b, clock: { Fixtures.time + 5 })
            var tracker = ReceiptTracker()
            for message in messages { tracker.didSend(message) }
            try await a.send(contentsOf: Array(messages[0..<4]))
            try await a.send(messages[4])
            try await a.send(messages[5])
            var receipts: [DeliveryReceipt] = []
            while !messages.allSatisfy({ tracker[messageID: $0.messageID]?.stage == .delivered }) {
                guard let envelope = try await a.receive() else { break }
                if case .receipt(let receipt)? = envelope.body,
                    case .delivery(let delivery)? = receipt.kind
                {
                    receipts.append(delivery)
                }
                tracker.apply(envelope)
            }
            await a.close()
            let count = try await served
            await b.close()
            #expect(try await a.receive() == nil)
            return (tracker, receipts, count)
        }
        #expect(servedCount == 6)
        #expect(tracker.messages.map(\.stage) == Array(repeating: .delivered, count: 6))
        #expect(tracker.messages.allSatisfy { $0.deliveredAtMs == Fixtures.time + 5 })
        // Every id acknowledged exactly once, in order; the four sent together share receipts.
        #expect(receipts.flatMap(\.messageIDs) == messages.map(\.messageID))
        #expect(receipts.count <= 3 + 2)
        #expect(receipts.allSatisfy { $0.deliveredAtMs.count == $0.messageIDs.count })
    }

    @Test(
        "read, conversation-read and group-read receipts flow back with content and ack id",
        arguments: TransportKind.allCases)
    func readReceipts(kind: TransportKind) async throws {
        let peerMessages = [
            Fixtures.text("p1", receipts: true), Fixtures.text("p2", receipts: false),
        ]
        let groupMessage = Fixtures.envelope(
            "g1", in: Conversation(type: .group, id: "team"),
            options: DeliveryOptions(groupReadReceipt: true), .text(TextMessage(text: "standup?")))
        let tracker = try await kind.withPair { a, b in
            let responder = ReceiptResponder(identity: Fixtures.bob)
            async let served: Int = responder.serve(b, clock: { Fixtures.time }) { batch in
                for message in batch {
                    if let read = responder.readReceipt(for: message, at: Fixtures.time) {
                        try await b.send(read)
                    }
                    if let groupRead = responder.groupReadReceipt(
                        for: message, content: "seen it", ackID: "ack-7", at: Fixtures.time)
                    {
                        try await b.send(groupRead)
                    }
                    if let count = responder.groupReadCount(
                        for: message, readCount: 2, at: Fixtures.time)
                    {
                        try await b.send(count)
                    }
                    if message.messageID == "p2" {
                        try await b.send(
                            responder.conversationReadReceipt(
                                conversationWith: "alice", at: Fixtures.time))
                    }
                }
            }
            var tracker = ReceiptTracker()
            for message in peerMessages + [groupMessage] {
                tracker.didSend(message)
                try await a.send(message)
            }
            func done(_ tracker: ReceiptTracker) -> Bool {
                tracker[messageID: "p1"]?.stage == .read && tracker[messageID: "p2"]?.stage == .read
                    && tracker[messageID: "g1"]?.groupReadCount == 2
                    && tracker[messageID: "g1"]?.groupReads.count == 1
            }
            while !done(tracker) {
                guard let envelope = try await a.receive() else { break }
                tracker.apply(envelope)
            }
            await a.close()
            _ = try await served
            await b.close()
            return tracker
        }
        #expect(tracker[messageID: "p1"]?.stage == .read)
        // p2 through the conversation read receipt only.
        #expect(tracker[messageID: "p2"]?.stage == .read)
        let group = try #require(tracker[messageID: "g1"])
        #expect(group.stage == .read)
        #expect(
            group.groupReads == [
                ReceiptTracker.GroupRead(
                    readerUserID: "bob", content: "seen it", ackID: "ack-7",
                    readTimeMs: Fixtures.time)
            ])
        #expect(group.reportedGroupReadCount == 2)
        #expect(group.groupReadCount == 2)
    }

    @Test(
        "a stream of deltas sent out of order with duplicates reassembles exactly",
        arguments: TransportKind.allCases)
    func streamReassembly(kind: TransportKind) async throws {
        let count = 200
        let pieces = (1...count).map { "piece \($0) · " }
        var chunks = pieces.enumerated().map { index, piece in
            StreamChunk(
                streamMessageID: "s1", sequence: UInt64(index + 1),
                event: .delta(StreamDelta(content: piece)))
        }
        var generator = SplitMix64(state: 42)
        chunks += chunks.shuffled(using: &generator).prefix(40)  // duplicates
        chunks.shuffle(using: &generator)
        let start = StreamChunk(
            streamMessageID: "s1", sequence: 0,
            event: .initial(StreamInit(contentType: "text/plain")))
        let end = StreamChunk(
            streamMessageID: "s1", sequence: UInt64(count + 1),
            event: .complete(
                StreamComplete(code: 0, stopReason: 0, summary: "done", completeReason: 0)))
        // The init arrives in the middle of the deltas; the complete comes last.
        chunks.insert(start, at: chunks.count / 3)
        chunks.append(end)
        let envelopes = chunks.enumerated().map { index, chunk in
            Fixtures.envelope("c\(index)", .streamChunk(chunk))
        }
        let assembled = try await kind.withPair { a, b in
            async let result: AssembledStream? = {
                var assembler = StreamAssembler()
                var result: AssembledStream?
                while let envelope = try await b.receive() {
                    if case .streamChunk(let chunk)? = envelope.body,
                        let done = try assembler.apply(chunk)
                    {
                        result = done
                    }
                }
                return result
            }()
            try await a.send(contentsOf: envelopes)
            await a.close()
            let assembled = try await result
            await b.close()
            return assembled
        }
        let stream = try #require(assembled)
        #expect(stream.text == pieces.joined())
        #expect(stream.deltaCount == count)
        #expect(stream.summary == "done")
        #expect(stream.contentType == "text/plain")
    }

    @Test("metadata requests over the wire get the CAS statuses", arguments: TransportKind.allCases)
    func metadataCAS(kind: TransportKind) async throws {
        let service = MetadataService(identity: Sender(userID: "store"), clock: { Fixtures.time })
        // Locks exist on channels only (Agora's channel metadata calls).
        let stage = MetadataTarget(
            target: .channel(ChannelTarget(channelName: "stage", channelType: .message)))
        #expect(await service.acquireLock("L", on: stage, for: "carol") == .ok)
        let room = Fixtures.channelTarget
        let responses = try await kind.withPair { a, b in
            async let served: Void = service.serve(b)
            var client = MetadataClient(connection: a)
            var responses: [MetadataResponse] = []
            // 1 set creates; 2 a stale item revision conflicts; 3 update of a missing item;
            // 4 a wrong major revision; 5 a matching revision updates; 6 remove of a missing item.
            responses.append(
                try await client.request(
                    .set, room, items: [.init(key: "topic", value: "v1", revision: -1)]))
            let revision = responses[0].metadata?.items.first?.revision ?? 0
            responses.append(
                try await client.request(
                    .set, room, items: [.init(key: "topic", value: "v2", revision: revision + 99)]))
            responses.append(
                try await client.request(.update, room, items: [.init(key: "nope", value: "x")]))
            responses.append(
                try await client.request(
                    .set, room, items: [.init(key: "a", value: "x")], major: 12345))
            responses.append(
                try await client.request(
                    .update, room, items: [.init(key: "topic", value: "v3", revision: revision)]))
            responses.append(try await client.request(.remove, room, items: [.init(key: "ghost")]))
            // 7 a locked target refuses writes that name no lock, 8 or someone else's lock.
            responses.append(
                try await client.request(.set, stage, items: [.init(key: "k", value: "v")]))
            responses.append(
                try await client.request(
                    .set, stage, items: [.init(key: "k", value: "v")], lock: "L"))
            responses.append(try await client.request(.get, room))
            await a.close()
            try await served
            #expect(try await a.receive() == nil)
            return responses
        }
        #expect(
            responses.map(\.status) == [
                .ok, .revisionConflict, .itemNotFound, .revisionConflict, .ok, .itemNotFound,
                .lockHeld, .lockHeld, .ok,
            ])
        #expect(responses.map(\.requestID) == (1...9).map { "r\($0)" })
        let final = try #require(responses.last?.metadata)
        #expect(final.items.map(\.value) == ["v3"])
        #expect(final.items.first?.authorUserID == "alice")
        #expect(final.items.first?.updateTimeMs == UInt64(Fixtures.time))
        #expect(responses[1].metadata?.items.first?.value == "v1")  // the conflict changed nothing
    }

    @Test(
        "a subscriber sees the snapshot and then every storage event in order",
        arguments: TransportKind.allCases)
    func subscriberSeesEventsInOrder(kind: TransportKind) async throws {
        let service = MetadataService(identity: Sender(userID: "store"), clock: { Fixtures.time })
        let events = try await kind.withTwoClients(of: service) { writer, watcher in
            var watcherClient = MetadataClient(connection: watcher, sender: Fixtures.bob)
            let subscribed = try await watcherClient.request(
                .subscribe, Fixtures.userTarget("alice"))
            #expect(subscribed.status == .ok)
            var events: [StorageEvent] = []
            if let snapshot = try await watcherClient.nextEvent() { events.append(snapshot) }

            var writerClient = MetadataClient(connection: writer)
            let alice = Fixtures.userTarget("alice")
            for step in 1...5 {
                _ = try await writerClient.request(
                    .set, alice, items: [.init(key: "k\(step)", value: "v\(step)")])
            }
            _ = try await writerClient.request(
                .update, alice, items: [.init(key: "k1", value: "changed")])
            _ = try await writerClient.request(.remove, alice, items: [.init(key: "k2")])
            while events.count < 8, let event = try await watcherClient.nextEvent() {
                events.append(event)
            }
            await writer.close()
            await watcher.close()
            return events
        }
        #expect(
            events.map(\.eventType) == [.snapshot] + Array(repeating: .set, count: 5) + [
                .update, .remove,
            ])
        #expect(
            events.dropFirst().map { $0.metadata?.items.first?.key } == [
                "k1", "k2", "k3", "k4", "k5", "k1", "k2",
            ])
        #expect(events[6].metadata?.items.first?.value == "changed")
        #expect(events.dropFirst().allSatisfy { $0.publisherUserID == "alice" })
        let revisions = events.dropFirst().compactMap { $0.metadata?.majorRevision }
        #expect(revisions == revisions.sorted() && Set(revisions).count == revisions.count)
    }
}
