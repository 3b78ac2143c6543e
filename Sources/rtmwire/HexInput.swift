/// Hex text to bytes as it arrives, for `--input-format hex`: pairs of digits (either case);
/// whitespace anywhere is ignored, so `xxd -p` output and one frame per line both read.
struct HexInput {
    private var high: UInt8?
    /// Hex characters read so far, for error positions.
    private var offset = 0

    /// The bytes the digits in `text` complete; a digit left over waits for the next piece.
    mutating func decode(_ text: some Sequence<UInt8>) throws(CLIError) -> [UInt8] {
        var bytes: [UInt8] = []
        for character in text {
            defer { offset += 1 }
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            default:
                throw CLIError(
                    kind: "invalidHex",
                    detail:
                        "input byte \(offset) (0x\(String(character, radix: 16))) is not a hex digit",
                    status: .invalidInput)
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }

    /// At the end of the input: an odd digit left over is an error.
    func finish() throws(CLIError) {
        if high != nil {
            throw CLIError(
                kind: "invalidHex", detail: "odd number of hex digits", status: .invalidInput)
        }
    }
}
