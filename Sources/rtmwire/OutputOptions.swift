import ArgumentParser

/// How bytes are written: raw, or as hex text; and the guard against binary on a terminal.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Write binary output even when standard output is a terminal.")
    var force = false

    /// Throws a usage error (exit 2) when raw bytes would go to a terminal without `--force`:
    /// they would garble it, and are never what a person at a terminal wants to read.
    func checkBinaryOutput() throws(CLIError) {
        guard !force, StandardStreams.outputIsTerminal else { return }
        throw CLIError(
            kind: "binaryToTerminal",
            detail:
                "refusing to write binary to a terminal: redirect standard output, use --format hex, or pass --force",
            status: .usage)
    }
}

/// A byte output format: raw bytes, or lower-case hex (one line per message or frame).
enum ByteFormat: String, ExpressibleByArgument, CaseIterable {
    case binary, hex
}
