import RTMWire

/// RFC 4648 base64, as used by the proto3 JSON mapping for `bytes` fields.
enum Base64 {
    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes `bytes` with the standard alphabet and `=` padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var position = 0
        while position + 3 <= bytes.count {
            let group =
                UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8
                | UInt32(bytes[position + 2])
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(alphabet[Int(group & 0x3F)])
            position += 3
        }
        switch bytes.count - position {
        case 1:
            let group = UInt32(bytes[position]) << 16
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(contentsOf: "==".utf8)
        case 2:
            let group = UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(UInt8(ascii: "="))
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes base64 text in the standard (`+/`) or URL-safe (`-_`) alphabet, with or without
    /// `=` padding. Returns `nil` for a character outside both alphabets, misplaced or wrong
    /// padding, or a length that leaves a single character over. Unused trailing bits are
    /// ignored.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3 + 2)
        var group: UInt32 = 0
        var groupCount = 0
        var dataCount = 0
        var paddingCount = 0
        for character in text {
            if character == UInt8(ascii: "=") {
                paddingCount += 1
                continue
            }
            guard paddingCount == 0, let sextet = value(of: character) else { return nil }
            group = group << 6 | UInt32(sextet)
            groupCount += 1
            dataCount += 1
            if groupCount == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
                groupCount = 0
            }
        }
        if paddingCount > 0 {
            guard paddingCount <= 2, (dataCount + paddingCount) % 4 == 0 else { return nil }
        }
        switch groupCount {
        case 0:
            break
        case 2:
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            return nil
        }
        return output
    }

    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): return 63
        default: return nil
        }
    }
}
