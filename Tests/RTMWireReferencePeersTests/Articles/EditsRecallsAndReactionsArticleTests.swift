// The samples of the article "Edits, recalls and reactions"
// (Sources/RTMWireReferencePeers/RTMWireReferencePeers.docc/EditsRecallsAndReactions.md), run as
// written: ArticleSample checks that the marked copies below are the article's blocks and that
// they print what the article's comments say.

import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

@Suite("Article: Edits, recalls and reactions")
struct EditsRecallsAndReactionsArticleTests {
    @Test func samplesRunAsWritten() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        // Article sample: begin
        let alice = Sender(userID: "alice")
        let room = Conversation(type: .group, id: "team")
        let original = Envelope(
            messageID: "m-1", sender: alice, sendTimeMs: 1_763_700_000_000, conversation: room,
            body: .text(TextMessage(text: "standup at 10")))
        let newText = TextMessage(
            text: "standup at 10:30 @bob", mentions: Mentions(userIDs: ["bob"]))
        let edit = Envelope(
            messageID: "m-2", sender: alice, sendTimeMs: 1_763_700_030_000, conversation: room,
            body: .edit(
                MessageEdit(
                    targetMessageID: "m-1", editTimeMs: 1_763_700_030_000,
                    content: .text(newText))))
        let thumbsUp = Envelope(
            messageID: "m-3", sender: Sender(userID: "bob"), sendTimeMs: 1_763_700_040_000,
            conversation: room,
            body: .reaction(Reaction(targetMessageID: "m-1", key: "👍", action: .add)))
        let recall = Envelope(
            messageID: "m-4", sender: alice, sendTimeMs: 1_763_700_060_000, conversation: room,
            body: .recall(MessageRecall(targetMessageID: "m-1", recalledByUserID: "alice")))
        // Article sample: end

        // Every one of them encodes and decodes.
        for envelope in [original, edit, thumbsUp, recall] {
            #expect(try Envelope(serializedBytes: envelope.serializedBytes()) == envelope)
        }

        // Article sample: begin
        var store = MessageStore()  // recall window: 2 minutes
        let received: Int64 = 1_763_700_000_050
        try store.apply(original, at: received)
        print(try store.apply(edit, at: received + 30_000)!.change)  // edited
        print(try store.apply(edit, at: received + 31_000)!.change)  // staleEdit
        try store.apply(thumbsUp, at: received + 40_000)

        let summary = store.reactionSummary(of: "m-1", for: "bob")!  // as bob is told
        let thumbs = summary.reactions[0]
        print(thumbs.key, thumbs.count, thumbs.receiverReacted)  // 👍 1 true
        let stored = store[messageID: "m-1"]!
        if case .text(let text)? = stored.body {
            print(text.text, stored.editCount)  // standup at 10:30 @bob 1
        }

        print(try store.apply(recall, at: received + 60_000)!.change)  // recalled
        let recalled = store[messageID: "m-1"]!
        print(recalled.isRecalled, recalled.body == nil)  // true true
        // Article sample: end

        // Article sample: begin
        let bobsEdit = Envelope(
            messageID: "m-5", sender: Sender(userID: "bob"), conversation: room,
            body: .edit(
                MessageEdit(
                    targetMessageID: "m-1", editTimeMs: 1_763_700_070_000,
                    content: .text(TextMessage(text: "no standup")))))
        do {
            try store.apply(bobsEdit, at: received + 70_000)
        } catch {
            print(error.code)  // targetRecalled
        }
        // Article sample: end

        let sample = try ArticleSample(
            article:
                "Sources/RTMWireReferencePeers/RTMWireReferencePeers.docc/EditsRecallsAndReactions.md"
        )
        #expect(sample.differences(printed: printed) == [])
    }

    /// The article's table: the codec's and the store's error codes.
    @Test func tableRows() throws {
        let alice = Sender(userID: "alice")
        let room = Conversation(type: .group, id: "team")
        func envelope(_ id: String, from sender: Sender = alice, _ body: Envelope.Body) -> Envelope
        {
            Envelope(messageID: id, sender: sender, conversation: room, body: body)
        }
        func codecError(_ body: Envelope.Body) -> RTMWireError.Code? {
            do {
                _ = try envelope("x", body).serializedBytes()
                return nil
            } catch { return error.code }
        }
        #expect(
            codecError(.edit(MessageEdit(editTimeMs: 1, content: .text(TextMessage(text: "a")))))
                == .missingField)
        #expect(
            codecError(.edit(MessageEdit(targetMessageID: "m", editTimeMs: 1))) == .missingField)
        #expect(codecError(.recall(MessageRecall(targetMessageID: "m"))) == .missingField)
        #expect(
            codecError(.reaction(Reaction(targetMessageID: "m", action: .add))) == .missingField)
        #expect(
            codecError(
                .edit(MessageEdit(targetMessageID: "m", content: .text(TextMessage(text: "a")))))
                == .invalidValue)
        #expect(codecError(.reaction(Reaction(targetMessageID: "m", key: "👍"))) == .invalidValue)
        #expect(
            codecError(
                .reaction(
                    Reaction(
                        targetMessageID: "m", key: String(repeating: "a", count: 65), action: .add))
            )
                == .limitExceeded)
        #expect(
            codecError(
                .reaction(
                    Reaction(
                        targetMessageID: "m", key: String(repeating: "👍", count: 33), action: .add))
            )
                != nil)
        #expect(
            codecError(
                .recall(
                    MessageRecall(
                        targetMessageID: "m", recalledByUserID: "a",
                        reason: String(repeating: "a", count: 40_000))))
                == .limitExceeded)

        var store = MessageStore(
            configuration: .init(moderatorUserIDs: ["mod"], maxReactionKeysPerMessage: 1))
        func storeError(_ envelope: Envelope, at time: Int64 = 0) -> MessageStoreError.Code? {
            do {
                try store.apply(envelope, at: time)
                return nil
            } catch { return error.code }
        }
        let edit = { (target: String, time: Int64, content: MessageEdit.Content) in
            Envelope.Body.edit(
                MessageEdit(targetMessageID: target, editTimeMs: time, content: content))
        }
        #expect(
            storeError(envelope("e0", edit("m-1", 1, .text(TextMessage(text: "a")))))
                == .unknownTarget)
        try store.apply(envelope("m-1", .text(TextMessage(text: "hi"))), at: 0)
        try store.apply(
            envelope(
                "m-2",
                .image(
                    ImageMessage(
                        mediaID: "p", fileName: String(repeating: "f", count: 30_000), size: 1))),
            at: 0)
        let bob = Sender(userID: "bob")
        #expect(
            storeError(envelope("e1", from: bob, edit("m-1", 1, .text(TextMessage(text: "a")))))
                == .notAllowed)
        #expect(
            storeError(envelope("e2", edit("m-1", 1, .caption(Caption(text: "a")))))
                == .contentMismatch)
        #expect(
            storeError(
                envelope(
                    "e3",
                    edit("m-2", 1, .caption(Caption(text: String(repeating: "c", count: 3_000))))))
                == .invalidEdit)
        try store.apply(
            envelope(
                "r1", from: bob, .reaction(Reaction(targetMessageID: "m-1", key: "👍", action: .add))
            ), at: 0)
        #expect(
            storeError(
                envelope(
                    "r2", from: bob,
                    .reaction(Reaction(targetMessageID: "m-1", key: "🎉", action: .add))))
                == .tooManyReactions)
        // After the window the sender may not recall; a moderator may.
        #expect(
            storeError(
                envelope(
                    "c1", .recall(MessageRecall(targetMessageID: "m-1", recalledByUserID: "alice"))),
                at: 120_001)
                == .notAllowed)
        let moderator = Sender(userID: "mod")
        #expect(
            storeError(
                envelope(
                    "c2", from: moderator,
                    .recall(MessageRecall(targetMessageID: "m-1", recalledByUserID: "mod"))),
                at: 999_999) == nil)
        #expect(
            storeError(
                envelope(
                    "r3", from: bob,
                    .reaction(Reaction(targetMessageID: "m-1", key: "👍", action: .remove))))
                == .targetRecalled)
    }
}
