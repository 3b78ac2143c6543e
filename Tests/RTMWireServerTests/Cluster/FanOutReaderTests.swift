import Testing

@testable import RTMWireServer

/// The fan-out reader hands each row over once, in id order as far as commits allow, waits a
/// while for an id committed late, and gives up one that never comes.
struct FanOutReaderTests {
    @Test func eachRowOnceAndTheFrontierMovesPastWhatIsDone() {
        var reader = FanOutReader(after: 10)
        let old = reader.take(10)
        let (first, second) = (reader.take(11), reader.take(12))
        let again = reader.take(12)
        #expect(!old && first && second && !again)
        reader.advance(seenUpTo: 12, at: 0)
        #expect(reader.frontier == 12 && reader.awaited == 0)
    }

    @Test func aRowCommittedLateIsWaitedForAndOneThatNeverCommitsIsGivenUp() {
        var reader = FanOutReader(after: 0, gapTimeoutMs: 5_000)
        // Row 2 committed before row 1.
        let lateFirst = reader.take(2)
        #expect(lateFirst)
        reader.advance(seenUpTo: 2, at: 1_000)
        #expect(reader.frontier == 0 && reader.awaited == 1)
        // Row 1 comes: both done.
        let late = reader.take(1)
        #expect(late)
        reader.advance(seenUpTo: 2, at: 2_000)
        #expect(reader.frontier == 2 && reader.awaited == 0)
        // Row 3 never commits (rolled back); 4 does.
        let afterGap = reader.take(4)
        #expect(afterGap)
        reader.advance(seenUpTo: 4, at: 3_000)
        #expect(reader.frontier == 2)
        reader.advance(seenUpTo: 4, at: 7_999)
        #expect(reader.frontier == 2, "waited less than the timeout")
        reader.advance(seenUpTo: 4, at: 8_000)
        #expect(reader.frontier == 4 && reader.awaited == 0)
        // Had 3 come after all, it would not be handed over twice or out of turn.
        let givenUp = reader.take(3)
        #expect(!givenUp)
    }

    @Test func aReaderFarBehindKeepsTrackOfABoundedNumberOfIds() {
        var reader = FanOutReader(after: 0)
        let far = reader.take(1_000_000)
        #expect(far)
        reader.advance(seenUpTo: 1_000_000, at: 0)
        #expect(reader.frontier == 1_000_000 - FanOutReader.maxAwaited)
        #expect(reader.awaited == Int(FanOutReader.maxAwaited) - 1)
    }
}
