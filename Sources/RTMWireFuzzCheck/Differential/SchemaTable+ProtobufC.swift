import RTMWireConformance

/// What the differential walker adds to the shared schema table: how protobuf-c treats a field.
extension SchemaTable {
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
}

extension FieldSchema {
    /// Whether a value with wire type `wireType` is this field's (rather than an unknown field
    /// to both decoders, or a rejection to protobuf-c). Repeated numeric fields are packed and
    /// read in both forms. (protobuf-c also reads a `bool` from any wire type but groups; the
    /// walker handles that case itself.)
    func accepts(wireType: UInt8) -> Bool {
        wireType == valueWireType || (isRepeated && isPackable && wireType == 2)
    }
}
