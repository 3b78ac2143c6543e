import RTMWire

/// Builds the text of ``RTMTextPrintable/debugDescription``: one line per field, in the style of
/// protobuf's text format (`name: value`, sub-messages as `name { ... }`, two spaces per level).
///
/// Generated code calls it (`_printText(to:)`) for the fields that differ from their defaults and
/// for set oneof members; unknown fields are printed by number only when there are any. Strings
/// are quoted with C escapes (non-ASCII text is printed as it is), bytes are quoted with octal
/// escapes and cut after ``maxPrintedBytes`` with a `# N bytes` comment, so a thumbnail does
/// not flood a log. The output is meant for people; parse it with nothing.
public struct TextPrinter {
    /// Bytes fields longer than this are cut, with their length in a comment.
    public static let maxPrintedBytes = 64

    private(set) var text = ""
    private var level = 1

    init() {}

    /// A `string` field.
    public mutating func field(_ name: String, _ value: String) {
        line(name + ": " + Self.quoted(value))
    }

    /// A `bytes` field.
    public mutating func field(_ name: String, _ value: [UInt8]) {
        line(name + ": " + Self.quoted(bytes: value))
    }

    /// A `bool` field.
    public mutating func field(_ name: String, _ value: Bool) {
        line(name + ": " + (value ? "true" : "false"))
    }

    /// An integer field.
    public mutating func field<Value: FixedWidthInteger>(_ name: String, _ value: Value) {
        line(name + ": " + String(value))
    }

    /// An enum field: the value's name, or its number when the schema has no name for it.
    public mutating func field<Value: RawRepresentable & CustomStringConvertible>(
        _ name: String, enum value: Value
    ) {
        line(name + ": " + value.description)
    }

    /// A message field: `name {`, its fields one level deeper, `}` (`name {}` when empty).
    public mutating func message(_ name: String, _ value: some RTMTextPrintable) {
        var inner = TextPrinter()
        inner.level = level + 1
        value._printText(to: &inner)
        if inner.text.isEmpty {
            line(name + " {}")
        } else {
            line(name + " {")
            text += inner.text
            line("}")
        }
    }

    /// The unknown fields, by field number; nothing when there are none.
    public mutating func unknownFields(_ fields: UnknownFields) {
        guard !fields.isEmpty else { return }
        var reader = UnknownFieldScanner(bytes: fields.bytes)
        if !printUnknown(&reader, endGroup: nil) {
            // Unknown fields are kept only after the decoder checked them, so this is reached
            // only for bytes set by hand through `UnknownFields(encodedFields:)`.
            line("# unknown fields that do not parse: " + Self.quoted(bytes: fields.bytes))
        }
    }

    /// Prints fields until the end of the bytes or the end tag of group `endGroup`; false when
    /// the bytes do not parse.
    private mutating func printUnknown(_ reader: inout UnknownFieldScanner, endGroup: UInt64?)
        -> Bool
    {
        while let tag = reader.varint() {
            let number = tag >> 3
            switch tag & 7 {
            case 0:
                guard let value = reader.varint() else { return false }
                line("\(number): \(value)")
            case 1:
                guard let value = reader.fixed(8) else { return false }
                line("\(number): " + Self.hex(value, digits: 16))
            case 2:
                guard let length = reader.varint(), let value = reader.take(length) else {
                    return false
                }
                line("\(number): " + Self.quoted(bytes: value))
            case 3:
                line("\(number) {")
                level += 1
                guard printUnknown(&reader, endGroup: number) else { return false }
                level -= 1
                line("}")
            case 4:
                return number == endGroup
            case 5:
                guard let value = reader.fixed(4) else { return false }
                line("\(number): " + Self.hex(value, digits: 8))
            default:
                return false
            }
        }
        return reader.isAtEnd && endGroup == nil
    }

    private mutating func line(_ content: String) {
        text += String(repeating: "  ", count: level) + content + "\n"
    }

    /// `value` as `0x` and `digits` lower-case hex digits.
    static func hex(_ value: UInt64, digits: Int) -> String {
        let hex = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    /// A string in double quotes: quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += octal(UInt8(scalar.value))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Bytes in double quotes: printable ASCII as it is, everything else as `\ooo`; cut after
    /// ``maxPrintedBytes`` with the length in a comment.
    static func quoted(bytes: some Collection<UInt8>) -> String {
        var out = "\""
        for byte in bytes.prefix(maxPrintedBytes) {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += octal(byte)
            }
        }
        out += "\""
        if bytes.count > maxPrintedBytes { out += "...  # \(bytes.count) bytes" }
        return out
    }

    private static func octal(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
    }
}

/// Reads the already-checked wire bytes of `UnknownFields` for printing; every read returns nil
/// instead of going past the end.
private struct UnknownFieldScanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count, shift < 70 {
            let byte = bytes[index]
            index += 1
            if shift < 64 { value |= UInt64(byte & 0x7F) << shift }
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    mutating func fixed(_ count: Int) -> UInt64? {
        guard bytes.count - index >= count else { return nil }
        var value: UInt64 = 0
        for offset in (0..<count).reversed() { value = value << 8 | UInt64(bytes[index + offset]) }
        index += count
        return value
    }

    mutating func take(_ length: UInt64) -> ArraySlice<UInt8>? {
        guard length <= UInt64(bytes.count - index) else { return nil }
        defer { index += Int(length) }
        return bytes[index..<index + Int(length)]
    }
}
