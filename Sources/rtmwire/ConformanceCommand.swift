import ArgumentParser

/// `rtmwire conformance`: run any implementation through the golden vectors, or be the testee.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Check a protobuf implementation against the golden vectors.",
        discussion: """
            `run` drives a testee program through every vector over the protocol of \
            Conformance/PROTOCOL.md; `fuzz` feeds a testee mutated vectors and compares its \
            answers with RTMWire's; `testee` is that program for RTMWire itself.
            """,
        subcommands: [
            ConformanceRunCommand.self, ConformanceFuzzCommand.self, ConformanceTesteeCommand.self,
        ])
}
