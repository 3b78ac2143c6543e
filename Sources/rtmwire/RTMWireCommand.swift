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
            Exit status: 0 on success; 1 when the input is invalid (one line on stderr: \
            "error: <kind>: <detail>", where <kind> is a stable RTMWireError code such as \
            truncated, invalidUTF8 or limitExceeded); 2 for usage errors.
            """,
        version: RTMWire.version,
        subcommands: [
            DecodeCommand.self, EncodeCommand.self, ConvertCommand.self, VerifyCommand.self,
            DemoCommand.self, ServeCommand.self, BenchRelayCommand.self, ConformanceCommand.self,
            ListTypesCommand.self,
        ])
}
