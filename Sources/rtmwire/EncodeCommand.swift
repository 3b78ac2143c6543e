import ArgumentParser
import RTMWire
import RTMWireConformance
import RTMWireJSON

/// `rtmwire encode`: proto3 JSON in, protobuf bytes (raw or hex) out.
struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode proto3 JSON to protobuf bytes.",
        discussion: """
            Reads one JSON object from standard input (or --input) and writes its canonical \
            encoding. With --delimited, reads one JSON object per non-empty line as the lines \
            arrive and writes each one's delimited frame as soon as its line is complete (memory \
            stays within one line, at most 8 × maxMessageBytes). Accepts lowerCamelCase or \
            original field names, enum names or numbers, and 64-bit integers as strings or \
            numbers. --format hex writes hex text (one line per frame with --delimited); raw \
            bytes are refused on a terminal unless --force.
            """)

    @OptionGroup var options: MessageOptions

    @Option(name: .long, help: "Output format: binary or hex.")
    var format: ByteFormat = .binary

    @OptionGroup var output: OutputOptions

    func run() throws {
        if format == .binary { try output.checkBinaryOutput() }
        let type = try options.messageType()
        try options.delimited ? encodeLines(type) : encodeOne(type)
    }

    /// JSON is read without checks: encoding checks the message, once.
    private func encodeOne<M: RTMJSONMessage>(_ type: M.Type) throws {
        let message = try M(jsonUTF8Bytes: try options.readInput(), options: .wireOnly)
        let bytes = try message.serializedBytes(options: options.codecOptions)
        StandardStreams.write(format == .hex ? Array((Hex.encode(bytes) + "\n").utf8) : bytes)
    }

    /// Each line is encoded and written as soon as it is complete.
    private func encodeLines<M: RTMJSONMessage>(_ type: M.Type) throws {
        let maxLine = 8 * options.codecOptions.limits.maxMessageBytes
        var line: [UInt8] = []
        var number = 0
        var failure: (any Error)?
        func flushLine() throws {
            number += 1
            defer { line.removeAll(keepingCapacity: true) }
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            do {
                let message = try M(jsonUTF8Bytes: line, options: .wireOnly)
                let frame = try message.delimitedBytes(options: options.codecOptions)
                StandardStreams.write(
                    format == .hex ? Array((Hex.encode(frame) + "\n").utf8) : frame)
            } catch {
                throw error.prefixingPath("line \(number)")
            }
        }
        try StandardStreams.readChunks(of: options.input) { chunk throws(CLIError) in
            guard failure == nil else { return }
            do {
                var rest = chunk[...]
                while let newline = rest.firstIndex(of: 0x0A) {
                    line += rest[..<newline]
                    rest = rest[(newline + 1)...]
                    try flushLine()
                }
                line += rest
                if line.count > maxLine {
                    throw CLIError(
                        kind: "limitExceeded",
                        detail:
                            "line \(number + 1) is longer than \(maxLine) bytes (8 × maxMessageBytes)",
                        status: .invalidInput)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if !line.isEmpty { try flushLine() }
    }
}
