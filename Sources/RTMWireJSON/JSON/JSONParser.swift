import RTMWire

extension JSONValue {
    /// Parses one JSON document (RFC 8259, strict) from UTF-8 bytes.
    ///
    /// The input must hold exactly one value, optionally surrounded by whitespace. Numbers are
    /// kept as text, duplicate object keys are rejected, and arrays/objects may nest at most
    /// `maxDepth` levels (`[[1]]` has depth 2). Errors are `RTMWireError/Code/invalidJSON`
    /// with `RTMWireError/offset` set to the byte offset of the problem.
    public init(parsing bytes: some Collection<UInt8>, maxDepth: Int = 64) throws(RTMWireError) {
        var parser = JSONParser(bytes: Array(bytes), maxDepth: maxDepth)
        self = try parser.parseDocument()
    }

    /// Parses one JSON document (RFC 8259, strict) from text; see
    /// `init(parsing:maxDepth:)` for bytes.
    public init(parsing text: String, maxDepth: Int = 64) throws(RTMWireError) {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: maxDepth)
        self = try parser.parseDocument()
    }
}

/// A strict, non-recursive RFC 8259 parser over a byte array.
///
/// Containers are tracked on an explicit stack, so nesting costs heap rather than call stack
/// and the depth limit is checked before each new level is opened.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth: Int
    /// Reused buffer for strings that contain escapes.
    private var scratch: [UInt8] = []

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// An array or object whose members are still being read.
    private struct Frame {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var keys: Set<KeyBytes> = []
        var pendingKey = ""
    }

    /// A key compared and hashed by its UTF-8 bytes (not by Unicode canonical equivalence).
    private struct KeyBytes: Hashable {
        let text: String

        static func == (lhs: KeyBytes, rhs: KeyBytes) -> Bool {
            lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            let utf8 = text.utf8
            let done: Void? = utf8.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if done == nil {
                for byte in utf8 { hasher.combine(byte) }
            }
        }
    }

    // MARK: Document

    /// Parses the whole input as one value.
    mutating func parseDocument() throws(RTMWireError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeCurrent()) after the JSON value", at: index)
        }
        return value
    }

    private mutating func parseValue() throws(RTMWireError) -> JSONValue {
        var stack: [Frame] = []
        while true {
            // Read the start of a value (a scalar, an empty container or an opening bracket).
            skipWhitespace()
            guard index < bytes.count else {
                throw error("expected a JSON value, found end of input", at: index)
            }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try checkDepth(stack.count + 1)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object([])
                } else {
                    var frame = Frame(isObject: true)
                    frame.pendingKey = try parseKey(seen: &frame.keys)
                    stack.append(frame)
                    continue
                }
            case UInt8(ascii: "["):
                try checkDepth(stack.count + 1)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw error("expected a JSON value, found \(describeCurrent())", at: index)
            }

            // Attach the finished value to its parents, closing every container that ends here.
            while true {
                let top = stack.count - 1
                guard top >= 0 else { return value }
                skipWhitespace()
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(stack[top].pendingKey, value))
                    guard index < bytes.count else {
                        throw error("expected ',' or '}' in object, found end of input", at: index)
                    }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        stack[top].pendingKey = try parseKey(seen: &stack[top].keys)
                        break
                    } else if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        value = .object(stack.removeLast().members)
                    } else {
                        throw error(
                            "expected ',' or '}' in object, found \(describeCurrent())", at: index)
                    }
                } else {
                    stack[top].elements.append(value)
                    guard index < bytes.count else {
                        throw error("expected ',' or ']' in array, found end of input", at: index)
                    }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        break
                    } else if bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        value = .array(stack.removeLast().elements)
                    } else {
                        throw error(
                            "expected ',' or ']' in array, found \(describeCurrent())", at: index)
                    }
                }
            }
        }
    }

    private func checkDepth(_ depth: Int) throws(RTMWireError) {
        if depth > maxDepth {
            throw error("nesting exceeds the maximum depth of \(maxDepth)", at: index)
        }
    }

    /// Reads `"key"` and the following `:`, rejecting a key already in `seen`.
    private mutating func parseKey(seen: inout Set<KeyBytes>) throws(RTMWireError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a string key in object, found \(describeCurrent())", at: index)
        }
        let keyOffset = index
        let key = try parseString()
        guard seen.insert(KeyBytes(text: key)).inserted else {
            throw error(
                "duplicate key \(JSONValue.string(key).serialized()) in object", at: keyOffset)
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after object key, found \(describeCurrent())", at: index)
        }
        index += 1
        return key
    }

    // MARK: Scalars

    private mutating func expectLiteral(_ literal: StaticString) throws(RTMWireError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard bytes.count - start >= count else { return false }
            return bytes[start..<(start + count)].elementsEqual(expected)
        }
        guard matches else {
            throw error("invalid literal (expected '\(literal)')", at: start)
        }
        index += count
    }

    private mutating func parseNumber() throws(RTMWireError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("expected a digit in number, found \(describeCurrent())", at: index)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(
                    "expected a digit after the decimal point, found \(describeCurrent())",
                    at: index)
            }
            skipDigits()
        }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            index += 1
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(
                    "expected a digit in the exponent, found \(describeCurrent())", at: index)
            }
            skipDigits()
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Parses a string starting at its opening quote, validating UTF-8 and decoding escapes.
    private mutating func parseString() throws(RTMWireError) -> String {
        let open = index
        index += 1
        let start = index
        var runStart = start
        var hasEscapes = false
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard index < bytes.count else {
                throw error("unterminated string", at: open)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text: String
                if hasEscapes {
                    scratch.append(contentsOf: bytes[runStart..<index])
                    text = String(decoding: scratch, as: UTF8.self)
                } else {
                    text = String(decoding: bytes[start..<index], as: UTF8.self)
                }
                index += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                scratch.append(contentsOf: bytes[runStart..<index])
                try parseEscape()
                runStart = index
            } else if byte < 0x20 {
                throw error("unescaped control character \(hexByte(byte)) in string", at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
    }

    /// Decodes the escape at `index` (a backslash) into `scratch`.
    private mutating func parseEscape() throws(RTMWireError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw error("unterminated escape sequence", at: escapeStart)
        }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: escapeStart)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard bytes.count - index >= 2,
                    bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error(
                        "unpaired high surrogate \\u\(hex4(unit)) in string", at: escapeStart)
                }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(
                        "unpaired high surrogate \\u\(hex4(unit)) in string", at: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("unpaired low surrogate \\u\(hex4(unit)) in string", at: escapeStart)
            }
            // Not a surrogate and at most 0x10FFFF, so always a valid scalar.
            if let scalar = Unicode.Scalar(scalarValue) {
                scratch.append(contentsOf: scalar.utf8)
            }
        default:
            throw error(
                "invalid escape sequence '\\\(describe(letter))' in string", at: escapeStart)
        }
    }

    /// Reads four hex digits after a `\u`.
    private mutating func parseHex4(escapeStart: Int) throws(RTMWireError) -> UInt16 {
        guard bytes.count - index >= 4 else {
            throw error("incomplete \\u escape in string", at: escapeStart)
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error("invalid hex digit in \\u escape in string", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF) and steps over it.
    private mutating func skipUTF8Sequence() throws(RTMWireError) {
        let lead = bytes[index]
        // The sequence length and the range its second byte must fall in (RFC 3629's table).
        let (length, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default:
            throw error("invalid UTF-8 byte \(hexByte(lead)) in string", at: index)
        }
        guard bytes.count - index >= length, secondRange.contains(bytes[index + 1]) else {
            throw error("invalid UTF-8 sequence in string", at: index)
        }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw error("invalid UTF-8 sequence in string", at: index)
        }
        index += length
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func describeCurrent() -> String {
        index < bytes.count ? describe(bytes[index]) : "end of input"
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "'" + String(decoding: [byte], as: UTF8.self) + "'"
        }
        return "byte " + hexByte(byte)
    }

    private func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return "0x"
            + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    private func hex4(_ unit: UInt16) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        let chars = [12, 8, 4, 0].map { digits[Int((unit >> UInt16($0)) & 0xF)] }
        return String(decoding: chars, as: UTF8.self)
    }

    private func error(_ detail: String, at offset: Int) -> RTMWireError {
        RTMWireError(code: .invalidJSON, offset: offset, detail: detail)
    }
}
