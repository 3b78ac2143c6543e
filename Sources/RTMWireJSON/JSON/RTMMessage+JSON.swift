import RTMWire

/// A message with a proto3 JSON form: every type generated from the schemas conforms, in this
/// module (RTMWireJSON), so that an app that does not import it links no JSON code.
///
/// The requirements whose names start with an underscore are the generated mapping and are not
/// meant to be called or implemented by hand.
public protocol RTMJSONMessage: RTMMessage {
    /// The proto3 JSON form.
    func _jsonValue(_ options: JSONEncodingOptions) -> JSONValue
    /// Merges a proto3 JSON object into `self`.
    mutating func _mergeJSON(_ json: JSONValue, path: String, options: JSONDecodingOptions)
        throws(RTMWireError)
}

extension RTMJSONMessage {
    /// The message in proto3 JSON form. With the default options it is Google's canonical form:
    /// lowerCamelCase names, 64-bit integers as strings, bytes as base64, enums by name, default
    /// values omitted. Unknown fields have no JSON form and are left out.
    public func jsonValue(options: JSONEncodingOptions = .default) -> JSONValue {
        _jsonValue(options)
    }

    /// The proto3 JSON text (compact, or indented when `pretty`); see ``jsonValue(options:)``.
    public func jsonString(options: JSONEncodingOptions = .default, pretty: Bool = false) -> String
    {
        _jsonValue(options).serialized(pretty: pretty)
    }

    /// The proto3 JSON text as UTF-8 bytes in `[UInt8]`; see ``jsonString(options:pretty:)``.
    public func jsonUTF8Bytes(options: JSONEncodingOptions = .default, pretty: Bool = false)
        -> [UInt8]
    {
        Array(jsonString(options: options, pretty: pretty).utf8)
    }

    /// The proto3 JSON text as UTF-8 bytes in the container you name, e.g.
    /// `let data: Data = message.jsonUTF8Bytes()` (with `RTMWireFoundation`).
    public func jsonUTF8Bytes<Bytes: RTMContiguousBytes>(
        as type: Bytes.Type = Bytes.self, options: JSONEncodingOptions = .default,
        pretty: Bool = false
    ) -> Bytes {
        var text = jsonString(options: options, pretty: pretty)
        return text.withUTF8 { utf8 in
            Bytes._filled(size: utf8.count) { $0.copyMemory(from: UnsafeRawBufferPointer(utf8)) }
        }
    }

    /// Reads a message from proto3 JSON. Accepts lowerCamelCase and original field names, enum
    /// names and numbers, 64-bit integers as strings or numbers, and `null` for "absent".
    ///
    /// With `CodecOptions/default` the limits and semantic rules are checked too. With the
    /// default `jsonOptions` a member the message does not have is
    /// `RTMWireError/Code/unknownJSONField`; ``JSONDecodingOptions/ignoreUnknownFields`` skips it.
    public init(
        jsonValue: JSONValue, options: CodecOptions = .default,
        jsonOptions: JSONDecodingOptions = .default
    ) throws(RTMWireError) {
        var message = Self()
        try message._mergeJSON(jsonValue, path: "", options: jsonOptions)
        // The same checks as encoding: a message read from JSON is one about to be encoded.
        if options.checksSemantics { _ = try message.checkedWireSize(options) }
        self = message
    }

    /// Reads a message from proto3 JSON text; see ``init(jsonValue:options:jsonOptions:)``.
    public init(
        jsonString: String, options: CodecOptions = .default,
        jsonOptions: JSONDecodingOptions = .default
    ) throws(RTMWireError) {
        try self.init(
            jsonValue: try JSONValue(parsing: jsonString, maxDepth: jsonOptions.maxDepth),
            options: options, jsonOptions: jsonOptions)
    }

    /// Reads a message from proto3 JSON text with `options` for the JSON and the default
    /// `CodecOptions`, as swift-protobuf's `init(jsonString:options:)` reads it.
    public init(jsonString: String, options: JSONDecodingOptions) throws(RTMWireError) {
        try self.init(jsonString: jsonString, options: .default, jsonOptions: options)
    }

    /// Reads a message from proto3 JSON given as UTF-8 bytes (`[UInt8]`, `Data`, a slice of a
    /// network buffer), with no detour through `String`; see
    /// ``init(jsonValue:options:jsonOptions:)``. Invalid UTF-8 is `RTMWireError/Code/invalidJSON`.
    public init(
        jsonUTF8Bytes bytes: some Collection<UInt8>, options: CodecOptions = .default,
        jsonOptions: JSONDecodingOptions = .default
    ) throws(RTMWireError) {
        try self.init(
            jsonValue: try JSONValue(parsing: bytes, maxDepth: jsonOptions.maxDepth),
            options: options, jsonOptions: jsonOptions)
    }

    /// Reads a message from proto3 JSON given as UTF-8 bytes with `options` for the JSON and
    /// the default `CodecOptions`, as swift-protobuf's `init(jsonUTF8Bytes:options:)` reads it.
    public init(jsonUTF8Bytes bytes: some Collection<UInt8>, options: JSONDecodingOptions)
        throws(RTMWireError)
    {
        try self.init(jsonUTF8Bytes: bytes, options: .default, jsonOptions: options)
    }
}

extension JSONValue {
    /// Rejects a field given twice, e.g. under its JSON name and its original name. Out of
    /// line, as the other helpers of a generated `_mergeJSON`: inlined, the set's insertion was
    /// copied into every field of every message type.
    @inline(never)
    static func checkFirstOccurrence(
        _ number: Int, _ seen: inout Set<Int>, path: String
    ) throws(RTMWireError) {
        if !seen.insert(number).inserted {
            throw RTMWireError(
                code: .invalidJSON, fieldPath: path, detail: "field is given more than once")
        }
    }

    /// The error for a second member of one oneof.
    @inline(never)
    static func oneofConflict(_ oneof: String, path: String) -> RTMWireError {
        RTMWireError(
            code: .invalidJSON, fieldPath: path,
            detail: "more than one member of oneof \(oneof) is set")
    }

    /// The error for a JSON member `key` of the object at `parent` that the message does not
    /// have (a generated `_mergeJSON` skips the member instead with
    /// ``JSONDecodingOptions/ignoreUnknownFields``).
    @inline(never)
    static func unknownField(_ key: String, in message: StaticString, parent: String)
        -> RTMWireError
    {
        RTMWireError(
            code: .unknownJSONField, fieldPath: parent.isEmpty ? key : parent + "." + key,
            detail: "\(message) has no field \"\(key)\"")
    }

    /// Which field of a message the member `key` names: its position among `names`, the
    /// message's fields in field order, each its JSON name and, when it differs, its proto name,
    /// every name preceded by its length in a byte, every field ended by a zero byte
    /// (`"\u{6}userId\u{7}user_id\u{0}\u{4}text\u{0}"`); nil for a key that names none. Keys
    /// are compared byte for byte.
    ///
    /// Out of line and table-driven: a generated `_mergeJSON` switches on the position, where a
    /// switch on the key compared it with every name inline, in every message type. The lengths
    /// let the lookup skip a name of another length without reading it.
    @inline(never)
    static func fieldIndex(_ key: String, in names: StaticString) -> Int? {
        var key = key
        return key.withUTF8 { key in
            let table = UnsafeBufferPointer(start: names.utf8Start, count: names.utf8CodeUnitCount)
            var index = 0
            var position = 0
            while position < table.count {
                let length = Int(table[position])
                position += 1
                if length == 0 {
                    index += 1
                    continue
                }
                guard position + length <= table.count else { return nil }
                if length == key.count,
                    key.elementsEqual(
                        UnsafeBufferPointer(rebasing: table[position..<position + length]))
                {
                    return index
                }
                position += length
            }
            return nil
        }
    }

    /// The error path of the field `name` of the message at `path` (`name` alone at the top).
    @inline(never)
    static func fieldPath(_ path: String, _ name: StaticString) -> String {
        path.isEmpty ? "\(name)" : "\(path).\(name)"
    }

    /// The error path of element `index` of the repeated field at `path`.
    @inline(never)
    static func elementPath(_ path: String, _ index: Int) -> String {
        "\(path)[\(index)]"
    }
}
