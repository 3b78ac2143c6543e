import ArgumentParser
import Foundation
import RTMWire
import RTMWireConformance

/// `rtmwire verify`: checks every golden vector and prints a table per kind.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every golden vector against the Swift codec and print a table per kind.",
        discussion: """
            Loads every *.json file of the vector folder, checks each vector both ways \
            (bytes → JSON → bytes) and each must-reject vector's error kind, prints one row per \
            kind (vectors, passed, failed) and the failures, and exits 1 if any vector failed. \
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

    /// The folder to read: --vectors or DIR, $RTMWIRE_VECTORS, ./Vectors; a usage error (exit
    /// 2) naming all three when none is given and ./Vectors does not exist.
    func vectorFolder() throws(CLIError) -> String {
        if let chosen = vectors ?? directoryArgument { return chosen }
        if let fromEnvironment = ProcessInfo.processInfo.environment["RTMWIRE_VECTORS"],
            !fromEnvironment.isEmpty
        {
            return fromEnvironment
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "Vectors", isDirectory: &isFolder),
            isFolder.boolValue
        {
            return "Vectors"
        }
        throw CLIError(
            kind: "noVectors",
            detail:
                "no Vectors/ folder here: pass --vectors DIR (the Vectors/ folder of an RTMWire checkout or release) or set RTMWIRE_VECTORS",
            exitCode: 2)
    }

    func run() throws {
        let directory = try vectorFolder()
        // Foundation is used here only to find and list the folder.
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw CLIError(
                kind: "io", detail: "cannot list \(directory): \(error.localizedDescription)")
        }
        guard !files.isEmpty else {
            throw CLIError(kind: "io", detail: "no vector files (*.json) in \(directory)")
        }
        var outcomes: [VectorOutcome] = []
        for file in files {
            let contents = try StandardStreams.readFile(directory + "/" + file)
            let vectors: [GoldenVector]
            do {
                vectors = try GoldenVector.load(fileContents: contents, fileName: file)
            } catch {
                throw CLIError(kind: "invalidVectorFile", detail: "\(error)")
            }
            outcomes += vectors.map(VectorCheck.check)
        }
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
                kind: "verifyFailed", detail: "\(failed) of \(outcomes.count) vectors failed")
        }
    }
}
