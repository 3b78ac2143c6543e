/// What one vector got from a testee: the checks that failed, and how many were skipped.
public struct ConformanceResult: Sendable, Hashable {
    /// The vector.
    public var vector: GoldenVector
    /// One line per failed check: `<check>: <what was wrong>`.
    public var failures: [String] = []
    /// Checks the testee answered with "skipped".
    public var skipped = 0
    /// Checks sent.
    public var checks = 0

    /// True when no check failed.
    public var passed: Bool { failures.isEmpty }
}

/// Drives golden vectors through a testee (`Conformance/PROTOCOL.md`): every check of every
/// vector, one request at a time.
public struct ConformanceRunner: Sendable {
    /// The vectors, in the order they are run.
    public var vectors: [GoldenVector]
    /// Requests a testee may fail (crash, run out of time, answer garbage) before the run stops.
    public var maxTesteeFailures = 5

    /// Creates a runner.
    public init(vectors: [GoldenVector]) { self.vectors = vectors }

    /// A run that could not go on: the testee failed too many requests.
    public struct Aborted: Error, Sendable, CustomStringConvertible {
        /// Why, with the last failure.
        public var description: String
    }

    /// Runs every check of every vector through `testee`, then ends the session. A failed
    /// request fails its check and the next one restarts the testee; `session` collects problems
    /// of the session itself (the testee did not exit cleanly at the end).
    public func run(
        on testee: some TesteeConnection, session: inout [String],
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws(Aborted) -> [ConformanceResult] {
        var testeeFailures = 0
        var results: [ConformanceResult] = []
        for (index, vector) in vectors.enumerated() {
            var result = ConformanceResult(vector: vector)
            for check in ConformanceCheck.checks(for: vector) {
                result.checks += 1
                let response: TesteeResponse
                do {
                    response = try testee.send(check.request)
                } catch {
                    testeeFailures += 1
                    result.failures.append("\(check.kind.rawValue): the testee failed: \(error)")
                    if testeeFailures >= maxTesteeFailures {
                        throw Aborted(
                            description:
                                "the testee failed \(testeeFailures) requests; the last, \(check.kind.rawValue) of \(vector.name): \(error)"
                        )
                    }
                    continue
                }
                if case .skipped = response, check.mayBeSkipped {
                    result.skipped += 1
                } else if let problem = check.problem(with: response) {
                    result.failures.append("\(check.kind.rawValue): \(problem)")
                }
            }
            results.append(result)
            progress(index + 1, vectors.count)
        }
        do {
            try testee.finish()
        } catch {
            session.append("the testee \(error)")
        }
        return results
    }
}
