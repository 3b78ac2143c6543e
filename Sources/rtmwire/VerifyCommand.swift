import ArgumentParser
import RTMWire
import RTMWireConformance

/// `rtmwire verify`: checks every golden vector and prints a table per kind.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every golden vector against the Swift codec and print a table per kind.",
        discussion: """
            Loads every vector file of the vector folder, checks each vector both ways \
            (bytes → JSON → bytes) and each must-reject vector's error kind, prints one row per \
            kind (vectors, passed, failed) and the failures, and exits 4 if any vector failed. \
            The folder is --vectors DIR (or DIR), else $RTMWIRE_VECTORS, else Vectors/ in the \
            current directory (a checkout of RTMWire); outside a checkout, point it at the \
            Vectors/ folder of the RTMWire release you check against.
            """)

    @Option(name: .long, help: ArgumentHelp("Folder of vector files.", valueName: "DIR"))
    var vectors: String?

    @Argument(help: ArgumentHelp("Folder of vector files (same as --vectors).", valueName: "DIR"))
    var directoryArgument: String?

    @Flag(name: .long, help: "List every vector, not only failures.")
    var verbose = false

    func run() throws {
        let directory = try VectorFolder.resolve(vectors ?? directoryArgument)
        let outcomes = try VectorDirectory.loadForCommand(directory).map(VectorCheck.check)
        let report = VectorReport(outcomes: outcomes)
        StandardStreams.write(report.table() + "\n")
        for outcome in outcomes where verbose || !outcome.passed {
            let status = outcome.passed ? "ok  " : "FAIL"
            StandardStreams.write("\(status) \(outcome.vector.kind)/\(outcome.vector.name)\n")
            for failure in outcome.failures { StandardStreams.write("     \(failure)\n") }
        }
        guard report.allPassed else {
            let failed = outcomes.filter { !$0.passed }.count
            throw CLIError(
                kind: "verifyFailed", detail: "\(failed) of \(outcomes.count) vectors failed",
                status: .checkFailed)
        }
    }
}
