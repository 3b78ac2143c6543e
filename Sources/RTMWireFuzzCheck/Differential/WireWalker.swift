import RTMWire
import RTMWireConformance

/// A documented difference between RTMWire's decoder (which follows Google's parsers) and
/// protobuf-c 1.4.1, as found in one input. Each is pinned by Tests/RTMWirePeerTests.
enum Difference: String, CaseIterable, Sendable {
    // protobuf-c rejects; RTMWire accepts (unless something else stops it).

    /// (1) A known field with a wire type that is not its own: RTMWire keeps it as an unknown
    /// field (Google's behaviour); protobuf-c rejects the message.
    case knownFieldWrongWireType
    /// (2) A group (wire type 3 or 4), known field number or not: RTMWire skips and keeps a
    /// well-formed unknown group; protobuf-c rejects any group.
    case group
    /// (8) A tag longer than 5 bytes: RTMWire reads varints of up to 10 bytes everywhere;
    /// protobuf-c reads tags of at most 5.
    case overlongTag
    /// (8) A length prefix longer than 5 bytes (same reason).
    case overlongLengthPrefix

    // RTMWire rejects; protobuf-c accepts (unless something else stops it).

    /// (3) A string field that is not valid UTF-8: RTMWire rejects, protobuf-c keeps the bytes.
    case invalidUTF8
    /// (5) Nesting deeper than `Limits.maxDepth`: RTMWire rejects, protobuf-c has no limit.
    case depthLimit
    /// (9) A field number above 2^29-1 in a tag of at most 5 bytes: RTMWire rejects,
    /// protobuf-c keeps it as an unknown field.
    case fieldNumberAboveMax
    /// (9) Field number 0 in an over-long tag (first byte 0x80-0x87): RTMWire rejects,
    /// protobuf-c keeps it as an unknown field and writes it back as the invalid tag 0x00.
    case fieldZeroOverlongTag

    // Both accept; the re-encodings differ.

    /// (6) A singular sub-message (or the same oneof sub-message member) given more than once:
    /// RTMWire merges the occurrences; protobuf-c loses the numeric, enum and bool fields and
    /// the unknown fields of earlier occurrences, and replaces a oneof member instead of
    /// merging it.
    case mergedSubMessage
    /// (6) As `mergedSubMessage`, for a sub-message type with a oneof (itself or in a singular
    /// sub-message field, which protobuf-c merges recursively): when neither occurrence sets
    /// the oneof, protobuf-c 1.4.1's `merge_messages` looks up field number 0 and reads the
    /// field descriptor before the descriptor's array (undefined behaviour; in practice it
    /// rejects the message). Whether protobuf-c accepts is left open.
    case mergedSubMessageWithOneof
    /// (1) A bool field with a non-varint wire type (not a group): RTMWire keeps it as an
    /// unknown field; protobuf-c reads a bool from it.
    case boolWrongWireType
    /// (10) A bool whose varint sets only bits beyond bit 63 (10th byte 0x02-0x7E): RTMWire
    /// drops those bits like Google's parsers and reads false; protobuf-c tests every byte's
    /// low 7 bits and reads true.
    case boolBitsBeyond64

    // Both accept; accounted for by `ProtobufCNormalizer` rather than skipped.

    /// (4) A string holding U+0000: protobuf-c cuts it at the NUL when packing.
    case nulInString
    /// (7) An unknown field with an over-long tag: protobuf-c writes the tag back minimally,
    /// RTMWire byte for byte. (Both keep the value bytes as they were.)
    case unknownFieldOverlongTag

    /// The error RTMWire raises for this difference, when it is one that RTMWire rejects.
    var swiftError: RTMWireError.Code? {
        switch self {
        case .invalidUTF8: .invalidUTF8
        case .depthLimit: .depthLimitExceeded
        case .fieldNumberAboveMax, .fieldZeroOverlongTag: .invalidFieldNumber
        default: nil
        }
    }

    /// Whether protobuf-c rejects an input with this difference.
    var protobufCRejects: Bool {
        switch self {
        case .knownFieldWrongWireType, .group, .overlongTag, .overlongLengthPrefix: true
        default: false
        }
    }

    /// Whether protobuf-c may reject an input with this difference (undefined behaviour).
    var protobufCMayReject: Bool { self == .mergedSubMessageWithOneof }

    /// Whether the two re-encodings of an input both accept may differ beyond what
    /// `ProtobufCNormalizer` accounts for.
    var changesReencoding: Bool {
        switch self {
        case .mergedSubMessage, .mergedSubMessageWithOneof, .boolWrongWireType, .boolBitsBeyond64:
            true
        default: false
        }
    }
}

/// What ``WireWalker`` found in one input.
struct WireWalk: CustomStringConvertible {
    /// The documented differences the input hits.
    var differences: Set<Difference> = []
    /// The first documented difference RTMWire rejects, in RTMWire's parse order: its error
    /// is the one RTMWire must raise.
    var firstSwiftRejection: Difference?
    /// True when the input breaks a wire rule both decoders enforce (truncation, a length past
    /// the end, a varint over 10 bytes, wire type 6 or 7, a field number 0 in a short tag, a
    /// broken group, ...): both must reject it.
    var malformed = false

    /// Whether RTMWire must accept the input.
    var swiftAccepts: Bool { !malformed && firstSwiftRejection == nil }
    /// Whether protobuf-c must accept the input (true), must reject it (false), or either (nil).
    var protobufCAccepts: Bool? {
        if malformed || differences.contains(where: \.protobufCRejects) { return false }
        return differences.contains(where: \.protobufCMayReject) ? nil : true
    }
    /// Whether the two re-encodings must agree (after ``ProtobufCNormalizer``).
    var reencodingsComparable: Bool { !differences.contains { $0.changesReencoding } }

    var description: String {
        let names = differences.map(\.rawValue).sorted().joined(separator: ", ")
        return "malformed: \(malformed), differences: [\(names)], first RTMWire rejection: "
            + (firstSwiftRejection?.rawValue ?? "none")
    }
}

/// Classifies an input by walking it as RTMWire's decoder does (same order, same depth
/// accounting), with the schema table, noting every documented difference from protobuf-c on
/// the way. Where only RTMWire stops (invalid UTF-8, a field number out of range), the walk
/// goes on as protobuf-c would; where only protobuf-c stops (groups, wrong wire types, long
/// varints), it goes on as RTMWire does. It stops only at a rule both enforce.
struct WireWalker {
    private let bytes: [UInt8]
    private var offset = 0
    private var walk = WireWalk()
    private static let maxDepth = Limits.default.maxDepth
    private static let maxFieldNumber: UInt64 = (1 << 29) - 1

    static func walk(_ bytes: [UInt8], as message: Int) -> WireWalk {
        var walker = WireWalker(bytes: bytes)
        if !walker.walkMessage(message, end: bytes.count, depth: 0) { walker.walk.malformed = true }
        return walker.walk
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func note(_ difference: Difference) {
        walk.differences.insert(difference)
        if difference.swiftError != nil, walk.firstSwiftRejection == nil {
            walk.firstSwiftRejection = difference
        }
    }

    // MARK: Messages

    /// Walks the fields up to `end`; false when the input is malformed.
    private mutating func walkMessage(_ index: Int, end: Int, depth: Int) -> Bool {
        let schema = SchemaTable.messages[index]
        var seenSubMessages = Set<UInt64>()
        var oneofMembers: [Int: UInt64] = [:]
        while offset < end {
            guard let (number, wireType, tagLength) = readTag(end: end) else { return false }
            guard let field = schema.field(number), field.accepts(wireType: wireType) else {
                // Unknown to both, or a known field with a foreign wire type, which RTMWire
                // keeps as an unknown field.
                if let field = schema.field(number), wireType != 3, wireType != 4 {
                    note(field.kind == .bool ? .boolWrongWireType : .knownFieldWrongWireType)
                }
                if tagLength > VarintBytes.size(number << 3 | UInt64(wireType)) {
                    note(.unknownFieldOverlongTag)
                }
                guard skipValue(number: number, wireType: wireType, end: end, depth: depth) else {
                    return false
                }
                continue
            }
            switch field.kind {
            case .varint where wireType == 2, .bool where wireType == 2:
                // A packed run: varints filling the declared length exactly.
                guard let (start, length) = readLength(end: end) else { return false }
                offset = start
                while offset < start + length {
                    guard readVarint(end: start + length) != nil else { return false }
                }
            case .varint:
                guard readVarint(end: end) != nil else { return false }
            case .bool:
                let start = offset
                guard let value = readVarint(end: end) else { return false }
                let protobufCValue = bytes[start..<offset].contains { $0 & 0x7F != 0 }
                if protobufCValue != (value != 0) { note(.boolBitsBeyond64) }
            case .bytes:
                guard readLength(end: end) != nil else { return false }
            case .string:
                guard let (start, length) = readLength(end: end) else { return false }
                let value = bytes[start..<(start + length)]
                if String(validating: value, as: UTF8.self) == nil { note(.invalidUTF8) }
                if value.contains(0) { note(.nulInString) }
            case .message(let subMessage):
                guard let (start, length) = readLength(end: end) else { return false }
                if !field.isRepeated {
                    // RTMWire merges a repeated occurrence into the value it holds; for a oneof
                    // member only while that member is the oneof's current one.
                    let merges =
                        if let oneof = field.oneof { oneofMembers[oneof] == number } else {
                            !seenSubMessages.insert(number).inserted
                        }
                    if merges {
                        note(
                            SchemaTable.mergesOneof[subMessage]
                                ? .mergedSubMessageWithOneof : .mergedSubMessage)
                    }
                }
                // RTMWire checks the depth after the length; protobuf-c has no limit, so the
                // walk goes on into the sub-message.
                if depth >= Self.maxDepth { note(.depthLimit) }
                offset = start
                guard walkMessage(subMessage, end: start + length, depth: depth + 1) else {
                    return false
                }
            }
            if let oneof = field.oneof { oneofMembers[oneof] = number }
        }
        return true
    }

    /// Skips an unknown field's value as RTMWire does; groups are walked to their end.
    private mutating func skipValue(number: UInt64, wireType: UInt8, end: Int, depth: Int) -> Bool {
        switch wireType {
        case 0: return readVarint(end: end) != nil
        case 1: return skip(8, end: end)
        case 2: return readLength(end: end) != nil
        case 5: return skip(4, end: end)
        case 3:
            note(.group)
            return skipGroup(number: number, end: end, depth: depth)
        default:
            // An end-group tag without its start (RTMWire: mismatchedGroupEnd; protobuf-c
            // rejects every group).
            return false
        }
    }

    /// A group: fields up to the end-group tag of the same number. protobuf-c has already
    /// rejected the input (a group), so whatever RTMWire rejects here both reject.
    private mutating func skipGroup(number: UInt64, end: Int, depth: Int) -> Bool {
        guard depth < Self.maxDepth else {
            note(.depthLimit)
            return false
        }
        while offset < end {
            guard let (inner, wireType, _) = readTag(end: end) else { return false }
            if wireType == 4 { return inner == number }
            guard skipValue(number: inner, wireType: wireType, end: end, depth: depth + 1) else {
                return false
            }
        }
        return false
    }

    // MARK: Primitives

    /// Reads a tag. Returns nil when both decoders reject it.
    private mutating func readTag(end: Int) -> (number: UInt64, wireType: UInt8, length: Int)? {
        let first = bytes[offset]
        let start = offset
        guard let raw = readVarint(end: end) else { return nil }
        let length = offset - start
        let number = raw >> 3
        let wireType = UInt8(raw & 7)
        if number == 0 {
            // protobuf-c rejects a tag whose first byte has no field-number bits, and a long
            // one; an over-long encoding of field 0 it keeps (80 00 = field 0, varint).
            guard first & 0xF8 != 0, length <= 5 else { return nil }
            note(.fieldZeroOverlongTag)
        } else if number > Self.maxFieldNumber {
            // A 5-byte tag holds a 32-bit field number for protobuf-c; longer ones it rejects.
            guard length <= 5 else { return nil }
            note(.fieldNumberAboveMax)
        }
        if wireType > 5 { return nil }
        if length > 5 { note(.overlongTag) }
        return (number, wireType, length)
    }

    /// Reads a varint of at most 10 bytes inside the scope ending at `end`; bits beyond 64 are
    /// dropped. Nil when the scope ends first or the varint is longer.
    private mutating func readVarint(end: Int) -> UInt64? {
        guard let (value, length) = VarintBytes.decode(bytes, at: offset, end: end) else {
            return nil
        }
        offset += length
        return value
    }

    /// Reads a length prefix and skips the body; returns the body's start and length. Nil
    /// when the body does not fit in the scope.
    private mutating func readLength(end: Int) -> (start: Int, length: Int)? {
        let prefixStart = offset
        guard let length = readVarint(end: end) else { return nil }
        if offset - prefixStart > 5 { note(.overlongLengthPrefix) }
        guard length <= UInt64(end - offset) else { return nil }
        let start = offset
        offset += Int(length)
        return (start, Int(length))
    }

    private mutating func skip(_ count: Int, end: Int) -> Bool {
        guard end - offset >= count else { return false }
        offset += count
        return true
    }
}
