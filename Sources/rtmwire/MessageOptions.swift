import ArgumentParser
import RTMWire

/// Options shared by encode and decode.
struct MessageOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Protobuf full name of the message type, e.g. rtmwire.v1.ImageMessage.",
            valueName: "FULL.NAME"))
    var type: String = Envelope.protoFullName

    @Flag(
        name: .long,
        help:
            "Skip semantic validation and size limits; every wire rule (UTF-8, nesting depth) still applies."
    )
    var unchecked = false

    @Flag(
        name: .long, help: "Read or write a stream of delimited frames (varint length + message).")
    var delimited = false

    @Option(
        name: .long,
        help: ArgumentHelp("Read from FILE instead of standard input.", valueName: "FILE"))
    var input: String?

    /// The message type named by --type.
    func messageType() throws -> any RTMMessage.Type {
        guard let type = RTMMessageTypes.type(named: self.type) else {
            let names = RTMMessageTypes.all.map { $0.protoFullName }.joined(separator: ", ")
            throw ValidationError("unknown message type '\(self.type)'; known types: \(names)")
        }
        return type
    }

    /// Codec options from --unchecked.
    var codecOptions: CodecOptions { unchecked ? .wireOnly : .default }

    /// The input bytes.
    func readInput() throws(CLIError) -> [UInt8] {
        if let input { return try StandardStreams.readFile(input) }
        return try StandardStreams.readAll()
    }
}
