import RTMWire
import RTMWireReferencePeers
import RTMWireTransport
import Testing

/// App data on a message and its updates (Sendbird data, RongCloud message extensions): set by
/// the sender when it sends, changed later by the sender or the server, applied by the store in
/// update-time order.
@Suite struct AppDataTests {
    static let room = Conversation(type: .group, id: "team")

    static func update(
        _ id: String, by user: String, set: [AppDataEntry] = [], removing keys: [String] = [],
        at time: Int64
    ) -> Envelope {
        Envelope(
            messageID: id, sender: Sender(userID: user), sendTimeMs: time, conversation: room,
            body: .appDataUpdate(
                AppDataUpdate(
                    targetMessageID: "m-1", set: set, removedKeys: keys, updateTimeMs: time)))
    }

    @Test func appDataIsSetAndUpdatedOverAConnection() async throws {
        var message = Envelope(
            messageID: "m-1", sender: Sender(userID: "alice"), sendTimeMs: 100,
            conversation: Self.room, body: .text(TextMessage(text: "lunch at 12?")))
        message.appData = [
            AppDataEntry(key: "poll", value: "lunch"), AppDataEntry(key: "votes", value: "0"),
        ]
        let envelopes = [
            message,
            Self.update("u-1", by: "alice", set: [.init(key: "votes", value: "3")], at: 200),
            // The server (a moderator here) adds a summary; an older update arrives late.
            Self.update("u-2", by: "server", set: [.init(key: "summary", value: "yes")], at: 300),
            Self.update("u-0", by: "alice", set: [.init(key: "votes", value: "1")], at: 150),
            Self.update("u-3", by: "alice", removing: ["poll"], at: 400),
        ]
        let (sender, receiver) = InMemoryConnection.makePair()
        try await sender.send(contentsOf: envelopes)
        await sender.close()

        var store = MessageStore(configuration: .init(moderatorUserIDs: ["server"]))
        var changes: [MessageStore.Applied.Change] = []
        while let envelope = try await receiver.receive() {
            if let applied = try store.apply(envelope, at: 1_000) { changes.append(applied.change) }
        }
        #expect(
            changes == [
                .stored, .appDataChanged, .appDataChanged, .staleAppDataUpdate, .appDataChanged,
            ])
        let kept = try #require(store[messageID: "m-1"])
        #expect(
            kept.appData == [.init(key: "votes", value: "3"), .init(key: "summary", value: "yes")])
        #expect(kept.appDataTimeMs == 400)
    }

    @Test func onlyTheSenderOrAModeratorChangesIt() throws {
        var store = MessageStore()
        let message = Envelope(
            messageID: "m-1", sender: Sender(userID: "alice"), conversation: Self.room,
            body: .text(TextMessage(text: "hi")))
        try store.apply(message, at: 1)
        do {
            try store.apply(Self.update("u", by: "mallory", set: [.init(key: "a")], at: 2), at: 2)
            Issue.record("another user changed alice's app data")
        } catch {
            #expect(error.code == .notAllowed)
        }
    }

    @Test func theStoreKeepsAtMostTheLimit() throws {
        var store = MessageStore()
        var message = Envelope(
            messageID: "m-1", sender: Sender(userID: "alice"), conversation: Self.room,
            body: .text(TextMessage(text: "hi")))
        message.appData = (0..<20).map { AppDataEntry(key: "k\($0)") }
        try store.apply(message, at: 1)
        do {
            try store.apply(
                Self.update("u", by: "alice", set: [.init(key: "one-more")], at: 2), at: 2)
            Issue.record("a 21st entry was kept")
        } catch {
            #expect(error.code == .tooManyAppDataEntries)
            #expect(error.limit == .init(name: "maxAppDataEntries", allowed: 20, actual: 21))
        }
        #expect(store[messageID: "m-1"]?.appData.count == 20)
    }
}
