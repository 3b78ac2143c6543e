import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// The domain documents' server flows through `ChatServer` over TCP and SQLite: channel and
/// user metadata with revisions, locks and subscriptions; stream pulls; group ack pages; edits,
/// recalls and reactions by the message rules; receipts an offline sender still learns.
@Suite(.timeLimit(.minutes(5)))
struct ServedServicesTests {
    typealias H = ServerHarness
    static let channel = Conversation(type: .channel, id: "general")
    static let room = MetadataTarget(
        target: .channel(ChannelTarget(channelName: "general", channelType: .message)))

    static func metadata(
        _ id: String, from user: String, _ operation: MetadataOperation,
        _ target: MetadataTarget = room, _ items: [MetadataItem] = [], major: Int64 = 0,
        lock: String = ""
    ) -> Envelope {
        H.envelope(
            id, from: user, to: channel,
            .metadata(
                MetadataMessage(
                    kind: .request(
                        MetadataRequest(
                            requestID: id, operation: operation, target: target,
                            metadata: Metadata(items: items, majorRevision: major),
                            lockName: lock)))))
    }

    static func response(_ envelope: Envelope?) -> MetadataResponse? {
        guard case .metadata(let message)? = envelope?.body, case .response(let r)? = message.kind
        else { return nil }
        return r
    }

    static func event(_ envelope: Envelope?) -> StorageEvent? {
        guard case .metadata(let message)? = envelope?.body, case .event(let e)? = message.kind
        else { return nil }
        return e
    }

    /// Sends a status that joins `conversation` and waits for its acknowledgement.
    static func join(
        _ connection: some EnvelopeConnection, _ user: String, _ conversation: Conversation
    )
        async throws
    {
        try await connection.send(
            H.envelope(
                "join-\(user)", from: user, to: conversation,
                .status(StatusMessage(presence: .online))))
        #expect(try await connection.receive()?.acknowledgement?.position == 0)
    }

    @Test func metadataFollowsTheStorageRulesAndSurvivesARestart() async throws {
        let directory = try TemporaryDirectory()
        let topic = MetadataItem(key: "topic", value: "launch")
        try await H.run(in: directory.path) { port in
            try await H.connected(port, as: "alice") { alice in
                try await H.connected(port, as: "bob") { bob in
                    try await bob.send(Self.metadata("sub", from: "bob", .subscribe))
                    #expect(Self.response(try await bob.receive())?.status == .ok)
                    #expect(Self.event(try await bob.receive())?.eventType == .snapshot)

                    try await alice.send(
                        Self.metadata("set", from: "alice", .set, Self.room, [topic]))
                    let set = Self.response(try await alice.receive())
                    #expect(set?.status == .ok && set?.metadata?.items.first?.revision == 1)
                    let told = Self.event(try await bob.receive())
                    #expect(
                        told?.eventType == .set && told?.metadata?.items == set?.metadata?.items)

                    // Compare-and-set: a stale revision conflicts.
                    var stale = topic
                    stale.revision = 7
                    try await bob.send(
                        Self.metadata("cas", from: "bob", .update, Self.room, [stale]))
                    #expect(Self.response(try await bob.receive())?.status == .revisionConflict)

                    // A lock alice holds keeps bob's writes out until she releases it.
                    try await alice.send(
                        Self.metadata("lock", from: "alice", .acquireLock, lock: "edit"))
                    #expect(Self.response(try await alice.receive())?.status == .ok)
                    try await bob.send(
                        Self.metadata("race", from: "bob", .acquireLock, lock: "edit"))
                    #expect(Self.response(try await bob.receive())?.status == .lockHeld)
                    try await bob.send(
                        Self.metadata("write", from: "bob", .set, Self.room, [topic]))
                    #expect(Self.response(try await bob.receive())?.status == .lockHeld)

                    // A user's own metadata is written by that user alone, read by anyone.
                    let alicesOwn = MetadataTarget(target: .userID("alice"))
                    try await bob.send(
                        Self.metadata("theirs", from: "bob", .set, alicesOwn, [topic]))
                    let refusal = try await bob.receive()?.refusal
                    #expect(refusal?.code == .forbidden && refusal?.messageID == "theirs")
                    try await alice.send(
                        Self.metadata("mine", from: "alice", .set, alicesOwn, [topic]))
                    #expect(Self.response(try await alice.receive())?.status == .ok)
                    try await bob.send(Self.metadata("read", from: "bob", .get, alicesOwn))
                    #expect(
                        Self.response(try await bob.receive())?.metadata?.items.map(\.value)
                            == ["launch"])
                }
            }
        }
        // After a restart the set, its revisions and alice's lock are still there.
        try await H.run(in: directory.path) { port in
            try await H.connected(port, as: "bob") { bob in
                try await bob.send(Self.metadata("get", from: "bob", .get))
                let got = Self.response(try await bob.receive())
                #expect(got?.metadata?.items.map(\.value) == ["launch"])
                #expect(got?.metadata?.items.first?.revision == 1)
                try await bob.send(Self.metadata("w", from: "bob", .set, Self.room, [topic]))
                #expect(Self.response(try await bob.receive())?.status == .lockHeld)
            }
        }
    }

    @Test func aStreamIsKeptAsItPassesAndPulledInOrder() async throws {
        let directory = try TemporaryDirectory()
        let peer = Conversation(type: .peer, id: "bob")
        let chunks = H.greetingChunks
        try await H.run(in: directory.path) { port in
            try await H.connected(port, as: "bot") { bot in
                try await bot.send(
                    H.envelope(
                        "s1", from: "bot", to: peer,
                        .stream(StreamMessage(messageID: "s1", contentType: "text/plain"))))
                #expect(try await bot.receive()?.acknowledgement?.messageID == "s1")
                for (index, chunk) in chunks.enumerated() {
                    try await bot.send(
                        H.envelope("c\(index)", from: "bot", to: peer, .streamChunk(chunk)))
                    #expect(try await bot.receive()?.acknowledgement?.messageID == "c\(index)")
                }
            }
            // Bob was offline: he pulls the stream and gets the response, then every chunk.
            try await H.connected(port, as: "bob") { bob in
                try await bob.send(
                    H.envelope(
                        "pull", from: "bob", to: Conversation(type: .peer, id: "bot"),
                        .streamPullRequest(StreamPullRequest(streamMessageID: "s1"))))
                guard case .streamPullResponse(let response)? = try await bob.receive()?.body else {
                    Issue.record("no pull response")
                    return
                }
                #expect(response.code == 0 && response.streamMessageID == "s1")
                var pulled: [StreamChunk] = []
                for _ in chunks {
                    if case .streamChunk(let chunk)? = try await bob.receive()?.body {
                        pulled.append(chunk)
                    }
                }
                #expect(pulled == chunks)
                // Eve is no party to the conversation: she learns nothing of it.
                try await H.connected(port, as: "eve") { eve in
                    try await eve.send(
                        H.envelope(
                            "pull", from: "eve", to: Conversation(type: .peer, id: "bot"),
                            .streamPullRequest(StreamPullRequest(streamMessageID: "s1"))))
                    guard case .streamPullResponse(let none)? = try await eve.receive()?.body else {
                        Issue.record("no pull response for eve")
                        return
                    }
                    #expect(none.code == 404)
                }
            }
        }
    }

    @Test func groupReadReceiptsAreKeptAndPaged() async throws {
        let directory = try TemporaryDirectory()
        let group = Conversation(type: .group, id: "team")
        try await H.run(in: directory.path) { port in
            try await H.connected(port, as: "alice") { alice in
                try await alice.send(
                    H.createGroup(group, by: "alice", members: ["bob", "carol"]))
                _ = try await alice.receive()
                try await alice.send(H.text("g1", from: "alice", to: group))
                #expect(try await alice.receive()?.acknowledgement?.position == 1)
            }
            for reader in ["bob", "carol", "bob"] {
                try await H.connected(port, as: reader) { connection in
                    try await connection.send(
                        H.groupRead("read-\(reader)-\(UUID())", of: "g1", in: group, by: reader))
                    #expect(try await connection.receive()?.acknowledgement != nil)
                }
            }
            try await H.connected(port, as: "alice") { alice in
                let pages = try await H.groupAckPages(of: "g1", in: group, by: "alice", on: alice)
                #expect(!pages.isEmpty && pages.allSatisfy { $0.totalCount == 2 })
                let readers = pages.flatMap { $0.acks.map(\.readerUserID) }
                // bob's second receipt counts once.
                #expect(readers == ["bob", "carol"])
            }
        }
    }

    @Test func editsRecallsAndReactionsFollowTheMessageRules() async throws {
        let directory = try TemporaryDirectory()
        try await H.run(in: directory.path) { port in
            try await H.connected(port, as: "alice") { alice in
                try await H.connected(port, as: "bob") { bob in
                    try await Self.join(bob, "bob", Self.channel)
                    let original = H.text("m1", from: "alice", to: Self.channel)
                    try await alice.send(original)
                    _ = try await alice.receive()
                    #expect(try await bob.receive() == original)

                    func edit(_ id: String, by user: String, target: String) -> Envelope {
                        H.envelope(
                            id, from: user, to: Self.channel,
                            .edit(
                                MessageEdit(
                                    targetMessageID: target, editTimeMs: 1_764_000_000_100,
                                    content: .text(TextMessage(text: "fixed")))))
                    }
                    // Only the sender edits; an unknown message is not found.
                    try await bob.send(edit("e-bob", by: "bob", target: "m1"))
                    #expect(try await bob.receive()?.refusal?.code == .forbidden)
                    try await alice.send(edit("e-none", by: "alice", target: "nope"))
                    #expect(try await alice.receive()?.refusal?.code == .notFound)
                    let edited = edit("e1", by: "alice", target: "m1")
                    try await alice.send(edited)
                    #expect(try await alice.receive()?.acknowledgement?.messageID == "e1")
                    #expect(try await bob.receive() == edited)

                    // A reaction reaches both as each one's summary.
                    try await bob.send(
                        H.envelope(
                            "r1", from: "bob", to: Self.channel,
                            .reaction(Reaction(targetMessageID: "m1", key: "👍", action: .add))))
                    #expect(try await bob.receive()?.acknowledgement?.messageID == "r1")
                    guard case .reactionSummary(let bobs)? = try await bob.receive()?.body,
                        case .reactionSummary(let alices)? = try await alice.receive()?.body
                    else {
                        Issue.record("no reaction summaries")
                        return
                    }
                    #expect(bobs.reactions.first?.receiverReacted == true)
                    #expect(alices.reactions.first?.receiverReacted == false)
                    #expect(alices.reactions.first?.count == 1)

                    // After a recall, nobody reacts to it any more.
                    let recall = H.envelope(
                        "x1", from: "alice", to: Self.channel,
                        .recall(MessageRecall(targetMessageID: "m1", recalledByUserID: "alice")))
                    try await alice.send(recall)
                    #expect(try await alice.receive()?.acknowledgement?.messageID == "x1")
                    #expect(try await bob.receive() == recall)
                    try await bob.send(
                        H.envelope(
                            "r2", from: "bob", to: Self.channel,
                            .reaction(Reaction(targetMessageID: "m1", key: "🎉", action: .add))))
                    #expect(try await bob.receive()?.refusal?.code == .invalidEnvelope)
                    // A retried recall is acknowledged at its first position.
                    try await alice.send(recall)
                    #expect(try await alice.receive()?.acknowledgement?.messageID == "x1")
                }
            }
        }
    }

    @Test func anOfflineSenderLearnsItsReceiptsFromHistory() async throws {
        let directory = try TemporaryDirectory()
        let toBob = Conversation(type: .peer, id: "bob")
        try await H.run(in: directory.path) { port in
            try await H.connected(port, as: "alice") { alice in
                try await alice.send(H.text("m1", from: "alice", to: toBob))
                _ = try await alice.receive()
            }
            try await H.connected(port, as: "bob") { bob in
                try await bob.send(
                    H.envelope(
                        "read", from: "bob", to: Conversation(type: .peer, id: "alice"),
                        .receipt(Receipt(kind: .messageRead(MessageReadReceipt(messageID: "m1"))))))
                #expect(try await bob.receive()?.acknowledgement?.position == 2)
            }
            try await H.connected(port, as: "alice") { alice in
                try await alice.send(
                    H.envelope(
                        "h", from: "alice", to: toBob,
                        .historyRequest(HistoryRequest(afterPosition: 1, limit: 10))))
                guard case .historyPage(let page)? = try await alice.receive()?.body else {
                    Issue.record("no history page")
                    return
                }
                let receipt = try page.entries.first.map {
                    try Envelope(serializedBytes: $0.envelope)
                }
                guard case .receipt(let read)? = receipt?.body,
                    case .messageRead(let what)? = read.kind
                else {
                    Issue.record("the receipt is not in the history")
                    return
                }
                #expect(what.messageID == "m1" && receipt?.sender?.userID == "bob")
            }
        }
    }
}
