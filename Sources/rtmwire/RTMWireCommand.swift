import ArgumentParser
import RTMWire

/// The `rtmwire` command: encode, decode, convert and verify RTMWire messages, run the loopback
/// demo, and relay envelopes among clients.
struct RTMWireCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rtmwire",
        abstract:
            "Encode, decode, convert and verify RTMWire messages; run the loopback demo; relay envelopes among clients.",
        discussion: """
            Every failure prints one line on stderr, "error: <kind>: <detail>", where <kind> \
            is a stable word (an RTMWireError code such as truncated or limitExceeded, or a \
            tool error such as io). Exit status, one per class of failure:
            """ + ExitStatus.allCases.map { "  " + $0.helpLine }.joined(separator: "\n"),
        version: RTMWireRelease.version,
        subcommands: [
            DecodeCommand.self, EncodeCommand.self, ConvertCommand.self, VerifyCommand.self,
            DemoCommand.self, ServeCommand.self, BenchRelayCommand.self, ConformanceCommand.self,
            ListTypesCommand.self, TokenCommand.self,
        ])
}
