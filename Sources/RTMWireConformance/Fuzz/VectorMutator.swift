/// Makes new inputs from golden vectors: the mutation families of the libFuzzer targets (bit
/// flips, interesting bytes, inserted and deleted runs, dictionary tokens, splices) plus
/// mutations that know the wire format and the schema (a record dropped, repeated, moved,
/// retagged or re-lengthened; a varint overlong or set to an edge value; a string made invalid
/// UTF-8 or given U+0000; an unknown field inserted; the same again inside a sub-message).
///
/// Deterministic: the same seed and vectors give the same inputs.
public struct VectorMutator: Sendable {
    /// The largest input it makes; larger results are dropped for a smaller mutation.
    public var maxInputBytes = 64 * 1024
    private var random: SeededRandom

    /// Creates a mutator drawing from `seed`.
    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// A new input of the same message type as `base`: one to four mutations stacked.
    /// `donor` supplies the other half of a splice.
    public mutating func mutate(_ base: [UInt8], typeName: String, donor: [UInt8]) -> [UInt8] {
        let schema = SchemaTable.index(of: typeName)
        var bytes = base
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let next = mutateOnce(bytes, schema: schema, donor: donor, depth: 0)
            if next.count <= maxInputBytes { bytes = next }
        }
        return bytes
    }

    /// A random index below `count` (which must be positive).
    mutating func below(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }

    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    private mutating func mutateOnce(
        _ bytes: [UInt8], schema: Int?, donor: [UInt8], depth: Int
    ) -> [UInt8] {
        if let records = WireRecord.split(bytes), !records.isEmpty, chance(60) {
            // Inside a sub-message a third of the time, when there is one to enter.
            let nested = records.indices.filter { records[$0].wireType == 2 }
            if depth < 4, !nested.isEmpty, chance(35) {
                let record = records[nested[below(nested.count)]]
                var inner: Int?
                if let schema, let field = SchemaTable.messages[schema].field(record.number),
                    case .message(let index) = field.kind
                {
                    inner = index
                }
                let payload = Array(bytes[record.value])
                let mutated = mutateOnce(payload, schema: inner, donor: donor, depth: depth + 1)
                return record.replacingValue(in: bytes, with: mutated)
            }
            return mutateStructure(bytes, records: records, schema: schema)
        }
        return mutateBytes(bytes, schema: schema, donor: donor)
    }

    // MARK: Mutations that know the wire format

    private mutating func mutateStructure(
        _ bytes: [UInt8], records: [WireRecord], schema: Int?
    ) -> [UInt8] {
        let record = records[below(records.count)]
        var out = bytes
        switch below(10) {
        case 0:  // drop the record
            out.removeSubrange(record.record)
        case 1:  // give it twice
            out.insert(contentsOf: bytes[record.record], at: record.record.upperBound)
        case 2:  // move it to the end, or to the front
            out.removeSubrange(record.record)
            if chance(50) {
                out.append(contentsOf: bytes[record.record])
            } else {
                out.insert(contentsOf: bytes[record.record], at: 0)
            }
        case 3:  // its tag, overlong
            let tagEnd = record.tagEnd
            out.replaceSubrange(
                record.record.lowerBound..<tagEnd,
                with: overlong(Array(bytes[record.record.lowerBound..<tagEnd])))
        case 4:  // another wire type for the same number
            let wireType = [0, 1, 2, 5, 3, 4, 6, 7][below(8)]
            let tagEnd = record.tagEnd
            out.replaceSubrange(
                record.record.lowerBound..<tagEnd,
                with: WireRecord.varint(record.number << 3 | UInt64(wireType)))
        case 5:  // an unknown field beside it
            out.insert(contentsOf: unknownRecord(schema: schema), at: record.record.upperBound)
        default:
            switch record.wireType {
            case 0: out = mutateVarint(bytes, record: record)
            case 2: out = mutateLengthDelimited(bytes, record: record)
            default:  // fixed32/64: an edge value
                for index in record.value { out[index] = chance(50) ? 0xFF : 0x00 }
            }
        }
        return out
    }

    private mutating func mutateVarint(_ bytes: [UInt8], record: WireRecord) -> [UInt8] {
        var out = bytes
        let value = Array(bytes[record.value])
        let replacement: [UInt8]
        switch below(3) {
        case 0: replacement = overlong(value)
        default: replacement = WireRecord.varint(Self.edgeValues[below(Self.edgeValues.count)])
        }
        out.replaceSubrange(record.value, with: replacement)
        return out
    }

    private mutating func mutateLengthDelimited(_ bytes: [UInt8], record: WireRecord) -> [UInt8] {
        var payload = Array(bytes[record.value])
        switch below(6) {
        case 0:  // a length prefix that does not match the payload
            let tagEnd = record.tagEnd
            let lengths: [UInt64] = [
                UInt64(payload.count) + 1, UInt64(max(payload.count, 1) - 1), 0x7FFF_FFFF,
                0xFFFF_FFFF, 1 << 32 | UInt64(payload.count),
            ]
            var out = bytes
            out.replaceSubrange(
                tagEnd..<record.value.lowerBound,
                with: WireRecord.varint(lengths[below(lengths.count)]))
            return out
        case 1:  // the length prefix, overlong
            let tagEnd = record.tagEnd
            var out = bytes
            out.replaceSubrange(
                tagEnd..<record.value.lowerBound,
                with: overlong(Array(bytes[tagEnd..<record.value.lowerBound])))
            return out
        case 2:  // a string token: invalid UTF-8, U+0000, a surrogate, Korean, emoji
            let token = Self.textTokens[below(Self.textTokens.count)]
            payload.insert(contentsOf: token, at: below(payload.count + 1))
        case 3:
            payload = []
        case 4:  // longer
            payload += payload.isEmpty ? [0x61] : payload
        default:  // a byte of the payload changed
            if !payload.isEmpty { payload[below(payload.count)] ^= UInt8(1 << below(8)) }
        }
        return record.replacingValue(in: bytes, with: payload)
    }

    // MARK: Byte mutations (libFuzzer's families)

    private mutating func mutateBytes(_ bytes: [UInt8], schema: Int?, donor: [UInt8]) -> [UInt8] {
        var out = bytes
        switch below(7) {
        case 0 where !out.isEmpty:  // flip a bit
            out[below(out.count)] ^= UInt8(1 << below(8))
        case 1 where !out.isEmpty:  // an interesting byte
            out[below(out.count)] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0xC0, 0xFE, 0x08][below(8)]
        case 2 where !out.isEmpty:  // delete a run
            let start = below(out.count)
            out.removeSubrange(start..<min(out.count, start + 1 + below(8)))
        case 3 where !out.isEmpty:  // repeat a run
            let start = below(out.count)
            let run = out[start..<min(out.count, start + 1 + below(16))]
            out.insert(contentsOf: run, at: below(out.count + 1))
        case 4:  // a dictionary token
            let tokens = Self.wireTokens + tagTokens(schema: schema)
            out.insert(contentsOf: tokens[below(tokens.count)], at: below(out.count + 1))
        case 5 where !donor.isEmpty:  // splice with another vector
            out = Array(out.prefix(below(out.count + 1))) + donor.suffix(below(donor.count + 1))
        default:  // random bytes
            let count = 1 + below(4)
            out.insert(
                contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: below(256)) },
                at: below(out.count + 1))
        }
        return out
    }

    // MARK: Pieces

    /// Varint values at the edges of 7-bit groups, 32 and 64 bits, and the signed range.
    static let edgeValues: [UInt64] = [
        0, 1, 2, 127, 128, 255, 16_383, 16_384, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
        0x1_0000_0000, 0x7FFF_FFFF_FFFF_FFFF, 0x8000_0000_0000_0000, .max, .max - 1,
    ]

    /// Text that decoders treat differently: invalid UTF-8, U+0000, an encoded surrogate, an
    /// overlong NUL, a cut-short sequence, Korean and emoji.
    static let textTokens: [[UInt8]] = [
        [0xC3, 0x28], [0x00], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xF0, 0x9F, 0x98],
        Array("한국어".utf8), Array("😀".utf8), [0xFF], [0xF4, 0x90, 0x80, 0x80],
    ]

    /// Wire-format edge cases: overlong and 10-byte varints, huge lengths, zero tags, groups.
    static let wireTokens: [[UInt8]] = [
        [0x80, 0x80, 0x80, 0x00], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
        [0xFF, 0xFF, 0xFF, 0xFF, 0x0F], [0x00], [0x0B], [0x0C], [0x80, 0x00],
        [0xF8, 0xFF, 0xFF, 0xFF, 0x0F, 0x00],
    ]

    /// The tag bytes of every field of the message `schema`, as wire type 0 and 2.
    private func tagTokens(schema: Int?) -> [[UInt8]] {
        guard let schema else { return [] }
        return SchemaTable.messages[schema].fields.flatMap { field in
            [0, 2].map { WireRecord.varint(UInt64(field.number) << 3 | $0) }
        }
    }

    /// A record of a field number the message `schema` does not have.
    private mutating func unknownRecord(schema: Int?) -> [UInt8] {
        let highest = schema.flatMap { SchemaTable.messages[$0].fields.last.map(\.number) } ?? 15
        let numbers: [UInt64] = [
            UInt64(highest) + 1, UInt64(100 + below(100)), 1_000, 19_000, 536_870_911,
            UInt64(16 + below(48)),
        ]
        let number = numbers[below(numbers.count)]
        switch below(4) {
        case 0: return WireRecord.varint(number << 3) + [0x96, 0x01]
        case 1: return WireRecord.varint(number << 3 | 1) + [1, 2, 3, 4, 5, 6, 7, 8]
        case 2: return WireRecord.varint(number << 3 | 5) + [1, 2, 3, 4]
        default: return WireRecord.varint(number << 3 | 2) + [3, 0x61, 0x62, 0x63]
        }
    }

    /// `varint` written with one to three more bytes than it needs.
    private mutating func overlong(_ varint: [UInt8]) -> [UInt8] {
        guard var last = varint.last else { return [0x80, 0x00] }
        var out = Array(varint.dropLast())
        last |= 0x80
        out.append(last)
        out += Array(repeating: 0x80, count: below(3)) + [0x00]
        return out
    }
}
