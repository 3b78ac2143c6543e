import ArgumentParser
import RTMWire
import RTMWireConformance
import RTMWireJSON

/// `rtmwire decode`: protobuf bytes (raw or hex) in, proto3 JSON (or canonical bytes) out.
struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode protobuf bytes to proto3 JSON, or to the canonical re-encoding.",
        discussion: """
            Reads bytes from standard input (or --input), raw or, with --input-format hex, as hex \
            digits (whitespace ignored), and writes one JSON object followed by a newline. With \
            --delimited the input is a stream of frames, decoded as it arrives: each frame's \
            JSON line is written as soon as the frame is complete, and memory stays within one \
            frame, so it can follow a socket or a growing log. --format binary writes the \
            canonical re-encoding instead (unknown fields kept; delimited again with \
            --delimited), refused on a terminal unless --force; --format hex writes it as hex, \
            one line per message.
            """)

    /// Output format of decode.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, binary, hex
    }

    @OptionGroup var options: MessageOptions

    @Option(name: .customLong("input-format"), help: "Input format: binary or hex.")
    var inputFormat: ByteFormat = .binary

    @Option(name: .long, help: "Output format: json, binary or hex.")
    var format: Format = .json

    @Flag(
        name: .long,
        help: "Indent the JSON output: one object over several lines (also with --delimited).")
    var pretty = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        if format == .binary { try output.checkBinaryOutput() }
        let type = try options.messageType()
        try options.delimited ? decodeStream(type) : decodeOne(type)
    }

    private func decodeOne<M: RTMJSONMessage>(_ type: M.Type) throws {
        var input = try options.readInput()
        if inputFormat == .hex {
            var hex = HexInput()
            input = try hex.decode(input)
            try hex.finish()
        }
        if input.isEmpty, options.input == nil, StandardStreams.inputIsTerminal {
            // Nothing was piped in and the terminal's input ended at once: say what decode
            // reads. Empty piped or file input is the empty message (every field at its
            // default), as every protobuf runtime reads it, and is decoded below like any
            // other: a type whose rules refuse the empty message says why.
            throw CLIError(
                kind: "emptyInput",
                detail:
                    "standard input is a terminal and nothing was read: pipe the bytes in or use --input FILE",
                status: .invalidInput)
        }
        let message: M
        do {
            message = try M(serializedBytes: input, options: options.codecOptions)
        } catch {
            throw DecodeHint.error(
                error, decoding: input, as: M.self, options: options.codecOptions)
        }
        try emit(message)
    }

    /// Frames are decoded and written as their bytes arrive.
    private func decodeStream<M: RTMJSONMessage>(_ type: M.Type) throws {
        var reader = FrameReader<M>(options: options.codecOptions)
        var hex = inputFormat == .hex ? HexInput() : nil
        // Errors are kept and thrown after the read: the chunk callback throws CLIError only.
        var failure: (any Error)?
        try StandardStreams.readChunks(of: options.input) { chunk throws(CLIError) in
            guard failure == nil else { return }
            do {
                if hex != nil {
                    reader.append(try hex!.decode(chunk))
                } else {
                    reader.append(chunk)
                }
                while let message = try reader.next() { try emit(message) }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        try hex?.finish()
        try reader.finish()
    }

    private func emit<M: RTMJSONMessage>(_ message: M) throws {
        if format == .json {
            StandardStreams.write(message.jsonString(pretty: pretty) + "\n")
            return
        }
        // The message was decoded (and checked) already; re-encode it as it is.
        let bytes =
            options.delimited
            ? try message.delimitedBytes(options: .wireOnly)
            : try message.serializedBytes(options: .wireOnly)
        if format == .hex {
            StandardStreams.write(Hex.encode(bytes) + "\n")
        } else {
            StandardStreams.write(bytes)
        }
    }
}
