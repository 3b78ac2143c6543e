import Testing

@testable import RTMWire
@testable import RTMWireJSON

/// The semantic rules of edits, recalls, reactions, summaries, typing, mentions and replies:
/// each rejects what it must, with the field path.
@Suite("Chat kinds: semantic rules")
struct ChatRulesTests {
    static let text = TextMessage(text: "hi")

    static func edit(_ edit: MessageEdit) -> Envelope { header(.edit(edit)) }
    static func reaction(_ key: String, _ action: ReactionAction = .add) -> Envelope {
        header(.reaction(Reaction(targetMessageID: "m", key: key, action: action)))
    }
    static func summary(_ counts: [ReactionCount]) -> Envelope {
        header(.reactionSummary(ReactionSummary(targetMessageID: "m", reactions: counts)))
    }
    static func mentioning(_ mentions: Mentions) -> Envelope {
        header(.text(TextMessage(text: "hi", mentions: mentions)))
    }
    static func replying(_ reference: MessageReference) -> Envelope {
        var envelope = header(.text(text))
        envelope.replyTo = reference
        return envelope
    }

    static let cases: [(String, Envelope, RTMWireError.Code, String)] = [
        (
            "edit without target", edit(MessageEdit(editTimeMs: 1, content: .text(text))),
            .missingField, "edit.target_message_id"
        ),
        (
            "edit without time", edit(MessageEdit(targetMessageID: "m", content: .text(text))),
            .invalidValue, "edit.edit_time_ms"
        ),
        (
            "edit at a negative time",
            edit(MessageEdit(targetMessageID: "m", editTimeMs: -1, content: .text(text))),
            .invalidValue, "edit.edit_time_ms"
        ),
        (
            "edit without content", edit(MessageEdit(targetMessageID: "m", editTimeMs: 1)),
            .missingField, "edit.content"
        ),
        (
            "edit to an empty text",
            edit(MessageEdit(targetMessageID: "m", editTimeMs: 1, content: .text(TextMessage()))),
            .missingField, "edit.text.text"
        ),
        (
            "caption mentioning nobody",
            edit(
                MessageEdit(
                    targetMessageID: "m", editTimeMs: 1,
                    content: .caption(Caption(text: "c", mentions: Mentions())))),
            .missingField, "edit.caption.mentions.user_ids"
        ),
        (
            "recall without target", header(.recall(MessageRecall(recalledByUserID: "u"))),
            .missingField, "recall.target_message_id"
        ),
        (
            "recall without who", header(.recall(MessageRecall(targetMessageID: "m"))),
            .missingField, "recall.recalled_by_user_id"
        ),
        (
            "reaction without target", header(.reaction(Reaction(key: "👍", action: .add))),
            .missingField, "reaction.target_message_id"
        ),
        ("reaction without key", reaction(""), .missingField, "reaction.key"),
        ("reaction without action", reaction("👍", .unspecified), .invalidValue, "reaction.action"),
        (
            "summary without target", header(.reactionSummary(ReactionSummary())), .missingField,
            "reaction_summary.target_message_id"
        ),
        (
            "summary with a key twice",
            summary([ReactionCount(key: "👍", count: 1), ReactionCount(key: "👍", count: 2)]),
            .invalidValue, "reaction_summary.reactions[1].key"
        ),
        (
            "summary entry with count 0", summary([ReactionCount(key: "👍")]), .invalidValue,
            "reaction_summary.reactions[0].count"
        ),
        (
            "summary entry with fewer users counted than listed",
            summary([ReactionCount(key: "👍", count: 1, recentUserIDs: ["a", "b"])]),
            .invalidValue, "reaction_summary.reactions[0].count"
        ),
        (
            "summary entry listing a user twice",
            summary([ReactionCount(key: "👍", count: 2, recentUserIDs: ["a", "a"])]),
            .invalidValue, "reaction_summary.reactions[0].recent_user_ids[1]"
        ),
        (
            "summary entry with an empty user",
            summary([ReactionCount(key: "👍", count: 2, recentUserIDs: ["a", ""])]),
            .missingField, "reaction_summary.reactions[0].recent_user_ids[1]"
        ),
        (
            "summary entry without key", summary([ReactionCount(count: 1)]), .missingField,
            "reaction_summary.reactions[0].key"
        ),
        (
            "typing without state", header(.typing(TypingIndicator(expiresAfterMs: 1))),
            .invalidValue, "typing.state"
        ),
        ("mentions of nobody", mentioning(Mentions()), .missingField, "text.mentions.user_ids"),
        (
            "a user mentioned twice", mentioning(Mentions(userIDs: ["bob", "bob"])),
            .invalidValue, "text.mentions.user_ids[1]"
        ),
        (
            "an empty mentioned user", mentioning(Mentions(userIDs: [""], everyone: true)),
            .missingField, "text.mentions.user_ids[0]"
        ),
        (
            "image caption mentioning nobody",
            header(.image(ImageMessage(mediaID: "m", size: 1, mentions: Mentions()))),
            .missingField, "image.mentions.user_ids"
        ),
        (
            "reply without the replied id", replying(MessageReference(excerpt: "hi")),
            .missingField, "reply_to.message_uid"
        ),
    ]

    @Test(arguments: cases.indices)
    func rejects(index: Int) {
        let (name, envelope, code, path) = Self.cases[index]
        expectRuleRefuses(name, envelope, code, path)
    }

    @Test func everyoneAloneIsAMention() {
        #expect(throws: Never.self) { try Self.mentioning(Mentions(everyone: true)).validate() }
    }

    @Test func aRemovedCaptionIsAnEmptyCaption() {
        let removal = MessageEdit(targetMessageID: "m", editTimeMs: 1, content: .caption(Caption()))
        #expect(throws: Never.self) { try Self.edit(removal).validate() }
    }

    @Test func reactionKeysCompareByteForByte() {
        // 👍 and 👍🏽 are different keys; "é" precomposed and decomposed too (no normalisation).
        let summary = Self.summary([
            ReactionCount(key: "👍", count: 1), ReactionCount(key: "👍🏽", count: 1),
            ReactionCount(key: "\u{E9}", count: 1), ReactionCount(key: "e\u{301}", count: 1),
        ])
        #expect(throws: Never.self) { try summary.validate() }
    }
}

/// MessageReference and StreamReference read the same bytes and JSON, and convert unchanged.
@Suite("Reply and stream references")
struct ReferenceTwinTests {
    @Test func theTwinsShareBytesAndJSON() throws {
        var stream = StreamReference(messageID: "m-0", senderUserID: "bob", excerpt: "問題 ❓")
        stream.unknownFields = UnknownFields(encodedFields: hex("78 01"))  // field 15, varint 1
        let bytes = try stream.serializedBytes()
        let reply = try MessageReference(serializedBytes: bytes)
        #expect(reply == MessageReference(stream))
        #expect(try reply.serializedBytes() == bytes)
        #expect(reply.jsonString() == stream.jsonString())
        #expect(StreamReference(reply) == stream)
        #expect(
            try StreamReference(jsonString: reply.jsonString()).jsonString() == stream.jsonString())
    }
}
