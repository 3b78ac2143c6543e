import Testing

@testable import RTMWire
@testable import RTMWireViews

/// The recording a view's one pass makes, seen from inside: sub-messages are recorded as the
/// decoder merges them, and a view made again from a scope (what a repeated field's element
/// is) records the same fields, whether the scope is one range or several occurrences merged.
@Suite("View recording")
struct ViewRecordingTests {
    // sender twice (user_id "a", then display_name "b"), then body text "x", image, text "y".
    let bytes = hex(
        "12 03 0a 01 61" + "12 03 12 01 62" + "82 01 03 0a 01 78" + "8a 01 00"
            + "82 01 03 0a 01 79")

    @Test func theCheckingPassRecordsMergedSubMessages() throws {
        let view = try Envelope.view(of: bytes, options: .wireOnly)
        // Two occurrences: the scope is the merge of both, the fields recorded from both.
        #expect(view.fields._sender.start == -1)
        #expect(view.sender?.userID == "a")
        #expect(view.sender?.displayName == "b")
        // The oneof's last member is text, whose last run is one occurrence.
        guard case .text(let text)? = view.body else {
            Issue.record("the last member is text")
            return
        }
        #expect(text.text == "y")
    }

    @Test func aViewMadeFromAMergedScopeRecordsEveryOccurrence() throws {
        let envelope = try Envelope.view(of: bytes, options: .wireOnly)
        let merged = envelope.scope.appending(2)
        let sender = SenderView(_scope: merged)
        #expect(sender.userID == "a")
        #expect(sender.displayName == "b")
        #expect(Self.ranges(merged) == [2..<5, 7..<10])
    }

    @Test func aViewMadeFromOneRangeRecordsIt() throws {
        let envelope = try Envelope.view(of: bytes, options: .wireOnly)
        let sender = SenderView(_scope: ViewScope(input: envelope.scope.input, start: 2, end: 5))
        #expect(sender.userID == "a")
        #expect(sender.displayName.isEmpty)
    }

    @Test func oneRangeIsReadOnce() throws {
        let envelope = try Envelope.view(of: bytes, options: .wireOnly)
        let scope = ViewScope(input: envelope.scope.input, start: 2, end: 5)
        #expect(Self.ranges(scope) == [2..<5])
    }

    /// The ranges `scope.checkedRanges()` reads, as the readers it returns span them.
    static func ranges(_ scope: ViewScope) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var readers = scope.checkedRanges()
        while let reader = readers.next() { ranges.append(reader.offset..<reader.end) }
        return ranges
    }
}

/// A view records 32-bit offsets: inputs below 2 GiB only (checked by count, so that the test
/// does not allocate 2 GiB).
@Suite("View input bound")
struct ViewInputBoundTests {
    @Test func theLongestInputAViewReadsIsOneBelowTwoGiB() throws {
        #expect(ViewInput.maxCount == 2_147_483_647)
        try ViewInput.checkCount(ViewInput.maxCount - 1)
        let error = #expect(throws: RTMWireError.self) {
            try ViewInput.checkCount(ViewInput.maxCount)
        }
        #expect(error?.code == .limitExceeded)
        #expect(error?.limit?.name == "viewInputBytes")
        #expect(error?.limit?.allowed == ViewInput.maxCount - 1)
        #expect(error?.limit?.actual == Int64(ViewInput.maxCount))
    }
}
