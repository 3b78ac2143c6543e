/// The verdict of a conformance run against an expected-failures list: a table per kind, every
/// unexpected result, and whether the run passes.
public struct ConformanceReport: Sendable {
    /// How one vector's result compares with the expected failures.
    public enum Verdict: Sendable, Hashable {
        /// Passed, as expected.
        case passed
        /// Failed, and the expected-failures list names it.
        case expectedFailure(reason: String)
        /// Failed, and the list does not name it.
        case unexpectedFailure
        /// Passed, although the list names it (remove it from the list).
        case unexpectedPass(reason: String)

        /// True for the results that make a run fail.
        public var isUnexpected: Bool {
            switch self {
            case .unexpectedFailure, .unexpectedPass: true
            case .passed, .expectedFailure: false
            }
        }
    }

    /// Every vector's result, in run order.
    public var results: [ConformanceResult]
    /// The expected failures the results were judged against.
    public var expectedFailures: ExpectedFailures
    /// Problems of the session itself (the testee did not exit cleanly).
    public var sessionProblems: [String]

    /// Creates a report.
    public init(
        results: [ConformanceResult], expectedFailures: ExpectedFailures,
        sessionProblems: [String] = []
    ) {
        self.results = results
        self.expectedFailures = expectedFailures
        self.sessionProblems = sessionProblems
    }

    /// The verdict on one result.
    public func verdict(_ result: ConformanceResult) -> Verdict {
        switch (result.passed, expectedFailures.reasons[result.vector.name]) {
        case (true, nil): .passed
        case (true, let reason?): .unexpectedPass(reason: reason)
        case (false, let reason?): .expectedFailure(reason: reason)
        case (false, nil): .unexpectedFailure
        }
    }

    /// Names in the expected-failures list that no vector has.
    public var unknownExpectedFailures: [String] {
        let names = Set(results.map(\.vector.name))
        return expectedFailures.reasons.keys.filter { !names.contains($0) }.sorted()
    }

    /// True when every result is what the expected-failures list says, the list names only
    /// existing vectors and the session ended cleanly.
    public var passes: Bool {
        !results.contains { verdict($0).isUnexpected } && unknownExpectedFailures.isEmpty
            && sessionProblems.isEmpty
    }

    /// One row per kind: passed / expected failures for valid, noncanonical and reject vectors,
    /// and the unexpected results; then the total.
    public func table() -> String {
        var kinds: [String] = []
        for result in results where !kinds.contains(result.vector.kind) {
            kinds.append(result.vector.kind)
        }
        // The kind column fits the longest kind name (`reaction_summary`) and one space.
        let kindWidth = max(14, (kinds.map(\.count).max() ?? 0) + 1)
        let widths = [kindWidth, 12, 14, 12, 10]
        let ruleWidth = widths.reduce(0, +)
        func row(_ cells: [String]) -> String {
            zip(cells, widths).map { cell, width in
                cell.count >= width
                    ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
            }.joined().trimmingTrailingSpaces()
        }
        func counts(_ list: [ConformanceResult]) -> [String] {
            GoldenVector.Category.allCases.map { category in
                let inCategory = list.filter { $0.vector.category == category }
                let passed = inCategory.filter { verdict($0) == .passed }.count
                let expected = inCategory.filter {
                    if case .expectedFailure = verdict($0) { true } else { false }
                }.count
                return "\(passed)/\(expected)"
            } + [String(list.filter { verdict($0).isUnexpected }.count)]
        }
        var lines = [
            row(["kind", "valid", "noncanonical", "reject", "unexpected"]),
            row(["", "pass/xfail", "pass/xfail", "pass/xfail", ""]),
            String(repeating: "-", count: ruleWidth),
        ]
        for kind in kinds {
            lines.append(row([kind] + counts(results.filter { $0.vector.kind == kind })))
        }
        lines.append(String(repeating: "-", count: ruleWidth))
        lines.append(row(["total"] + counts(results)))
        let checks = results.reduce(0) { $0 + $1.checks }
        let skipped = results.reduce(0) { $0 + $1.skipped }
        lines.append(
            "\(checks) checks, \(skipped) skipped by the testee (JSON or semantic validation it does not do)"
        )
        return lines.joined(separator: "\n")
    }

    /// Every unexpected result, then every problem with the list or the session, one entry each
    /// (a failure's lines are indented under it).
    public func unexpected() -> [String] {
        var lines: [String] = []
        for result in results {
            let vector = result.vector
            let label = "\(vector.kind)/\(vector.name) (\(vector.category.rawValue))"
            switch verdict(result) {
            case .unexpectedFailure:
                lines.append(
                    "FAIL \(label)\n" + result.failures.map { "     \($0)" }.joined(separator: "\n")
                )
            case .unexpectedPass(let reason):
                lines.append(
                    "PASS \(label): an expected failure (\(reason)) now passes; remove it from the list"
                )
            case .passed, .expectedFailure:
                break
            }
        }
        lines += unknownExpectedFailures.map { "LIST \($0): no vector has this name" }
        lines += sessionProblems.map { "SESSION \($0)" }
        return lines
    }
}
