import Foundation

/// The Swift samples of a DocC article and their copies in a test, so the test runs the
/// article's code as written.
///
/// Every ```` ```swift ```` block of the article has a copy in the test file, in the same order,
/// between `// Article sample: begin` and `// Article sample: end` markers. ``articleBlocks``
/// and ``testCopies`` must be equal: lines compared without indentation and without blank lines,
/// `import` lines aside (a test file imports at its top, outside the markers).
public struct ArticleSample {
    /// The article's Swift blocks, in order.
    public let articleBlocks: [[String]]
    /// The test's marked copies, in order.
    public let testCopies: [[String]]

    /// Reads the article at `article`, a path from the package root (for example
    /// `Sources/RTMWire/RTMWire.docc/ImagesAndFiles.md`), and the marked code of the test file
    /// at `testFile` (pass `#filePath`). The package root is the nearest folder above the test
    /// file, after symbolic links are resolved, that holds `Package.swift` and `Sources/`.
    public init(article: String, testFile: String = #filePath) throws {
        let test = URL(fileURLWithPath: testFile).resolvingSymlinksInPath()
        var root = test.deletingLastPathComponent()
        let files = FileManager.default
        while !(files.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
            && files.fileExists(atPath: root.appendingPathComponent("Sources").path))
        {
            guard root.pathComponents.count > 1 else {
                throw ArticleSampleError(description: "no package root above \(testFile)")
            }
            root = root.deletingLastPathComponent()
        }
        let text = try String(contentsOf: root.appendingPathComponent(article), encoding: .utf8)
        articleBlocks = Self.blocks(
            in: text.components(separatedBy: "\n"), open: { $0 == "```swift" },
            close: { $0 == "```" })
        let source = try String(contentsOf: test, encoding: .utf8).components(separatedBy: "\n")
        testCopies = Self.blocks(
            in: source, open: { $0.hasSuffix("// Article sample: begin") },
            close: { $0.hasSuffix("// Article sample: end") })
    }

    /// What the article's samples print: the comment after each `print(…)` line, in order.
    public var expectedOutput: [String] {
        articleBlocks.indices.flatMap(expectedOutput(ofBlock:))
    }

    /// What one block prints (`block` counts from 0).
    public func expectedOutput(ofBlock block: Int) -> [String] {
        articleBlocks[block].compactMap { line in
            guard line.hasPrefix("print("), let comment = line.range(of: "  // ") else {
                return nil
            }
            return String(line[comment.upperBound...])
        }
    }

    /// What differs between the article and the test, for a test to expect empty: a block
    /// whose copy is missing or not the same, and `printed` (what the copies printed, in order)
    /// where it is not ``expectedOutput``.
    public func differences(printed: [String]) -> [String] {
        var found: [String] = []
        if articleBlocks.count != testCopies.count {
            found.append("\(articleBlocks.count) Swift blocks, \(testCopies.count) copies")
        }
        for (index, (block, copy)) in zip(articleBlocks, testCopies).enumerated()
        where block != copy {
            let line = zip(block, copy).first { $0 != $1 }.map { "\($0.0) ≠ \($0.1)" } ?? "length"
            found.append("block \(index) differs from its copy: \(line)")
        }
        if printed != expectedOutput {
            found.append("printed \(printed), the article says \(expectedOutput)")
        }
        return found
    }

    /// The blocks between `open` and `close` lines, trimmed, blank and `import` lines dropped.
    private static func blocks(
        in lines: [String], open: (String) -> Bool, close: (String) -> Bool
    ) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if open(trimmed) { current = [] }
            } else if close(trimmed) {
                result.append(current!)
                current = nil
            } else if !trimmed.isEmpty && !trimmed.hasPrefix("import ") {
                current!.append(trimmed)
            }
        }
        return result
    }
}

/// An article or test file without the expected samples.
public struct ArticleSampleError: Error, CustomStringConvertible {
    /// What is missing.
    public var description: String
}
