/// The interoperability profile of `Vectors/README.md`: the byte forms that every runtime the
/// vectors record (Python, protobuf-c, C++, Java, Java lite, Go) reads the same way, and so what
/// an encoder must emit to be read correctly everywhere:
///
/// - fields in ascending field-number order, each singular field and each sub-message once (in
///   one piece), at most one member of each oneof;
/// - minimal varints for values, tags and lengths (a 10-byte varint ends in `01`);
/// - repeated scalars as one packed run; bools as 0 or 1; a `uint32` within 32 bits, an
///   `int32` or enum within int32 (a negative one sign-extended);
/// - strings in valid UTF-8 without U+0000;
/// - no groups, no unknown fields, no field with another wire type than its own;
/// - nesting of at most 32 levels.
///
/// ``violations(in:as:)`` walks bytes with the schema (`SchemaTable`, generated from `Schemas/` by
/// `Scripts/generate-swift`) and lists where they leave the profile. Default values written
/// explicitly are read the same everywhere and stay inside it.
public enum InteropProfile {
    /// The rule a violation breaks.
    public enum Rule: String, Sendable, Hashable {
        /// The bytes are not a well-formed message at all (truncated, bad wire type, ...).
        case malformed
        /// A field number the schema does not define.
        case unknownField
        /// A field with another wire type than the schema's (a group, a packed singular, ...).
        case wireType
        /// A field number lower than the one before it.
        case fieldOrder
        /// A singular field, a sub-message or a packed run given more than once.
        case repeatedField
        /// A second member of a oneof.
        case oneofMembers
        /// A varint (value, tag or length) longer than its value needs.
        case nonMinimalVarint
        /// A repeated scalar written unpacked.
        case unpacked
        /// A bool other than 0 or 1.
        case boolValue
        /// A `uint32` value that does not fit 32 bits, or an `int32` or enum value outside
        /// int32 as a sign-extended 64-bit number (nanopb refuses it or writes it back in 5
        /// bytes, others truncate it).
        case valueRange
        /// A string that is not UTF-8, or holds U+0000.
        case string
        /// Nesting deeper than 32.
        case depth
    }

    /// Where bytes leave the profile.
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// The rule broken.
        public var rule: Rule
        /// The byte offset in the input.
        public var offset: Int
        /// The message type and field concerned.
        public var detail: String

        public var description: String { "\(rule.rawValue) at byte \(offset): \(detail)" }
    }

    /// The deepest nesting inside the profile: RTMWire's default `maxDepth`.
    public static let maxDepth = 32

    /// Whether a varint is an int32 as protobuf writes one: below 2^31, or a negative value
    /// sign-extended to 64 bits.
    static func fitsInt32(_ value: UInt64) -> Bool {
        value <= UInt64(Int32.max) || value >= UInt64(bitPattern: Int64(Int32.min))
    }

    /// Every place where `bytes`, a message of type `typeName`, leave the profile; empty when
    /// they are inside it. A malformed input ends the walk with one `.malformed` violation.
    public static func violations(in bytes: [UInt8], as typeName: String) -> [Violation] {
        var walker = Walker(bytes: bytes)
        walker.message(SchemaTable.index(of: typeName), from: 0, to: bytes.count)
        return walker.found
    }

    /// Ends a walk: the bytes are malformed, or hold a group (whose contents the schema does
    /// not describe).
    private struct Stop: Error {
        var malformed = true
    }

    private struct Walker {
        let bytes: [UInt8]
        var found: [Violation] = []

        mutating func note(_ rule: Rule, _ offset: Int, _ detail: String) {
            found.append(Violation(rule: rule, offset: offset, detail: detail))
        }

        /// Reads a varint, noting a non-minimal one; throws past `end` or beyond 10 bytes.
        mutating func varint(_ position: inout Int, _ end: Int, _ what: String) throws(Stop)
            -> UInt64
        {
            let start = position
            var value: UInt64 = 0
            for index in 0..<10 {
                guard position < end else { throw Stop() }
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << (7 * UInt64(index))
                if byte < 0x80 {
                    let length = position - start
                    if length > 1 && (byte == 0 || (length == 10 && byte != 1)) {
                        note(.nonMinimalVarint, start, "\(what) in \(length) bytes")
                    }
                    return value
                }
            }
            throw Stop()
        }

        /// Walks a top-level message; `index` is its place in `SchemaTable.messages` (nil
        /// for a type the schemas do not have: every field is then unknown).
        mutating func message(_ index: Int?, from start: Int, to end: Int) {
            do {
                try fields(index, from: start, to: end, depth: 0)
            } catch {
                if error.malformed { note(.malformed, start, "not a well-formed message") }
            }
        }

        mutating func fields(_ index: Int?, from start: Int, to end: Int, depth: Int)
            throws(Stop)
        {
            let schema = index.map { SchemaTable.messages[$0] }
            let typeName = schema?.fullName ?? "an unknown type"
            var position = start
            var previous = 0
            var seen: Set<Int> = []
            var oneofs: [Int: Int] = [:]  // oneof index -> the member seen
            while position < end {
                let tagStart = position
                let tag = try varint(&position, end, "a tag")
                let number = Int(truncatingIfNeeded: tag >> 3)
                let wireType = Int(tag & 7)
                guard tag >> 3 >= 1, tag >> 3 <= (1 << 29) - 1 else { throw Stop() }
                let label = "\(typeName) field \(number)"
                if wireType == 3 || wireType == 4 {
                    note(.wireType, tagStart, "\(label) is a group")
                    throw Stop(malformed: false)
                }
                guard [0, 1, 2, 5].contains(wireType) else { throw Stop() }
                let shape = schema?.field(UInt64(number))
                if number < previous {
                    note(.fieldOrder, tagStart, "\(label) after field \(previous)")
                }
                let repeatsInPlace = shape.map { $0.isRepeated && !$0.isPackable } ?? true
                if seen.contains(number) && !(repeatsInPlace && number == previous) {
                    note(.repeatedField, tagStart, "\(label) given again")
                }
                if let oneof = shape?.oneof {
                    if let other = oneofs[oneof], other != number {
                        note(.oneofMembers, tagStart, "\(label) after oneof member \(other)")
                    }
                    oneofs[oneof] = number
                }
                previous = max(previous, number)
                seen.insert(number)

                var value: UInt64 = 0
                var payloadEnd = position
                switch wireType {
                case 0: value = try varint(&position, end, "\(label)'s value")
                case 1: position += 8
                case 5: position += 4
                default:
                    let length = try varint(&position, end, "\(label)'s length")
                    guard length <= UInt64(end - position) else { throw Stop() }
                    payloadEnd = position + Int(length)
                }
                guard position <= end else { throw Stop() }
                let payload = position
                position = max(position, payloadEnd)
                guard let shape else {
                    note(.unknownField, tagStart, label)
                    continue
                }
                let packed = shape.isRepeated && shape.isPackable
                if wireType != (packed ? 2 : Int(shape.valueWireType)) {
                    let rule: Rule = packed ? .unpacked : .wireType
                    note(rule, tagStart, "\(label) as wire type \(wireType)")
                }
                switch (shape.kind, wireType) {
                case (.bool, 0) where value > 1:
                    note(.boolValue, payload, "\(label) is \(value)")
                case (.varint, 0) where shape.valueBits == 32 && value > UInt64(UInt32.max):
                    note(.valueRange, payload, "\(label) is \(value), past 32 bits")
                case (.varint, 0) where shape.isSigned32 && !InteropProfile.fitsInt32(value):
                    note(.valueRange, payload, "\(label) is \(value), outside int32")
                case (.varint, 2) where shape.isRepeated, (.bool, 2) where shape.isRepeated:
                    var inner = payload
                    while inner < payloadEnd {
                        let at = inner
                        let item = try varint(&inner, payloadEnd, "a value of \(label)")
                        if shape.kind == .bool && item > 1 {
                            note(.boolValue, at, "\(label) holds \(item)")
                        } else if shape.valueBits == 32 && item > UInt64(UInt32.max) {
                            note(.valueRange, at, "\(label) holds \(item), past 32 bits")
                        } else if shape.isSigned32 && !InteropProfile.fitsInt32(item) {
                            note(.valueRange, at, "\(label) holds \(item), outside int32")
                        }
                    }
                case (.string, 2):
                    let text = bytes[payload..<payloadEnd]
                    if String(validating: text, as: UTF8.self) == nil {
                        note(.string, payload, "\(label) is not UTF-8")
                    } else if text.contains(0) {
                        note(.string, payload, "\(label) holds U+0000")
                    }
                case (.message(let inner), 2):
                    if depth + 1 > InteropProfile.maxDepth {
                        note(.depth, tagStart, "\(label) at depth \(depth + 1)")
                    } else {
                        try fields(inner, from: payload, to: payloadEnd, depth: depth + 1)
                    }
                default:
                    break
                }
            }
        }
    }
}
