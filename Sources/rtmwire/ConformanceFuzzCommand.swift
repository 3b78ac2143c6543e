import ArgumentParser
import RTMWire
import RTMWireConformance

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rtmwire conformance fuzz`: differential fuzzing of any testee, RTMWire as the oracle.
struct ConformanceFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz a testee's decoder against RTMWire, starting from the golden vectors.",
        discussion: """
            Sends every vector through the testee first, to learn which disagreements the \
            vectors already show for it: each effect, with the features of the vector's input \
            (a padded tag, an unknown field, invalid UTF-8, a sub-message given twice, ...). Then mutates the vectors (bit flips, dictionary \
            tokens, splices; records dropped, repeated, moved, retagged; overlong varints, edge \
            values, invalid UTF-8, unknown fields, inside sub-messages too) and sends each input \
            to the testee and to RTMWire: binary → binary, binary → JSON, JSON → binary and, \
            for envelopes, validated binary → binary. A disagreement no vector explains (none \
            shows its effect with only features this input has) is minimised and written to \
            --out as a finding with a candidate vector. \
            Prints executions per second and each finding. Exits 4 when it found any, 0 when \
            not. The same --seed against the same testee repeats a run.
            """)

    @Option(
        name: .long,
        help: ArgumentHelp("The testee's command line, run by /bin/sh -c.", valueName: "COMMAND"))
    var testee: String

    @Option(name: .long, help: ArgumentHelp("Folder of vector files.", valueName: "DIR"))
    var vectors: String = "Vectors"

    @Option(name: .long, help: ArgumentHelp("Seconds to fuzz.", valueName: "SECONDS"))
    var seconds: Double = 60

    @Option(name: .long, help: ArgumentHelp("Stop after this many inputs.", valueName: "N"))
    var executions: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("The random seed (default: from the clock, printed).", valueName: "S"))
    var seed: UInt64?

    @Option(
        name: .long,
        help: ArgumentHelp("Folder the findings are written to (created).", valueName: "DIR"))
    var out: String = "conformance-fuzz-findings"

    @Option(name: .long, help: ArgumentHelp("Seconds one request may take.", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("Stop after this many findings.", valueName: "N"))
    var maxFindings = 50

    func validate() throws {
        guard seconds > 0, seconds <= 7 * 86_400 else {
            throw ValidationError("--seconds must be between 0 and 604800")
        }
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds")
        }
        guard executions.map({ $0 > 0 }) ?? true else {
            throw ValidationError("--executions must be positive")
        }
        guard maxFindings > 0 else { throw ValidationError("--max-findings must be positive") }
    }

    func run() throws {
        let loaded = try VectorDirectory.loadForCommand(vectors)
        let seed = self.seed ?? UInt64(truncatingIfNeeded: ContinuousClock.now.hashValue)
        StandardStreams.write(
            "testee: \(testee)\nvectors: \(loaded.count) from \(vectors); seed: \(seed)\n")
        var configuration = DifferentialFuzzer.Configuration(
            seed: seed, seconds: seconds, executions: executions)
        configuration.maxFindings = maxFindings
        let process = TesteeProcess(command: testee, timeout: .milliseconds(Int(timeout * 1000)))
        var written: [String] = []
        var writeError: CLIError?
        let fuzzer = DifferentialFuzzer(vectors: loaded)
        let run = { () throws(DifferentialFuzzer.Unavailable) in
            try fuzzer.run(
                on: process, configuration: configuration,
                progress: { report in
                    StandardStreams.writeError(
                        "\r\(report.executions) inputs, \(Int(report.executionsPerSecond))/s, "
                            + "\(report.findings.count) findings")
                },
                found: { finding in
                    let number = written.count + 1
                    let path = "\(out)/finding-\(number).json"
                    do throws(CLIError) {
                        try Self.makeDirectory(out)
                        try StandardStreams.writeFile(
                            path,
                            Array(
                                (finding.document(number: number).serialized(pretty: true) + "\n")
                                    .utf8))
                        written.append(path)
                    } catch {
                        writeError = error
                    }
                    StandardStreams.writeError("\n")
                    StandardStreams.write("finding \(number): \(finding.divergence.signature)\n")
                    StandardStreams.write(
                        "  \(finding.divergence.request.typeName) \(Hex.encode(finding.minimalInput))\n"
                    )
                })
        }
        let report: DifferentialFuzzer.Report
        do {
            report = try run()
        } catch {
            throw CLIError(kind: "testeeFailed", detail: "\(error)", status: .unavailable)
        }
        try? process.finish()
        StandardStreams.writeError("\n")
        if let writeError { throw writeError }
        StandardStreams.write(Self.summary(report))
        for path in written { StandardStreams.write("wrote \(path)\n") }
        guard report.findings.isEmpty else {
            throw CLIError(
                kind: "fuzzFoundDivergences",
                detail:
                    "\(report.findings.count) disagreement\(report.findings.count == 1 ? "" : "s") no vector explains",
                status: .checkFailed)
        }
        StandardStreams.write("fuzz: every disagreement explained by a vector\n")
    }

    /// The end-of-run report: rates, the classes the vectors explain and how often each came up.
    static func summary(_ report: DifferentialFuzzer.Report) -> String {
        var text = "\ninputs: \(report.executions) in \(Int(report.seconds.rounded())) s "
        text += "(\(Int(report.executionsPerSecond.rounded())) per second); "
        text += "requests: \(report.requests); testee failures: \(report.testeeFailures)\n"
        text +=
            "disagreements the vectors show (\(report.explained.count)); fuzzed inputs each explained:\n"
        for explanation in report.explained.sorted(by: { $0.signature < $1.signature }) {
            let hits = report.explainedHits[explanation.signature, default: 0]
            text += "  \(hits)\t\(explanation.signature) (\(explanation.source))\n"
        }
        text += "findings: \(report.findings.count)\n"
        return text
    }

    /// Creates `path` and any folder above it that does not exist.
    static func makeDirectory(_ path: String) throws(CLIError) {
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        if !parent.isEmpty, access(parent, F_OK) != 0 { try makeDirectory(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw CLIError(
                kind: "io", detail: "cannot create \(path): \(String(cString: strerror(errno)))",
                status: .unavailable)
        }
    }
}
