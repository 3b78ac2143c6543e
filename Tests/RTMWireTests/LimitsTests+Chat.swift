import Testing

@testable import RTMWire

/// The limits of the chat kinds, at the boundary and one past it, on encode and decode.
extension LimitsTests {
    @Test func mentionCount() {
        func mentioning(_ n: Int) -> Envelope {
            header(
                .text(
                    TextMessage(
                        text: "hi", mentions: Mentions(userIDs: (0..<n).map { "user-\($0)" }))))
        }
        expectOK(mentioning(100))
        expectLimit(mentioning(101), "maxMentions", allowed: 100, actual: 101)
        let few = Limits(maxMentions: 2)
        expectOK(mentioning(2), limits: few)
        expectLimit(mentioning(3), "maxMentions", allowed: 2, actual: 3, limits: few)
    }

    @Test func captionMentionsInEveryBody() {
        let many = Mentions(userIDs: (0..<101).map { "u\($0)" })
        for body in [
            Envelope.Body.image(ImageMessage(mediaID: "m", size: 1, mentions: many)),
            .file(FileMessage(mediaID: "m", size: 1, mentions: many)),
            .edit(
                MessageEdit(
                    targetMessageID: "m", editTimeMs: 1,
                    content: .caption(Caption(text: "c", mentions: many)))),
        ] {
            expectLimit(header(body), "maxMentions", allowed: 100, actual: 101)
        }
    }

    func reaction(_ key: String) -> Envelope {
        header(.reaction(Reaction(targetMessageID: "m", key: key, action: .add)))
    }

    @Test func reactionKeyBytes() {
        // 16 thumbs up: 64 bytes, 16 graphemes.
        expectOK(reaction(String(repeating: "👍", count: 16)))
        expectLimit(
            reaction(String(repeating: "👍", count: 16) + "a"), "maxReactionKeyBytes",
            allowed: 64, actual: 65)
        // A family with skin tones is one grapheme of 41 bytes: bytes, not characters, count.
        let family = "👨🏻‍👩🏻‍👧🏻‍👦🏻"
        #expect(family.count == 1 && family.utf8.count == 41)
        expectOK(reaction(family))
        expectLimit(
            reaction(family), "maxReactionKeyBytes", allowed: 40, actual: 41,
            limits: Limits(maxReactionKeyBytes: 40))
    }

    @Test func reactionKeyGraphemes() {
        expectOK(reaction(String(repeating: "a", count: 32)))
        expectLimit(
            reaction(String(repeating: "a", count: 33)), "maxReactionKeyGraphemes", allowed: 32,
            actual: 33)
        // Extended grapheme clusters, not code points or UTF-16 units: 21 × (e + U+0301) + "a"
        // is 43 code points and 22 graphemes in 64 bytes.
        let combining = String(repeating: "e\u{301}", count: 21) + "a"
        #expect(combining.unicodeScalars.count == 43 && combining.utf8.count == 64)
        expectOK(reaction(combining))
        expectLimit(
            reaction(combining), "maxReactionKeyGraphemes", allowed: 21, actual: 22,
            limits: Limits(maxReactionKeyGraphemes: 21))
        // Flags pair regional indicators: 🇯🇵🇰🇷 is 2 graphemes.
        expectOK(reaction("🇯🇵🇰🇷"), limits: Limits(maxReactionKeyGraphemes: 2))
        expectLimit(
            reaction("🇯🇵🇰🇷"), "maxReactionKeyGraphemes", allowed: 1, actual: 2,
            limits: Limits(maxReactionKeyGraphemes: 1))
    }

    @Test func summaryKeysFollowTheSameLimits() {
        func summary(_ key: String) -> Envelope {
            header(
                .reactionSummary(
                    ReactionSummary(
                        targetMessageID: "m", reactions: [ReactionCount(key: key, count: 1)])))
        }
        expectOK(summary(String(repeating: "k", count: 32)))
        expectLimit(
            summary(String(repeating: "k", count: 33)), "maxReactionKeyGraphemes", allowed: 32,
            actual: 33)
    }

    @Test func reactionRecentUsers() {
        func summary(_ n: Int) -> Envelope {
            header(
                .reactionSummary(
                    ReactionSummary(
                        targetMessageID: "m",
                        reactions: [
                            ReactionCount(
                                key: "👍", count: 500, recentUserIDs: (0..<n).map { "u\($0)" })
                        ])))
        }
        expectOK(summary(10))
        expectLimit(summary(11), "maxReactionRecentUsers", allowed: 10, actual: 11)
    }

    @Test func replyExcerptBytes() {
        func replying(_ excerpt: String) -> Envelope {
            var envelope = header(.text(TextMessage(text: "yes")))
            envelope.replyTo = MessageReference(messageID: "m-0", excerpt: excerpt)
            return envelope
        }
        expectOK(replying(String(repeating: "😀", count: 256)))
        expectLimit(
            replying(String(repeating: "😀", count: 256) + "."), "maxExcerptBytes", allowed: 1_024,
            actual: 1_025)
    }

    @Test func typingExpiry() {
        func typing(_ ms: UInt32) -> Envelope {
            header(.typing(TypingIndicator(state: .started, expiresAfterMs: ms)))
        }
        expectOK(typing(60_000))
        expectLimit(typing(60_001), "maxTypingExpiryMs", allowed: 60_000, actual: 60_001)
        // The largest hint the wire can carry is still only a limit error.
        expectLimit(
            typing(.max), "maxTypingExpiryMs", allowed: 60_000, actual: Int(UInt32.max))
    }

    @Test func editAndRecallContentBudget() {
        func edit(_ content: MessageEdit.Content) -> Envelope {
            header(.edit(MessageEdit(targetMessageID: "m", editTimeMs: 1, content: content)))
        }
        let atBudget = String(repeating: "é", count: Self.budget / 2)
        expectOK(edit(.text(TextMessage(text: atBudget))))
        expectLimit(
            edit(.text(TextMessage(text: atBudget + "a"))), "maxContentBytes",
            allowed: Self.budget, actual: Self.budget + 1)
        expectOK(edit(.caption(Caption(text: atBudget))))
        expectLimit(
            edit(.caption(Caption(text: atBudget + "a"))), "maxContentBytes",
            allowed: Self.budget, actual: Self.budget + 1)
        func recall(_ reason: String) -> Envelope {
            header(
                .recall(MessageRecall(targetMessageID: "m", recalledByUserID: "u", reason: reason)))
        }
        expectOK(recall(atBudget))
        expectLimit(
            recall(atBudget + "a"), "maxContentBytes", allowed: Self.budget,
            actual: Self.budget + 1)
    }
}
