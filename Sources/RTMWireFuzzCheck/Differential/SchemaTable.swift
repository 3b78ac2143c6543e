/// What the differential target knows of the schemas: for every message, its fields' numbers
/// and kinds. The table itself (`SchemaTable+Generated.swift`) is generated from Schemas/ by
/// Scripts/generate-fuzz-inputs.
enum SchemaTable {
    /// For each message: whether merging two occurrences of it makes protobuf-c merge a
    /// oneof (the message has one, or a singular sub-message field of such a type, which
    /// `merge_messages` merges recursively; oneof members it moves, not merges).
    static let mergesOneof: [Bool] = messages.indices.map { mergesOneof($0, seen: []) }

    private static func mergesOneof(_ index: Int, seen: Set<Int>) -> Bool {
        let message = messages[index]
        if message.fields.contains(where: { $0.oneof != nil }) { return true }
        return message.fields.contains { field in
            guard case .message(let inner) = field.kind, !field.isRepeated, !seen.contains(inner)
            else {
                return false
            }
            return mergesOneof(inner, seen: seen.union([index]))
        }
    }

    /// The index of the message `fullName` in ``messages``.
    static func index(of fullName: String) -> Int? {
        messages.firstIndex { $0.fullName == fullName }
    }
}

/// One message of the schemas.
struct MessageSchema {
    let fullName: String
    /// Sorted by field number.
    let fields: [FieldSchema]

    /// The field numbered `number`, or nil when the message has none.
    func field(_ number: UInt64) -> FieldSchema? {
        fields.first { UInt64($0.number) == number }
    }
}

/// One field: its number, how its values are encoded, and whether it is repeated or in a oneof.
struct FieldSchema {
    enum Kind: Equatable {
        /// `bool`: protobuf-c reads it from any wire type but groups.
        case bool
        /// `int32`, `int64`, `uint32`, `uint64` or an enum.
        case varint
        case string
        case bytes
        /// A sub-message, by index in ``SchemaTable/messages``.
        case message(Int)
    }

    let number: UInt32
    let name: String
    let kind: Kind
    let isRepeated: Bool
    /// The index of the field's oneof in its message, or nil.
    let oneof: Int?

    /// Whether a value with wire type `wireType` is this field's (rather than an unknown field
    /// to both decoders, or a rejection to protobuf-c). Repeated numeric fields are packed and
    /// read in both forms.
    func accepts(wireType: UInt8) -> Bool {
        switch kind {
        case .string, .bytes, .message: wireType == 2
        case .bool, .varint: wireType == 0 || (isRepeated && wireType == 2)
        }
    }
}
