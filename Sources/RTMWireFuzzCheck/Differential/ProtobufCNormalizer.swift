import RTMWireConformance

/// Turns RTMWire's canonical encoding of a message into what protobuf-c packs for the same
/// message, for the documented differences that change bytes predictably:
/// - (4) a string is cut at its first U+0000; a singular string outside a oneof that becomes
///   empty is no longer written (a oneof member and a repeated element still are);
/// - (7) an unknown field's tag is written minimally (its value bytes are kept as they are).
///
/// The input must be an encoding RTMWire produced (well-formed; known fields in field-number
/// order, then unknown fields), as the schema table describes.
enum ProtobufCNormalizer {
    static func normalize(_ bytes: [UInt8], as message: Int) -> [UInt8] {
        var reader = Reader(bytes: bytes, offset: 0)
        return normalizeMessage(&reader, end: bytes.count, index: message)
    }

    private static func normalizeMessage(_ reader: inout Reader, end: Int, index: Int) -> [UInt8] {
        let schema = SchemaTable.messages[index]
        var output: [UInt8] = []
        while reader.offset < end {
            let raw = reader.varint()
            let number = raw >> 3
            let wireType = UInt8(raw & 7)
            let valueStart = reader.offset
            guard let field = schema.field(number), field.accepts(wireType: wireType) else {
                reader.skip(wireType: wireType)
                VarintBytes.append(raw, to: &output)
                output += reader.bytes[valueStart..<reader.offset]
                continue
            }
            switch field.kind {
            case .string where wireType == 2:
                let (start, length) = reader.lengthDelimited()
                var value = reader.bytes[start..<(start + length)]
                if let nul = value.firstIndex(of: 0) { value = value[..<nul] }
                if value.isEmpty, field.oneof == nil, !field.isRepeated { continue }
                VarintBytes.append(raw, to: &output)
                VarintBytes.append(UInt64(value.count), to: &output)
                output += value
            case .message(let subMessage):
                let (start, length) = reader.lengthDelimited()
                var inner = Reader(bytes: reader.bytes, offset: start)
                let value = normalizeMessage(&inner, end: start + length, index: subMessage)
                VarintBytes.append(raw, to: &output)
                VarintBytes.append(UInt64(value.count), to: &output)
                output += value
            default:
                reader.skip(wireType: wireType)
                VarintBytes.append(raw, to: &output)
                output += reader.bytes[valueStart..<reader.offset]
            }
        }
        return output
    }

    /// Reads well-formed input (no checks: the input is RTMWire's own encoding).
    private struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func varint() -> UInt64 {
            let (value, length) = VarintBytes.decode(bytes, at: offset, end: bytes.count)!
            offset += length
            return value
        }

        mutating func lengthDelimited() -> (start: Int, length: Int) {
            let length = Int(varint())
            let start = offset
            offset += length
            return (start, length)
        }

        mutating func skip(wireType: UInt8) {
            switch wireType {
            case 0: _ = varint()
            case 1: offset += 8
            case 2: _ = lengthDelimited()
            case 5: offset += 4
            default: preconditionFailure("wire type \(wireType) in an encoding protobuf-c accepted")
            }
        }
    }
}
