import RTMWire

/// Differential fuzzing of a testee with RTMWire as the oracle: mutates golden vectors
/// (``VectorMutator``), sends each input to the testee and to RTMWire with the requests of the
/// conformance protocol, and keeps every disagreement the vectors do not already explain for
/// this testee, minimised (``DivergenceMinimizer``).
///
/// "Explained" is measured, not listed: the run first sends every vector through the same
/// checks and records each disagreement's effect and the vector's features
/// (``InputFeatures``). A later disagreement is explained when some vector shows the same
/// effect with no feature the input lacks: the input does what that vector does, and the
/// testee reacts the same way. Anything else is a finding, a case no vector pins yet; once
/// minimised, it explains later disagreements the same way, so each is reported once.
public struct DifferentialFuzzer {
    /// When a run stops and how it draws its inputs.
    public struct Configuration: Sendable {
        /// The seed of every random choice: the same seed against the same testee repeats a run.
        public var seed: UInt64
        /// Stop after this many seconds of fuzzing (the vector pass and minimising included).
        public var seconds: Double? = 60
        /// Stop after this many inputs.
        public var executions: Int?
        /// Stop after this many findings.
        public var maxFindings = 50
        /// The most requests minimising one finding may send.
        public var maxMinimizingRequests = 4_000

        /// Creates a configuration.
        public init(seed: UInt64, seconds: Double? = 60, executions: Int? = nil) {
            self.seed = seed
            self.seconds = seconds
            self.executions = executions
        }
    }

    /// A new class of disagreement.
    public struct Finding: Sendable {
        /// The minimised disagreement.
        public var divergence: Divergence
        /// The mutated input it was found with, before minimising.
        public var found: [UInt8]
        /// The vector the input was mutated from.
        public var vectorName: String
        /// That vector's kind (its file in `Vectors/`), which a candidate vector's name starts with.
        public var vectorKind: String
        /// How many inputs had run when it was found.
        public var execution: Int
    }

    /// What a run did.
    public struct Report: Sendable {
        /// Inputs fuzzed (the vector pass not counted).
        public var executions = 0
        /// Requests sent to the testee, the vector pass and minimising included.
        public var requests = 0
        /// Seconds the fuzzing took (the vector pass not counted).
        public var seconds = 0.0
        /// What the vectors show: each effect with the features of a vector that shows it
        /// (one per distinct feature set), and that vector's name.
        public var explained: [Explanation] = []
        /// How many fuzzed inputs each explanation explained, by its ``Explanation/signature``.
        public var explainedHits: [String: Int] = [:]
        /// The new classes, in the order found.
        public var findings: [Finding] = []
        /// Requests the testee failed (crashed, timed out, answered garbage).
        public var testeeFailures = 0

        /// Fuzzed inputs per second.
        public var executionsPerSecond: Double { seconds > 0 ? Double(executions) / seconds : 0 }
    }

    /// A disagreement a vector (or an earlier finding) shows: what explains later ones.
    public struct Explanation: Sendable, Hashable {
        /// The effect (``Divergence/effect``).
        public var effect: String
        /// The features of the input that showed it.
        public var features: Set<String>
        /// The vector's name, or "finding N".
        public var source: String

        /// The effect and features in one line.
        public var signature: String {
            features.isEmpty ? effect : "\(effect) [\(features.sorted().joined(separator: ", "))]"
        }

        /// Whether this explains `divergence`: the same effect, and no feature it lacks.
        public func explains(_ divergence: Divergence) -> Bool {
            effect == divergence.effect && features.isSubset(of: divergence.features)
        }
    }

    /// The vectors: the seeds of mutation and the measure of what is already known.
    public var vectors: [GoldenVector]

    /// Creates a fuzzer over `vectors` (at least one).
    public init(vectors: [GoldenVector]) { self.vectors = vectors }

    /// A run that could not start: the testee failed every request of the vector pass.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// Why, with the last failure.
        public var description: String
    }

    /// Fuzzes `testee` until the configuration says stop. `progress` is called about once a
    /// second with the report so far; `found` with each finding as it is made.
    public func run(
        on testee: some TesteeConnection, configuration: Configuration,
        progress: (Report) -> Void = { _ in }, found: (Finding) -> Void = { _ in }
    ) throws(Unavailable) -> Report {
        var session = FuzzSession(testee: testee)
        var report = Report()
        for vector in vectors {
            for divergence in session.divergences(typeName: vector.typeName, input: vector.bytes)
            where !report.explained.contains(where: {
                $0.effect == divergence.effect && $0.features == divergence.features
            }) {
                report.explained.append(
                    Explanation(
                        effect: divergence.effect, features: divergence.features,
                        source: vector.name))
            }
        }
        if session.requests > 0, session.failures == session.requests {
            throw Unavailable(
                description:
                    "the testee failed all \(session.requests) requests of the vector pass; the last: \(session.lastFailure ?? "")"
            )
        }
        var known = report.explained
        var mutator = VectorMutator(seed: configuration.seed)
        let clock = ContinuousClock()
        let start = clock.now
        var lastProgress = start
        func elapsed() -> Double {
            let duration = clock.now - start
            return Double(duration.components.seconds)
                + Double(duration.components.attoseconds) / 1e18
        }
        while !vectors.isEmpty {
            if let limit = configuration.executions, report.executions >= limit { break }
            if let limit = configuration.seconds, elapsed() >= limit { break }
            if report.findings.count >= configuration.maxFindings { break }
            let vector = vectors[mutator.below(vectors.count)]
            let donor = vectors[mutator.below(vectors.count)]
            let input = mutator.mutate(
                vector.bytes, typeName: vector.typeName,
                donor: donor.typeName == vector.typeName ? donor.bytes : [])
            report.executions += 1
            for divergence in session.divergences(typeName: vector.typeName, input: input) {
                if let explanation = known.first(where: { $0.explains(divergence) }) {
                    report.explainedHits[explanation.signature, default: 0] += 1
                    continue
                }
                var minimizer = DivergenceMinimizer(
                    maxRequests: configuration.maxMinimizingRequests)
                let minimal = minimizer.minimize(divergence, input: input, session: &session) {
                    candidate in !known.contains { $0.explains(candidate) }
                }
                known.append(
                    Explanation(
                        effect: minimal.effect, features: minimal.features,
                        source: "finding \(report.findings.count + 1)"))
                let finding = Finding(
                    divergence: minimal, found: input, vectorName: vector.name,
                    vectorKind: vector.kind, execution: report.executions)
                report.findings.append(finding)
                found(finding)
            }
            if clock.now - lastProgress >= .seconds(1) {
                lastProgress = clock.now
                report.seconds = elapsed()
                report.requests = session.requests
                report.testeeFailures = session.failures
                progress(report)
            }
        }
        report.seconds = elapsed()
        report.requests = session.requests
        report.testeeFailures = session.failures
        return report
    }
}

/// One conversation with a testee during a fuzz run: sends the checks of an input to it and to
/// RTMWire, and stops sending the kinds of request the testee has said it skips.
struct FuzzSession<Testee: TesteeConnection> {
    let testee: Testee
    /// Requests sent to the testee.
    var requests = 0
    /// Requests the testee failed.
    var failures = 0
    /// What the last failed request said.
    var lastFailure: String?
    /// Checks the testee answered "skipped" once: it has no JSON, or no semantic validation.
    var skipping: Set<ConformanceCheck.Kind> = []

    init(testee: Testee) { self.testee = testee }

    /// Every disagreement on `input`: binary → binary, binary → JSON, JSON → binary (RTMWire's
    /// JSON of the input), and for an envelope validated binary → binary.
    mutating func divergences(typeName: String, input: [UInt8]) -> [Divergence] {
        var found: [Divergence] = []
        for check in Self.checks(typeName) where !skipping.contains(check) {
            if let divergence = divergence(check, typeName: typeName, input: input) {
                found.append(divergence)
            }
        }
        return found
    }

    /// The checks an input of `typeName` gets.
    static func checks(_ typeName: String) -> [ConformanceCheck.Kind] {
        typeName == Envelope.protoFullName
            ? [.binary, .binaryJSON, .jsonBinary, .validated] : [.binary, .binaryJSON, .jsonBinary]
    }

    /// The disagreement of one check on `input`, or nil.
    mutating func divergence(_ check: ConformanceCheck.Kind, typeName: String, input: [UInt8])
        -> Divergence?
    {
        let request: TesteeRequest
        switch check {
        case .binary, .validated, .validatedJSON:
            request = TesteeRequest(
                input: .binary, output: .binary, validate: check != .binary, typeName: typeName,
                payload: input)
        case .binaryJSON:
            request = TesteeRequest(
                input: .binary, output: .json, typeName: typeName, payload: input)
        case .jsonBinary:
            // The JSON RTMWire writes for the input: what a peer would send in its place.
            let toJSON = TesteeRequest(
                input: .binary, output: .json, typeName: typeName, payload: input)
            guard case .output(let json) = SwiftTestee.answer(toJSON) else { return nil }
            request = TesteeRequest(
                input: .json, output: .binary, typeName: typeName, payload: json)
        }
        let rtmwire = SwiftTestee.answer(request)
        requests += 1
        let answer: Result<TesteeResponse, TesteeFailure>
        do {
            answer = .success(try testee.send(request))
        } catch {
            failures += 1
            lastFailure = error.description
            answer = .failure(error)
        }
        if case .success(.skipped) = answer, check != .binary { skipping.insert(check) }
        return Divergence.compare(
            check: check, input: input, request: request, rtmwire: rtmwire, testee: answer)
    }
}
