extension RTMMessage {
    /// The message in Google's canonical proto3 JSON form: lowerCamelCase names, 64-bit
    /// integers as strings, bytes as base64, enums by name, default values omitted. Unknown
    /// fields have no JSON form and are left out.
    public func jsonValue() -> JSONValue { _jsonValue() }

    /// The canonical proto3 JSON text (compact, or indented when `pretty`).
    public func jsonString(pretty: Bool = false) -> String {
        _jsonValue().serialized(pretty: pretty)
    }

    /// Reads a message from proto3 JSON. Accepts lowerCamelCase and original field names, enum
    /// names and numbers, 64-bit integers as strings or numbers, and `null` for "absent".
    ///
    /// With ``CodecOptions/default`` the limits and semantic rules are checked too.
    public init(jsonValue: JSONValue, options: CodecOptions = .default) throws(RTMWireError) {
        var message = Self()
        try message._mergeJSON(jsonValue, path: "")
        // The same checks as encoding: a message read from JSON is one about to be encoded.
        if options.checksSemantics { _ = try message.checkedWireSize(options) }
        self = message
    }

    /// Reads a message from proto3 JSON text (UTF-8).
    public init(jsonString: String, options: CodecOptions = .default) throws(RTMWireError) {
        try self.init(jsonValue: try JSONValue(parsing: jsonString), options: options)
    }
}

extension JSONValue {
    /// Rejects a field given twice, e.g. under its JSON name and its original name.
    static func checkFirstOccurrence(
        _ number: Int, _ seen: inout Set<Int>, path: String
    ) throws(RTMWireError) {
        if !seen.insert(number).inserted {
            throw RTMWireError(
                code: .invalidJSON, fieldPath: path, detail: "field is given more than once")
        }
    }

    /// The error for a second member of one oneof.
    static func oneofConflict(_ oneof: String, path: String) -> RTMWireError {
        RTMWireError(
            code: .invalidJSON, fieldPath: path,
            detail: "more than one member of oneof \(oneof) is set")
    }

    /// The error for a JSON member the message does not have.
    static func unknownField(_ key: String, in message: String, path: String) -> RTMWireError {
        RTMWireError(
            code: .unknownJSONField, fieldPath: path, detail: "\(message) has no field \"\(key)\"")
    }
}
