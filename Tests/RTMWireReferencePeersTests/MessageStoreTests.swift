import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

@Suite struct MessageStoreTests {
    static let carol = Sender(userID: "carol")
    static let image = ImageMessage(
        mediaID: "media-1", fileName: "cat.png", size: 10, thumbnail: [1, 2, 3], caption: "a cat")

    /// A store holding alice's text "t1" and image "i1", received at time 1,000.
    static func store(_ configuration: MessageStore.Configuration = .default) throws
        -> MessageStore
    {
        var store = MessageStore(configuration: configuration)
        try store.apply(Fixtures.text("t1", "hello"), at: 1_000)
        try store.apply(Fixtures.envelope("i1", .image(image)), at: 1_000)
        return store
    }

    static func edit(
        _ target: String, at time: Int64, _ content: MessageEdit.Content,
        from sender: Sender = Fixtures.alice
    ) -> Envelope {
        Fixtures.envelope(
            "e-\(target)-\(time)", from: sender,
            .edit(MessageEdit(targetMessageID: target, editTimeMs: time, content: content)))
    }

    static func recall(_ target: String, by sender: Sender = Fixtures.alice) -> Envelope {
        Fixtures.envelope(
            "r-\(target)", from: sender,
            .recall(MessageRecall(targetMessageID: target, recalledByUserID: sender.userID)))
    }

    static func react(
        _ target: String, _ key: String, _ action: ReactionAction = .add,
        from sender: Sender = Fixtures.bob
    ) -> Envelope {
        Fixtures.envelope(
            "x-\(sender.userID)-\(key)-\(action.rawValue)", from: sender,
            .reaction(Reaction(targetMessageID: target, key: key, action: action)))
    }

    func refusal(
        _ store: inout MessageStore, _ envelope: Envelope, at time: Int64 = 1_000
    ) -> MessageStoreError? {
        do {
            try store.apply(envelope, at: time)
            return nil
        } catch { return error }
    }

    @Test func storesContentAndIgnoresTheRest() throws {
        var store = try Self.store()
        #expect(store.messages.map(\.messageID) == ["t1", "i1"])
        let again = try store.apply(Fixtures.text("t1", "again"), at: 2)?.change
        #expect(again == .duplicate)
        #expect(store[messageID: "t1"]?.body == .text(TextMessage(text: "hello")))
        let typing = Fixtures.envelope("ty", .typing(TypingIndicator(state: .started)))
        let ignored = try store.apply(typing, at: 3)
        #expect(ignored == nil)
        #expect(store.messages.count == 2)
    }

    @Test func editsReplaceTextOrCaptionWithTheirMentions() throws {
        var store = try Self.store()
        let mentions = Mentions(userIDs: ["bob"])
        let text = TextMessage(text: "hello @bob", mentions: mentions)
        let edited = try store.apply(Self.edit("t1", at: 5, .text(text)), at: 2_000)?.change
        #expect(edited == .edited)
        #expect(store[messageID: "t1"]?.body == .text(text))
        #expect(store[messageID: "t1"]?.editTimeMs == 5 && store[messageID: "t1"]?.editCount == 1)
        try store.apply(
            Self.edit("i1", at: 6, .caption(Caption(text: "cats!", mentions: mentions))), at: 2_000)
        guard case .image(let image)? = store[messageID: "i1"]?.body else {
            Issue.record("not an image")
            return
        }
        #expect(image.caption == "cats!" && image.mentions == mentions)
        #expect(image.mediaID == "media-1" && image.thumbnail == [1, 2, 3])  // the rest stays
        // A removed caption.
        try store.apply(Self.edit("i1", at: 7, .caption(Caption())), at: 2_000)
        if case .image(let image)? = store[messageID: "i1"]?.body {
            #expect(image.caption.isEmpty && image.mentions == nil)
        }
    }

    @Test func editsApplyInEditTimeOrder() throws {
        var store = try Self.store()
        try store.apply(Self.edit("t1", at: 20, .text(TextMessage(text: "second"))), at: 2_000)
        let late = Self.edit("t1", at: 10, .text(TextMessage(text: "first")))
        let stale = try store.apply(late, at: 2_001)?.change
        #expect(stale == .staleEdit)
        #expect(store[messageID: "t1"]?.body == .text(TextMessage(text: "second")))
        #expect(store[messageID: "t1"]?.editCount == 1)
    }

    @Test func editsThatCannotApply() throws {
        var store = try Self.store()
        let text = MessageEdit.Content.text(TextMessage(text: "x"))
        let unknown = refusal(&store, Self.edit("nope", at: 1, text))
        #expect(unknown?.code == .unknownTarget)
        #expect(
            refusal(&store, Self.edit("t1", at: 1, text, from: Fixtures.bob))?.code == .notAllowed)
        let mismatch = refusal(&store, Self.edit("i1", at: 1, text))
        #expect(mismatch?.code == .contentMismatch)
        #expect(
            refusal(&store, Self.edit("t1", at: 1, .caption(Caption())))?.code == .contentMismatch)
        // The caption alone fits the budget; with the file name and thumbnail it does not.
        let budget = Limits.default.maxContentBytes
        let long = Caption(text: String(repeating: "c", count: budget - 3))
        let error = refusal(&store, Self.edit("i1", at: 1, .caption(long)))
        #expect(error?.code == .invalidEdit)
        #expect(error?.validationError?.limit?.name == "maxContentBytes")
        #expect(store[messageID: "i1"]?.body == .image(Self.image))  // unchanged
        try store.apply(Self.recall("t1"), at: 1_001)
        let afterRecall = refusal(&store, Self.edit("t1", at: 9, text))
        #expect(afterRecall?.code == .targetRecalled)
    }

    @Test func recallsRemoveContentAndReactions() throws {
        var store = try Self.store()
        try store.apply(Self.react("t1", "👍"), at: 1_000)
        let recalled = try store.apply(Self.recall("t1"), at: 1_500)?.change
        #expect(recalled == .recalled)
        #expect(store[messageID: "t1"]?.body == nil && store[messageID: "t1"]?.isRecalled == true)
        #expect(store[messageID: "t1"]?.recall?.recalledByUserID == "alice")
        #expect(store.reactionSummary(of: "t1", for: "bob") == nil)
        let twice = try store.apply(Self.recall("t1"), at: 1_600)?.change
        #expect(twice == .alreadyRecalled)
        let reaction = refusal(&store, Self.react("t1", "👍"))
        #expect(reaction?.code == .targetRecalled)
    }

    @Test func theRecallWindowAndModeratorsAreServerPolicy() throws {
        var store = try Self.store(.init(recallWindowMs: 60_000, moderatorUserIDs: ["carol"]))
        // The sender, exactly at the end of the window and one past it.
        let atEnd = try store.apply(Self.recall("t1"), at: 61_000)?.change
        #expect(atEnd == .recalled)
        let late = refusal(&store, Self.recall("i1"), at: 61_001)
        #expect(late?.code == .notAllowed)
        #expect(late?.detail.contains("recall window") == true)
        // Someone else: never; a moderator: any time.
        let byOther = refusal(&store, Self.recall("i1", by: Fixtures.bob))
        #expect(byOther?.code == .notAllowed)
        #expect(
            try store.apply(Self.recall("i1", by: Self.carol), at: 999_999)?.change == .recalled)
        // recalled_by must be the envelope's sender.
        var forged = Self.recall("t1", by: Fixtures.bob)
        forged.body = .recall(MessageRecall(targetMessageID: "t1", recalledByUserID: "carol"))
        let forgedResult = refusal(&store, forged)
        #expect(forgedResult?.code == .notAllowed)
    }

    @Test func reactionSummariesFollowTheReactions() throws {
        var store = try Self.store()
        try store.apply(Self.react("t1", "👍"), at: 1)  // bob
        try store.apply(Self.react("t1", "🎉", from: Self.carol), at: 2)
        try store.apply(Self.react("t1", "👍", from: Fixtures.alice), at: 3)
        let repeated = try store.apply(Self.react("t1", "👍"), at: 4)?.change
        #expect(repeated == .reactionsUnchanged)
        let summary = try #require(store.reactionSummary(of: "t1", for: "alice"))
        try summary.validate()
        #expect(
            summary.reactions == [
                ReactionCount(
                    key: "👍", count: 2, recentUserIDs: ["alice", "bob"], receiverReacted: true),
                ReactionCount(key: "🎉", count: 1, recentUserIDs: ["carol"], receiverReacted: false),
            ])
        try store.apply(Self.react("t1", "👍", .remove, from: Fixtures.alice), at: 5)
        try store.apply(Self.react("t1", "🎉", .remove, from: Self.carol), at: 6)
        #expect(
            try store.apply(Self.react("t1", "🎉", .remove, from: Self.carol), at: 7)?.change
                == .reactionsUnchanged)
        #expect(
            store.reactionSummary(of: "t1", for: "alice")?.reactions == [
                ReactionCount(key: "👍", count: 1, recentUserIDs: ["bob"])
            ])
        #expect(store.reactionSummary(of: "nope", for: "alice") == nil)
        let unknownTarget = refusal(&store, Self.react("nope", "👍"))
        #expect(unknownTarget?.code == .unknownTarget)
    }

    @Test func summariesListTheLatestUsersAndKeysCompareByteForByte() throws {
        var store = try Self.store(.init(limits: Limits(maxReactionRecentUsers: 2)))
        for user in ["u1", "u2", "u3"] {
            try store.apply(Self.react("t1", "\u{E9}", from: Sender(userID: user)), at: 1)
        }
        try store.apply(Self.react("t1", "e\u{301}"), at: 1)  // canonically equal, other bytes
        let summary = try #require(store.reactionSummary(of: "t1", for: "u1"))
        try summary.validate(limits: Limits(maxReactionRecentUsers: 2))
        #expect(summary.reactions.map(\.recentUserIDs) == [["u3", "u2"], ["bob"]])
        #expect(summary.reactions.map(\.count) == [3, 1])
        #expect(summary.reactions.map(\.receiverReacted) == [true, false])
    }

    @Test func reactionBounds() throws {
        var store = try Self.store(.init(maxReactionKeysPerMessage: 2, maxReactionsPerMessage: 3))
        try store.apply(Self.react("t1", "a"), at: 1)
        try store.apply(Self.react("t1", "b"), at: 1)
        let keys = refusal(&store, Self.react("t1", "c"))
        #expect(keys?.code == .tooManyReactions)
        #expect(keys?.limit == .init(name: "maxReactionKeysPerMessage", allowed: 2, actual: 3))
        try store.apply(Self.react("t1", "a", from: Self.carol), at: 1)  // an existing key: room
        #expect(
            refusal(&store, Self.react("t1", "b", from: Self.carol))?.limit?.name
                == "maxReactionsPerMessage")
        #expect(store.reactionSummary(of: "t1", for: "bob")?.reactions.map(\.count) == [2, 1])
    }
}
