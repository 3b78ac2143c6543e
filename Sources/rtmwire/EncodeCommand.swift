import ArgumentParser
import RTMWire

/// `rtmwire encode`: proto3 JSON in, protobuf bytes out.
struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode proto3 JSON to protobuf bytes.",
        discussion: """
            Reads one JSON object from standard input (or --input) and writes its canonical \
            encoding. With --delimited, reads one JSON object per non-empty line and writes one \
            delimited frame per object. Accepts lowerCamelCase or original field names, enum names \
            or numbers, and 64-bit integers as strings or numbers.
            """)

    @OptionGroup var options: MessageOptions

    func run() throws {
        let type = try options.messageType()
        let input = try options.readInput()
        try encode(type, input)
    }

    /// JSON is read without checks: encoding checks the message, once.
    private func encode<M: RTMMessage>(_ type: M.Type, _ input: [UInt8]) throws {
        let codec = options.codecOptions
        guard options.delimited else {
            let message = try M(jsonValue: try JSONValue(parsing: input), options: .wireOnly)
            StandardStreams.write(try message.serializedBytes(options: codec))
            return
        }
        var output: [UInt8] = []
        for (index, line) in input.split(separator: 0x0A, omittingEmptySubsequences: false)
            .enumerated()
        {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            do {
                let message = try M(jsonValue: try JSONValue(parsing: line), options: .wireOnly)
                output += try message.delimitedBytes(options: codec)
            } catch {
                throw error.prefixingPath("line \(index + 1)")
            }
        }
        StandardStreams.write(output)
    }
}
