import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

@Suite struct TypingTrackerTests {
    static let group = Conversation(type: .group, id: "team")

    static func typing(_ sender: Sender, _ state: TypingState, expiresAfterMs: UInt32 = 0)
        -> Envelope
    {
        Fixtures.envelope(
            "t-\(sender.userID)", from: sender, in: group,
            .typing(TypingIndicator(state: state, expiresAfterMs: expiresAfterMs)))
    }

    @Test func startedShowsUntilStoppedOrExpired() {
        var tracker = TypingTracker()
        let alice = Self.typing(Fixtures.alice, .started, expiresAfterMs: 3_000)
        let aliceStarted = tracker.apply(alice, at: 0)
        #expect(aliceStarted)
        let bobStarted = tracker.apply(Self.typing(Fixtures.bob, .started), at: 100)  // default 5 s
        #expect(bobStarted)
        #expect(tracker.typingUserIDs(in: Self.group, at: 2_999) == ["alice", "bob"])
        #expect(tracker.typingUserIDs(in: Self.group, at: 3_000) == ["bob"])  // alice expired
        #expect(tracker.typingUserIDs(in: Self.group, at: 5_100) == [])
        #expect(tracker.typingUserIDs(in: Conversation(type: .peer, id: "team"), at: 0) == [])
        let bobStopped = tracker.apply(Self.typing(Fixtures.bob, .stopped), at: 200)
        #expect(bobStopped)
        #expect(tracker.typingUserIDs(in: Self.group, at: 201) == ["alice"])
    }

    @Test func aRepeatExtendsAndKeepsTheOrder() {
        var tracker = TypingTracker(defaultExpiryMs: 1_000)
        tracker.apply(Self.typing(Fixtures.alice, .started), at: 0)
        tracker.apply(Self.typing(Fixtures.bob, .started), at: 10)
        let repeatChanged = tracker.apply(Self.typing(Fixtures.alice, .started), at: 900)
        #expect(!repeatChanged)
        #expect(tracker.typingUserIDs(in: Self.group, at: 1_500) == ["alice"])
        #expect(tracker.typingUserIDs(in: Self.group, at: 999) == ["alice", "bob"])
    }

    @Test func sendingAMessageStopsTyping() {
        var tracker = TypingTracker()
        tracker.apply(Self.typing(Fixtures.alice, .started), at: 0)
        let sent = Fixtures.envelope("m", in: Self.group, .text(TextMessage(text: "done")))
        let sentChanged = tracker.apply(sent, at: 10)
        #expect(sentChanged)
        #expect(tracker.typingUserIDs(in: Self.group, at: 11) == [])
        // A receipt, or a typing state of a newer schema, changes nothing.
        tracker.apply(Self.typing(Fixtures.alice, .started), at: 20)
        let newer = Self.typing(Fixtures.alice, TypingState(rawValue: 7))
        let newerChanged = tracker.apply(newer, at: 21)
        #expect(!newerChanged)
        #expect(tracker.typingUserIDs(in: Self.group, at: 22) == ["alice"])
    }
}
