import Foundation

/// A Swift sample of README.md and its copy in a test, so the test runs the README's code as
/// written: the copy stands between `// README sample: begin` and `// README sample: end`
/// markers; ``readmeBlock`` and ``testCopy`` must be equal (their lines compared without
/// indentation, the README's `import` lines aside), and what the copy prints must be what the
/// README's `print(…)  // <output>` comments say (``expectedOutput``).
public struct ReadmeSample {
    /// The README's block: the first ```swift block after the heading.
    public let readmeBlock: [String]
    /// The test's copy.
    public let testCopy: [String]

    /// Reads the first Swift block after `heading` in README.md and the marked code of the test
    /// file at `testFile` (pass `#filePath`). README.md is found two folders above the test
    /// target's folder, after symbolic links are resolved (the ThreadSanitizer package,
    /// Sanitizers/, links the test folders).
    public init(heading: String, testFile: String = #filePath) throws {
        let test = URL(fileURLWithPath: testFile).resolvingSymlinksInPath()
        let root = test.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(
            contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8
        )
        .components(separatedBy: "\n")
        let headingIndex = try Self.index(of: { $0 == heading }, in: readme, "heading \(heading)")
        let open = try Self.index(
            of: { $0 == "```swift" }, in: readme, from: headingIndex, "a ```swift block")
        let close = try Self.index(of: { $0 == "```" }, in: readme, from: open, "the block's end")
        readmeBlock = Self.code(readme[(open + 1)..<close]).filter { !$0.hasPrefix("import ") }

        let source = try String(contentsOf: test, encoding: .utf8).components(separatedBy: "\n")
        let begin = try Self.index(
            of: { $0.hasSuffix("// README sample: begin") }, in: source, "the begin marker")
        let end = try Self.index(
            of: { $0.hasSuffix("// README sample: end") }, in: source, from: begin, "the end marker"
        )
        testCopy = Self.code(source[(begin + 1)..<end])
    }

    /// What the sample prints: the comment after each `print(…)` line, in order.
    public var expectedOutput: [String] {
        readmeBlock.compactMap { line in
            guard line.contains("print("), let comment = line.range(of: "  // ") else { return nil }
            return String(line[comment.upperBound...])
        }
    }

    /// Lines without indentation and without blank lines.
    private static func code(_ lines: ArraySlice<String>) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func index(
        of matches: (String) -> Bool, in lines: [String], from start: Int = -1, _ what: String
    ) throws -> Int {
        guard let index = lines[(start + 1)...].firstIndex(where: matches) else {
            throw ReadmeSampleError(description: "README sample: cannot find \(what)")
        }
        return index
    }
}

/// A README or test file without the expected sample.
public struct ReadmeSampleError: Error, CustomStringConvertible {
    /// What is missing.
    public var description: String
}
