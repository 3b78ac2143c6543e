/// One field record of protobuf binary: where its tag starts, where its value starts and ends.
/// The mutator and the divergence classifier split messages into records without decoding them.
struct WireRecord: Sendable, Hashable {
    /// The field number.
    var number: UInt64
    /// The wire type (0 varint, 1 fixed64, 2 length-delimited, 3 a group with its end tag, 5
    /// fixed32).
    var wireType: UInt8
    /// The whole record: tag, length prefix (wire type 2) and value.
    var record: Range<Int>
    /// Where the tag ends (a padded tag is longer than its value needs).
    var tagEnd: Int
    /// The value: the varint, the fixed bytes, the length-delimited payload, or a group's
    /// records.
    var value: Range<Int>

    /// Splits `bytes` into records, or nil when they are not a well-formed sequence of records
    /// (a truncated varint or value, an unmatched group tag, wire type 6 or 7). Never reads out
    /// of bounds.
    static func split(_ bytes: [UInt8]) -> [WireRecord]? {
        let (records, complete) = splitPrefix(bytes)
        return complete ? records : nil
    }

    /// The well-formed records `bytes` starts with, and whether they are all of it.
    static func splitPrefix(_ bytes: [UInt8]) -> (records: [WireRecord], complete: Bool) {
        var records: [WireRecord] = []
        var index = 0
        while index < bytes.count {
            let start = index
            guard let tag = readVarint(bytes, &index), tag >> 3 != 0 else {
                return (records, false)
            }
            let tagEnd = index
            let wireType = UInt8(tag & 7)
            let valueStart: Int
            switch wireType {
            case 0:
                valueStart = index
                guard readVarint(bytes, &index) != nil else { return (records, false) }
            case 1, 5:
                valueStart = index
                let width = wireType == 1 ? 8 : 4
                guard bytes.count - index >= width else { return (records, false) }
                index += width
            case 2:
                guard let length = readVarint(bytes, &index), length <= UInt64(bytes.count - index)
                else { return (records, false) }
                valueStart = index
                index += Int(length)
            case 3:
                // A group: its records up to the end-group tag of the same number, nested
                // groups included. The value is what lies between the two tags.
                valueStart = index
                var depth = 1
                var valueEnd = index
                while depth > 0 {
                    valueEnd = index
                    guard let inner = readVarint(bytes, &index), inner >> 3 != 0 else {
                        return (records, false)
                    }
                    switch inner & 7 {
                    case 0: guard readVarint(bytes, &index) != nil else { return (records, false) }
                    case 1, 5:
                        let width = inner & 7 == 1 ? 8 : 4
                        guard bytes.count - index >= width else { return (records, false) }
                        index += width
                    case 2:
                        guard let length = readVarint(bytes, &index),
                            length <= UInt64(bytes.count - index)
                        else { return (records, false) }
                        index += Int(length)
                    case 3: depth += 1
                    case 4: depth -= 1
                    default: return (records, false)
                    }
                    if depth == 0, inner >> 3 != tag >> 3 { return (records, false) }
                }
                records.append(
                    WireRecord(
                        number: tag >> 3, wireType: 3, record: start..<index, tagEnd: tagEnd,
                        value: valueStart..<valueEnd))
                continue
            default:
                return (records, false)
            }
            records.append(
                WireRecord(
                    number: tag >> 3, wireType: wireType, record: start..<index, tagEnd: tagEnd,
                    value: valueStart..<index))
        }
        return (records, true)
    }

    /// `bytes` with this length-delimited record's value replaced by `payload`, its length
    /// prefix rewritten to match.
    func replacingValue(in bytes: [UInt8], with payload: [UInt8]) -> [UInt8] {
        Array(bytes[..<tagEnd]) + Self.varint(UInt64(payload.count)) + payload
            + bytes[record.upperBound...]
    }

    /// Reads a varint of at most 10 bytes at `index`, advancing it; nil when it is cut short or
    /// longer than 10 bytes.
    static func readVarint(_ bytes: [UInt8], _ index: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count, shift < 70 {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// `value` as a minimal varint.
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
        return out
    }
}
