/// The vectors a runtime is known to fail, with the reason: one per line, the vector name, white
/// space, the reason; `#` starts a comment line (`Conformance/PROTOCOL.md`).
public struct ExpectedFailures: Sendable, Hashable {
    /// Reason by vector name.
    public var reasons: [String: String]

    /// No expected failures.
    public init() { reasons = [:] }

    /// A line of the file that is not `name reason`, or a name given twice.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        /// Where and what.
        public var description: String
    }

    /// Parses the contents of an expected-failures file.
    public init(parsing text: String, fileName: String) throws(FormatError) {
        reasons = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if line.isEmpty || line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            let name = String(line.prefix(while: { !$0.isWhitespace }))
            let reason = line.dropFirst(name.count).trimmingWhitespace()
            guard !reason.isEmpty else {
                throw FormatError(
                    description:
                        "\(fileName):\(index + 1): \"\(name)\" has no reason after its name")
            }
            guard reasons[name] == nil else {
                throw FormatError(
                    description: "\(fileName):\(index + 1): \"\(name)\" is listed twice")
            }
            reasons[name] = reason
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
