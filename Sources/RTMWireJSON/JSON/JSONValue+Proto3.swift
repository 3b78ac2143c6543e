// Helpers the generated proto3 JSON mapping calls to read and write field values. Each
// reader takes the field's dotted `path`, used as the error's field path; callers treat
// `.null` as "field absent" before calling. The readers are out of line: inlined, each was
// copied, error paths and all, into every field of every message type (issue 36).

import RTMWire

extension JSONValue {
    // MARK: Reading

    /// The value of a `string` field: must be a JSON string.
    @inline(never)
    func proto3String(path: String) throws(RTMWireError) -> String {
        guard case .string(let text) = self else { throw proto3TypeError("a string", path: path) }
        return text
    }

    /// The value of a `bool` field: must be `true` or `false`.
    @inline(never)
    func proto3Bool(path: String) throws(RTMWireError) -> Bool {
        guard case .bool(let flag) = self else { throw proto3TypeError("a boolean", path: path) }
        return flag
    }

    /// The value of an `int32`/`sint32`/`sfixed32` field: a number or numeric string denoting
    /// an exact integer in range.
    @inline(never)
    func proto3Int32(path: String) throws(RTMWireError) -> Int32 {
        let (text, negative, magnitude) = try proto3Integer(typeName: "int32", path: path)
        let limit: UInt64 = negative ? 1 << 31 : UInt64(Int32.max)
        guard magnitude <= limit else { throw proto3RangeError(text, "int32", path: path) }
        return negative ? Int32(truncatingIfNeeded: 0 &- magnitude) : Int32(magnitude)
    }

    /// The value of a `uint32`/`fixed32` field: a number or numeric string denoting an exact
    /// integer in range.
    @inline(never)
    func proto3UInt32(path: String) throws(RTMWireError) -> UInt32 {
        let (text, negative, magnitude) = try proto3Integer(typeName: "uint32", path: path)
        guard magnitude <= (negative ? 0 : UInt64(UInt32.max)) else {
            throw proto3RangeError(text, "uint32", path: path)
        }
        return UInt32(magnitude)
    }

    /// The value of an `int64`/`sint64`/`sfixed64` field: a number or numeric string denoting
    /// an exact integer in range (converted from the digits, never through `Double`).
    @inline(never)
    func proto3Int64(path: String) throws(RTMWireError) -> Int64 {
        let (text, negative, magnitude) = try proto3Integer(typeName: "int64", path: path)
        let limit: UInt64 = negative ? 1 << 63 : UInt64(Int64.max)
        guard magnitude <= limit else { throw proto3RangeError(text, "int64", path: path) }
        return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
    }

    /// The value of a `uint64`/`fixed64` field: a number or numeric string denoting an exact
    /// integer in range (converted from the digits, never through `Double`).
    @inline(never)
    func proto3UInt64(path: String) throws(RTMWireError) -> UInt64 {
        let (text, negative, magnitude) = try proto3Integer(typeName: "uint64", path: path)
        guard !negative || magnitude == 0 else {
            throw proto3RangeError(text, "uint64", path: path)
        }
        return magnitude
    }

    /// The value of a `bytes` field: a string holding standard or URL-safe base64, padded or
    /// not.
    @inline(never)
    func proto3Bytes(path: String) throws(RTMWireError) -> [UInt8] {
        guard case .string(let text) = self else {
            throw proto3TypeError("a base64 string", path: path)
        }
        guard let bytes = Base64.decode(text.utf8) else {
            throw RTMWireError(
                code: .invalidJSON, fieldPath: path,
                detail: "\(JSONValue.string(text).serialized()) is not valid base64")
        }
        return bytes
    }

    /// The elements of a repeated field: must be a JSON array.
    @inline(never)
    func proto3Array(path: String) throws(RTMWireError) -> [JSONValue] {
        guard case .array(let elements) = self else {
            throw proto3TypeError("an array", path: path)
        }
        return elements
    }

    /// The members of a message or map field: must be a JSON object.
    @inline(never)
    func proto3Object(path: String) throws(RTMWireError) -> [JSONMember] {
        guard case .object(let members) = self else {
            throw proto3TypeError("an object", path: path)
        }
        return members
    }

    // MARK: Writing

    /// An `int64` value, written as a JSON string as the proto3 mapping requires.
    static func proto3Int64(_ value: Int64) -> JSONValue { .string(String(value)) }

    /// A `uint64` value, written as a JSON string as the proto3 mapping requires.
    static func proto3UInt64(_ value: UInt64) -> JSONValue { .string(String(value)) }

    /// An `int32` value, written as a JSON number.
    static func proto3Int32(_ value: Int32) -> JSONValue { .number(String(value)) }

    /// A `uint32` value, written as a JSON number.
    static func proto3UInt32(_ value: UInt32) -> JSONValue { .number(String(value)) }

    /// A `bytes` value, written as standard base64 with padding.
    static func proto3Bytes(_ bytes: [UInt8]) -> JSONValue { .string(Base64.encode(bytes)) }

    // MARK: Support

    /// A short description of the value's JSON type, for error messages.
    var proto3TypeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private func proto3TypeError(_ expected: String, path: String) -> RTMWireError {
        RTMWireError(
            code: .invalidJSON, fieldPath: path,
            detail: "expected \(expected), found \(proto3TypeName)")
    }

    private func proto3RangeError(_ text: String, _ typeName: String, path: String) -> RTMWireError
    {
        RTMWireError(
            code: .invalidJSON, fieldPath: path,
            detail: "value \(text) is out of range for \(typeName)")
    }

    /// Reads an integer from a number or a numeric string as sign and magnitude.
    private func proto3Integer(
        typeName: String, path: String
    ) throws(RTMWireError) -> (text: String, negative: Bool, magnitude: UInt64) {
        let text: String
        switch self {
        case .number(let literal): text = literal
        case .string(let literal): text = literal
        default: throw proto3TypeError("an integer (\(typeName))", path: path)
        }
        switch JSONInteger.parse(text.utf8) {
        case .value(let negative, let magnitude):
            return (text, negative, magnitude)
        case .notANumber:
            throw RTMWireError(
                code: .invalidJSON, fieldPath: path,
                detail: "\(JSONValue.string(text).serialized()) is not a valid \(typeName) value")
        case .notAnInteger:
            throw RTMWireError(
                code: .invalidJSON, fieldPath: path,
                detail: "value \(text) is not an integer (\(typeName))")
        case .outOfRange:
            throw proto3RangeError(text, typeName, path: path)
        }
    }
}

/// Exact conversion of JSON number text to an integer, working on the digits.
enum JSONInteger {
    /// The outcome of ``parse(_:)``.
    enum Result: Equatable {
        /// An exact integer whose magnitude fits in 64 bits.
        case value(negative: Bool, magnitude: UInt64)
        /// The text does not follow the JSON number grammar.
        case notANumber
        /// The number has a non-zero fractional part.
        case notAnInteger
        /// The number is an integer whose magnitude exceeds `UInt64.max`.
        case outOfRange
    }

    /// Parses JSON number text (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`) exactly.
    static func parse(_ text: some Collection<UInt8>) -> Result {
        let bytes = Array(text)
        let zero = UInt8(ascii: "0")
        func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= UInt8(ascii: "9") }
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        // Integer part.
        let integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let integerDigits = bytes[integerStart..<index]
        guard !integerDigits.isEmpty else { return .notANumber }
        if integerDigits.count > 1, integerDigits.first == zero { return .notANumber }
        // Fraction.
        var fractionDigits = bytes[index..<index]
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fractionDigits = bytes[fractionStart..<index]
            guard !fractionDigits.isEmpty else { return .notANumber }
        }
        // Exponent, saturated far beyond any meaningful value. Int64, like every value derived
        // from it below: with a 32-bit Int (wasm32, watchOS) the saturated exponent would
        // overflow and trap.
        var exponent: Int64 = 0
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            index += 1
            var exponentNegative = false
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) {
                if exponent < 1_000_000_000 {
                    exponent = exponent * 10 + Int64(bytes[index] - zero)
                }
                index += 1
            }
            guard index > exponentStart else { return .notANumber }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return .notANumber }

        // value = significant digits × 10^scale
        var digits = Array(integerDigits) + Array(fractionDigits)
        let scale = exponent - Int64(fractionDigits.count)
        guard let firstNonZero = digits.firstIndex(where: { $0 != zero }) else {
            return .value(negative: negative, magnitude: 0)
        }
        digits.removeFirst(firstNonZero)
        var trailingZeros: Int64 = 0
        if scale < 0 {
            let dropped = -scale
            guard dropped < Int64(digits.count),
                digits[(digits.count - Int(dropped))...].allSatisfy({ $0 == zero })
            else { return .notAnInteger }
            digits.removeLast(Int(dropped))
        } else {
            trailingZeros = scale
        }
        // The leading digit is non-zero, so more than 20 digits always exceeds UInt64.max.
        guard Int64(digits.count) + trailingZeros <= 20 else { return .outOfRange }
        var magnitude: UInt64 = 0
        for digit in digits + Array(repeating: zero, count: Int(trailingZeros)) {
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit - zero))
            guard !overflow1, !overflow2 else { return .outOfRange }
            magnitude = sum
        }
        return .value(negative: negative, magnitude: magnitude)
    }
}
