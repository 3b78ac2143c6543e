import RTMWire

/// A hint for input that `decode` refused, from what the bytes look like: the usual mistakes
/// are JSON fed to `decode`, a delimited stream without `--delimited`, and no input at all.
enum DecodeHint {
    /// The error to report for `error`, which decoding `input` as one `type` threw: the same
    /// code and detail, with a hint appended when the input looks like something else.
    static func error<M: RTMMessage>(
        _ error: RTMWireError, decoding input: [UInt8], as type: M.Type, options: CodecOptions
    ) -> CLIError {
        let line = error.description
        let detail = String(line.dropFirst(min(line.count, error.code.name.count + 2)))
        guard let hint = hint(input, type, options) else {
            return CLIError(kind: error.code.name, detail: detail, status: .invalidInput)
        }
        return CLIError(
            kind: error.code.name, detail: "\(detail) (hint: \(hint))", status: .invalidInput)
    }

    static func hint<M: RTMMessage>(_ input: [UInt8], _ type: M.Type, _ options: CodecOptions)
        -> String?
    {
        let first = input.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return "the input looks like JSON; `rtmwire encode` reads JSON"
        }
        if looksDelimited(input, type, options) {
            return "the input reads as delimited frames; add --delimited"
        }
        return nil
    }

    /// Whether `input` is one or more whole delimited frames of `type`, each decoding.
    static func looksDelimited<M: RTMMessage>(
        _ input: [UInt8], _ type: M.Type, _ options: CodecOptions
    ) -> Bool {
        var reader = FrameReader<M>(options: options)
        reader.append(input)
        var frames = 0
        do {
            while try reader.next() != nil { frames += 1 }
            try reader.finish()
        } catch {
            return false
        }
        return frames > 0
    }
}
