import ArgumentParser
import RTMWireConformance

/// `rtmwire conformance run`: drives a testee through every vector and prints the verdict.
struct ConformanceRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Drive a testee through every golden vector and print a table per kind.",
        discussion: """
            Starts the testee once with /bin/sh -c and speaks the protocol of \
            Conformance/PROTOCOL.md over its standard input and output: for every vector, bytes \
            → bytes, bytes → JSON, JSON → bytes and the must-reject checks. Prints a table per \
            kind and every unexpected result: a failure the expected-failures file does not \
            name, a listed failure that now passes, a listed name no vector has. Exits 1 on any \
            of them, or when the testee fails 5 requests (crash, timeout, garbage).
            """)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The testee's command line, run by /bin/sh -c, e.g. 'java -cp ... Testee'.",
            valueName: "COMMAND"))
    var testee: String

    @Option(name: .long, help: ArgumentHelp("Folder of vector files.", valueName: "DIR"))
    var vectors: String = "Vectors"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The vectors the testee is known to fail, one 'name reason' per line.",
            valueName: "FILE"))
    var expectedFailures: String?

    @Option(name: .long, help: ArgumentHelp("Seconds one request may take.", valueName: "SECONDS"))
    var timeout: Double = 10

    @Flag(name: .long, help: "Also list every failure the expected-failures file names.")
    var verbose = false

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds")
        }
    }

    func run() throws {
        let loaded = try VectorDirectory.loadForCommand(vectors)
        var expected = ExpectedFailures()
        if let expectedFailures {
            let text = String(
                decoding: try StandardStreams.readFile(expectedFailures), as: UTF8.self)
            do {
                expected = try ExpectedFailures(parsing: text, fileName: expectedFailures)
            } catch {
                throw CLIError(
                    kind: "invalidExpectedFailures", detail: "\(error)", status: .invalidInput)
            }
        }
        StandardStreams.write("testee: \(testee)\n")
        StandardStreams.write(
            "vectors: \(loaded.count) from \(vectors); expected failures: "
                + "\(expected.reasons.count)\(expectedFailures.map { " from \($0)" } ?? "")\n\n")

        let process = TesteeProcess(command: testee, timeout: .milliseconds(Int(timeout * 1000)))
        var session: [String] = []
        let results: [ConformanceResult]
        do {
            results = try ConformanceRunner(vectors: loaded).run(on: process, session: &session)
        } catch {
            throw CLIError(kind: "testeeFailed", detail: "\(error)", status: .unavailable)
        }
        let report = ConformanceReport(
            results: results, expectedFailures: expected, sessionProblems: session)
        StandardStreams.write(report.table() + "\n")
        if verbose {
            for result in results {
                if case .expectedFailure(let reason) = report.verdict(result) {
                    StandardStreams.write(
                        "xfail \(result.vector.kind)/\(result.vector.name): \(reason)\n")
                    for failure in result.failures { StandardStreams.write("      \(failure)\n") }
                }
            }
        }
        let unexpected = report.unexpected()
        if !unexpected.isEmpty {
            StandardStreams.write(
                "\nunexpected results:\n" + unexpected.joined(separator: "\n") + "\n")
        }
        guard report.passes else {
            throw CLIError(
                kind: "conformanceFailed",
                detail: "\(unexpected.count) unexpected result\(unexpected.count == 1 ? "" : "s")",
                status: .checkFailed)
        }
        StandardStreams.write("\nconformance: every result as expected\n")
    }
}
