import ArgumentParser
import RTMWireConformance

/// `rtmwire conformance testee`: RTMWire as the testee of `rtmwire conformance run`.
struct ConformanceTesteeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testee",
        abstract: "Answer conformance requests with the RTMWire codec (stdin/stdout).",
        discussion: """
            Speaks the protocol of Conformance/PROTOCOL.md until the end of standard input: \
            binary and JSON in both directions, and RTMWire's semantic validation when a request \
            asks for it. Run it with: rtmwire conformance run --testee 'rtmwire conformance testee'.
            """)

    func run() throws {
        do {
            try TesteeServer.serve(answer: SwiftTestee.answer)
        } catch {
            throw CLIError(kind: "io", detail: "\(error)", status: .unavailable)
        }
    }
}
