import ArgumentParser
import RTMWire

/// `rtmwire decode`: protobuf bytes in, proto3 JSON (or canonical bytes) out.
struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode protobuf bytes to proto3 JSON, or to the canonical re-encoding.",
        discussion: """
            Reads bytes from standard input (or --input) and writes one JSON object followed by a \
            newline; with --delimited, one JSON object per line per frame. --format binary writes \
            the canonical re-encoding instead (unknown fields kept; delimited again with \
            --delimited).
            """)

    /// Output format of decode.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, binary
    }

    @OptionGroup var options: MessageOptions

    @Option(name: .long, help: "Output format: json or binary.")
    var format: Format = .json

    func run() throws {
        let type = try options.messageType()
        let input = try options.readInput()
        try decode(type, input)
    }

    private func decode<M: RTMMessage>(_ type: M.Type, _ input: [UInt8]) throws {
        let codec = options.codecOptions
        if options.delimited {
            var reader = FrameReader<M>(options: codec)
            reader.append(input)
            while let message = try reader.next() {
                try emit(message, codec: codec, delimited: true)
            }
            try reader.finish()
        } else {
            try emit(try M(serializedBytes: input, options: codec), codec: codec, delimited: false)
        }
    }

    private func emit<M: RTMMessage>(_ message: M, codec: CodecOptions, delimited: Bool) throws {
        switch format {
        case .json:
            StandardStreams.write(message.jsonString() + "\n")
        case .binary:
            // The message was decoded (and checked) already; re-encode it as it is.
            let bytes =
                delimited
                ? try message.delimitedBytes(options: .wireOnly)
                : try message.serializedBytes(options: .wireOnly)
            StandardStreams.write(bytes)
        }
    }
}
