import ArgumentParser
import RTMWire
import RTMWireJSON

/// Options shared by encode and decode.
struct MessageOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The message type: its full name (rtmwire.v1.ImageMessage) or short name (ImageMessage).",
            valueName: "NAME"))
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

    /// The message type named by --type (a full or short name, any letter case).
    func messageType() throws(CLIError) -> any RTMJSONMessage.Type {
        guard let type = MessageTypeName.type(named: self.type) else {
            let near = MessageTypeName.suggestions(for: self.type)
            let hint =
                near.isEmpty
                ? "`rtmwire list-types` lists them"
                : "did you mean \(near.joined(separator: ", "))?"
            throw CLIError(
                kind: "unknownType", detail: "no message type is named '\(self.type)'; \(hint)",
                status: .usage)
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
