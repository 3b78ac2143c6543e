import RTMWire

/// A parsed JSON document, kept close to its text so that the proto3 JSON mapping can apply
/// its own rules (for example reading 64-bit integers without losing precision).
///
/// Build one with `JSONValue(parsing:)` and turn it back into text with ``serialized()``.
public enum JSONValue: Hashable, Sendable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number, stored as its literal text (for example `-12`, `1.5e3`) so that no precision
    /// is lost; the text must follow the JSON number grammar.
    case number(String)
    /// A string, with all escapes already decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object's members, in document order; the parser rejects duplicate keys.
    case object([JSONMember])
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    /// The member's name, with escapes decoded.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// The value of the first member named `key` when this is an object; `nil` when there is
    /// no such member or this is not an object. Keys are compared byte for byte (UTF-8).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key.utf8.elementsEqual(key.utf8) {
            return member.value
        }
        return nil
    }
}
