/// Per-kind pass/fail counts of a vector run, and the table `rtmwire verify` prints.
public struct VectorReport: Sendable {
    /// Every outcome, in file order.
    public var outcomes: [VectorOutcome]

    /// Creates a report.
    public init(outcomes: [VectorOutcome]) { self.outcomes = outcomes }

    /// True when every vector passed.
    public var allPassed: Bool { outcomes.allSatisfy(\.passed) }

    /// A plain-text table: one row per kind with vectors, passed and failed, then a total.
    public func table() -> String {
        var kinds: [String] = []
        for outcome in outcomes where !kinds.contains(outcome.vector.kind) {
            kinds.append(outcome.vector.kind)
        }
        func row(_ cells: [String]) -> String {
            let widths = [16, 9, 12, 7, 7, 7]
            return zip(cells, widths).map { cell, width in
                cell.count >= width
                    ? cell : cell + String(repeating: " ", count: width - cell.count)
            }.joined(separator: " ").trimmingTrailingSpaces()
        }
        var lines = [row(["kind", "valid", "noncanonical", "reject", "passed", "failed"])]
        lines.append(String(repeating: "-", count: 64))
        func counts(_ list: [VectorOutcome]) -> [String] {
            [GoldenVector.Category.valid, .noncanonical, .reject].map { category in
                String(list.filter { $0.vector.category == category }.count)
            } + [String(list.filter(\.passed).count), String(list.filter { !$0.passed }.count)]
        }
        for kind in kinds {
            lines.append(row([kind] + counts(outcomes.filter { $0.vector.kind == kind })))
        }
        lines.append(String(repeating: "-", count: 64))
        lines.append(row(["total"] + counts(outcomes)))
        return lines.joined(separator: "\n")
    }
}
