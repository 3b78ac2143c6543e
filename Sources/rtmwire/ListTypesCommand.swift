import ArgumentParser
import RTMWire

/// `rtmwire list-types`: every message type `--type` accepts, one full name per line.
struct ListTypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-types",
        abstract: "List the message types --type accepts (full names; short names work too).")

    func run() {
        StandardStreams.write(
            RTMMessageTypes.all.map { $0.protoFullName + "\n" }.joined())
    }
}
