/// What an input does that runtimes are known to read differently: the causes a disagreement
/// can be explained by. A disagreement counts as explained when a vector shows the same effect
/// with no feature the input lacks (see ``DifferentialFuzzer``).
///
/// Found by walking the input's records with the schema, at every depth, without decoding.
public enum InputFeatures {
    /// The features of `bytes` read as the message `typeName`.
    public static func of(_ bytes: [UInt8], typeName: String) -> Set<String> {
        var features: Set<String> = []
        walk(bytes, schema: SchemaTable.index(of: typeName), depth: 0, into: &features)
        return features
    }

    private static func walk(
        _ bytes: [UInt8], schema: Int?, depth: Int, into features: inout Set<String>
    ) {
        if depth > 8 { features.insert("nesting deeper than 8") }
        let (records, complete) = WireRecord.splitPrefix(bytes)
        if !complete {
            // Truncated, a group, wire type 6 or 7, a length past the end: the rest is not a
            // plain run of records (wire rejects, and what some runtimes accept anyway).
            let rest = Array(bytes[(records.last?.record.upperBound ?? 0)...])
            features.insert("malformed")
            for feature in groupOrMalformed(rest).split(separator: ", ") {
                features.insert(String(feature))
            }
        }
        let message = schema.map { SchemaTable.messages[$0] }
        var singular: [UInt64: Int] = [:]
        var oneofMembers: [Int: UInt64] = [:]
        for record in records {
            let index = record.tagEnd
            let tag = UInt64(record.number) << 3 | UInt64(record.wireType)
            if index - record.record.lowerBound > WireRecord.varint(tag).count {
                features.insert("padded tag")
            }
            let value = Array(bytes[record.value])
            // Encodings longer than they need, known field or not.
            switch record.wireType {
            case 0:
                var offset = 0
                let number = WireRecord.readVarint(value, &offset) ?? 0
                // A tenth byte above 1 carries bits past bit 63, which parsers drop or refuse;
                // such a varint is long because of them, not overlong.
                if value.count == 10, value[9] > 1 {
                    features.insert("bits above bit 63")
                } else if value.count > WireRecord.varint(number).count {
                    features.insert("overlong varint")
                }
            case 2:
                if record.value.lowerBound - index > WireRecord.varint(UInt64(value.count)).count {
                    features.insert("overlong length")
                }
            default: break
            }
            if record.number > 536_870_911 { features.insert("field number above 2^29-1") }
            if record.wireType == 3 {
                features.insert("group")
                walk(value, schema: nil, depth: depth + 1, into: &features)
            }
            guard let message, let field = message.field(record.number) else {
                features.insert("unknown field")
                continue
            }
            let packed = field.isRepeated && field.isPackable && record.wireType == 2
            guard record.wireType == field.valueWireType || packed else {
                // Which every parser keeps as an unknown field.
                features.insert("known number with another wire type")
                features.insert("unknown field")
                continue
            }
            if !field.isRepeated {
                singular[record.number, default: 0] += 1
                if singular[record.number] == 2 {
                    features.insert(
                        isMessage(field)
                            ? "sub-message given more than once" : "scalar given more than once")
                }
            }
            if let oneof = field.oneof {
                if let other = oneofMembers[oneof], other != record.number {
                    features.insert("two members of a oneof")
                }
                oneofMembers[oneof] = record.number
            }
            switch field.kind {
            case .varint, .bool:
                if packed {
                    features.insert("packed run")
                    var offset = 0
                    while offset < value.count {
                        let start = offset
                        guard let number = WireRecord.readVarint(value, &offset) else {
                            features.insert("packed run cut short")
                            features.insert("malformed")
                            break
                        }
                        varintFeatures(
                            number, bytes: offset - start,
                            highBits: offset - start == 10 && value[offset - 1] > 1,
                            field: field, into: &features)
                    }
                } else {
                    var offset = 0
                    let number = WireRecord.readVarint(value, &offset) ?? 0
                    varintFeatures(
                        number, bytes: value.count, highBits: value.count == 10 && value[9] > 1,
                        field: field, into: &features)
                }
            case .string, .bytes:
                if value.isEmpty, !field.isRepeated { features.insert("empty string or bytes") }
                if field.kind == .string {
                    if value.contains(0) { features.insert("U+0000 in a string") }
                    if String(validating: value, as: UTF8.self) == nil {
                        features.insert("invalid UTF-8")
                    }
                }
            case .message(let inner):
                walk(value, schema: inner, depth: depth + 1, into: &features)
            }
        }
    }

    private static func isMessage(_ field: FieldSchema) -> Bool {
        if case .message = field.kind { return true }
        return false
    }

    private static func varintFeatures(
        _ value: UInt64, bytes: Int, highBits: Bool, field: FieldSchema,
        into features: inout Set<String>
    ) {
        if highBits {
            features.insert("bits above bit 63")
        } else if bytes > WireRecord.varint(value).count {
            features.insert("overlong varint")
        }
        if field.kind == .bool, value > 1 { features.insert("bool above 1") }
        // Timestamps pass 2^31 in every envelope: only the ends of the ranges count.
        if field.valueBits == 32, value > UInt64(UInt32.max) {
            features.insert("32-bit field above 32 bits")
        } else if field.isSigned32, value > UInt64(Int32.max),
            value < UInt64(bitPattern: Int64(Int32.min))
        {
            features.insert("32-bit field above 32 bits")
        } else if value >= 1 << 63 {
            features.insert("negative number")
        }
    }

    /// "group" when the bytes hold a start-group tag where a record starts, else "malformed".
    private static func groupOrMalformed(_ bytes: [UInt8]) -> String {
        var index = 0
        while index < bytes.count {
            let start = index
            guard let tag = WireRecord.readVarint(bytes, &index), tag >> 3 != 0 else {
                // Field number 0; written with padding (80 00), it is also a padded tag.
                return index - start > 1 ? "malformed, padded tag" : "malformed"
            }
            switch tag & 7 {
            case 3, 4: return "group"
            case 0: guard WireRecord.readVarint(bytes, &index) != nil else { return "malformed" }
            case 1: index += 8
            case 5: index += 4
            case 2:
                guard let length = WireRecord.readVarint(bytes, &index),
                    length <= UInt64(bytes.count - index)
                else { return "malformed" }
                index += Int(length)
            default: return "malformed"
            }
        }
        return "malformed"
    }
}
