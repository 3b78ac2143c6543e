/// Reads protobuf wire format from a borrowed buffer.
///
/// A reader is a local of the decoding call that lends it the input's storage
/// (``RTMMessage/init(decoding:options:)``) and must not outlive it. Every read checks the bytes
/// that remain in the current scope (the enclosing sub-message, or the whole input) *before* it
/// moves or allocates, so a length prefix can never make it read or reserve past the input.
public struct WireReader {
    /// Start of the borrowed input. Valid only during the decoding call that made the reader.
    @usableFromInline package let base: UnsafePointer<UInt8>
    /// Total input length; also the end of the outermost scope.
    @usableFromInline package let inputCount: Int
    /// Next byte to read.
    @usableFromInline package var offset: Int
    /// End of the message being read (exclusive).
    @usableFromInline package var end: Int
    /// Number of sub-messages and groups enclosing the current field.
    @usableFromInline package var depth: Int
    @usableFromInline package let maxDepth: Int
    /// True while `end` is a sub-message's (or packed run's) declared end rather than the input's.
    @usableFromInline package var inLengthDelimitedScope = false
    /// True once a string read held U+0000 (found while validating its UTF-8); the semantic
    /// checks scan strings for it only then.
    @usableFromInline package var sawNUL = false

    @usableFromInline
    package init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int) {
        self.base = base
        self.inputCount = count
        self.offset = 0
        self.end = count
        self.depth = 0
        self.maxDepth = maxDepth
    }

    /// True when the current message has no more bytes.
    @inlinable package var isAtEnd: Bool { offset == end }

    // MARK: Errors

    /// The error for a read that would cross the current scope's end: truncation of the input,
    /// or a sub-message whose declared length stops inside one of its fields.
    @usableFromInline
    package func overrun(_ what: String, at position: Int) -> RTMWireError {
        if !inLengthDelimitedScope {
            return RTMWireError(
                code: .truncated, offset: position, detail: "input ends inside \(what)")
        }
        return RTMWireError(
            code: .trailingBytes, offset: position,
            detail: "sub-message ends at byte \(end) inside \(what)")
    }

    // MARK: Primitives

    /// Reads a varint of up to 10 bytes. Bits beyond 64 in a 10th byte are dropped, as Google's
    /// parsers do.
    @inlinable
    package mutating func readVarint() throws(RTMWireError) -> UInt64 {
        // Fast paths for one and two bytes: every tag of these schemas, lengths below 16 KiB.
        if offset < end {
            let first = base[offset]
            if first < 0x80 {
                offset &+= 1
                return UInt64(first)
            }
            if offset &+ 1 < end {
                let second = base[offset &+ 1]
                if second < 0x80 {
                    offset &+= 2
                    return UInt64(first & 0x7F) | UInt64(second) << 7
                }
            }
        }
        return try readVarintSlow()
    }

    @usableFromInline @inline(never)
    package mutating func readVarintSlow() throws(RTMWireError) -> UInt64 {
        let start = offset
        // Up to eight bytes: one word, no byte loop.
        if let (value, length) = Varint.decode(base, at: offset, end: end) {
            offset &+= length
            return value
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end else { throw overrun("a varint", at: start) }
            let byte = base[offset]
            offset += 1
            if shift < 64 { result |= UInt64(byte & 0x7F) << shift }
            if byte < 0x80 { return result }
            shift += 7
            if shift >= 70 {
                throw RTMWireError(
                    code: .varintTooLong, offset: start, detail: "varint longer than 10 bytes")
            }
        }
    }

    /// Reads a little-endian 32-bit value.
    @inlinable
    package mutating func readFixed32() throws(RTMWireError) -> UInt32 {
        guard end - offset >= 4 else { throw overrun("a fixed32 value", at: offset) }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(base[offset + index]) << (8 * index) }
        offset += 4
        return value
    }

    /// Reads a little-endian 64-bit value.
    @inlinable
    package mutating func readFixed64() throws(RTMWireError) -> UInt64 {
        guard end - offset >= 8 else { throw overrun("a fixed64 value", at: offset) }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(base[offset + index]) << (8 * index) }
        offset += 8
        return value
    }

    /// Reads the next tag as its raw varint value (field number << 3 | wire type), not yet
    /// validated: generated decoders switch on the values of their known fields and hand any
    /// other value to ``preserveUnknown(rawTag:tagStart:into:)``, which validates it.
    @inlinable @inline(__always)
    package mutating func readTag() throws(RTMWireError) -> UInt64 {
        try readVarint()
    }

    /// Reads the next tag, or returns nil at the end of the current message.
    @inlinable
    package mutating func nextTag() throws(RTMWireError) -> FieldTag? {
        if offset == end { return nil }
        let start = offset
        let raw: UInt64
        let first = base[offset]
        if first < 0x80 {
            offset += 1
            raw = UInt64(first)
        } else {
            raw = try readVarintSlow()
        }
        return try Self.decodeTag(raw, at: start)
    }

    @usableFromInline
    package static func decodeTag(_ raw: UInt64, at start: Int) throws(RTMWireError) -> FieldTag {
        let number = raw >> 3
        guard number != 0, number <= UInt64(FieldTag.maxFieldNumber) else {
            throw RTMWireError(
                code: .invalidFieldNumber, offset: start,
                detail: "field number \(number) is outside 1...\(FieldTag.maxFieldNumber)")
        }
        guard let wireType = WireType(rawValue: UInt8(raw & 7)) else {
            throw RTMWireError(
                code: .invalidWireType, offset: start,
                detail: "wire type \(raw & 7) of field \(number) is not 0-5")
        }
        return FieldTag(fieldNumber: UInt32(number), wireType: wireType)
    }

    /// Reads a length prefix and returns the body's start; the body is `length` bytes that are
    /// all inside the current scope (checked before anything moves past the prefix).
    @inlinable @inline(__always)
    package mutating func readLengthPrefix() throws(RTMWireError) -> (start: Int, length: Int) {
        // One byte, inline: ids, names and most sub-messages are shorter than 128 bytes.
        if offset < end {
            let length = Int(base[offset])
            if length < 0x80, length < end &- offset {
                let start = offset &+ 1
                offset = start &+ length
                return (start, length)
            }
        }
        return try readLengthPrefixSlow()
    }

    /// ``readLengthPrefix()`` for prefixes of two bytes or more, and every error.
    @usableFromInline
    package mutating func readLengthPrefixSlow() throws(RTMWireError) -> (start: Int, length: Int) {
        let prefixStart = offset
        let length = try readVarint()
        guard length <= UInt64(end - offset) else {
            throw RTMWireError(
                code: .lengthPastEnd, offset: prefixStart,
                detail: "length \(length) exceeds the \(end - offset) bytes that remain")
        }
        let start = offset
        offset += Int(length)
        return (start, Int(length))
    }

    // MARK: Typed values

    /// Reads a length-delimited UTF-8 string; invalid UTF-8 is rejected with the field's path.
    @inlinable
    package mutating func readString(field: StaticString) throws(RTMWireError) -> String {
        let (start, length) = try readLengthPrefix()
        if length == 0 { return "" }
        let buffer = UnsafeBufferPointer(start: base + start, count: length)
        // One pass validates the UTF-8 and looks for U+0000; the string is then created without
        // a second validation.
        guard let scan = UTF8Scan.validate(buffer) else {
            throw RTMWireError.invalidUTF8(field: field, offset: start)
        }
        if scan.containsNUL { sawNUL = true }
        return UTF8Scan.string(validated: buffer, isASCII: scan.isASCII)
    }

    /// Reads a length-delimited byte string.
    @inlinable
    package mutating func readBytes() throws(RTMWireError) -> [UInt8] {
        let (start, length) = try readLengthPrefix()
        if length == 0 { return [] }
        return Array(UnsafeBufferPointer(start: base + start, count: length))
    }

    /// Decodes a length-delimited sub-message into `message`, merging with what it holds
    /// (protobuf's rule for a sub-message that occurs more than once).
    @inlinable
    package mutating func mergeMessage<M: RTMMessage>(
        _ message: inout M, field: StaticString
    ) throws(RTMWireError) {
        try withSubMessage(field: field) { reader throws(RTMWireError) in
            try message._merge(from: &reader)
        }
    }

    /// Reads a length-delimited sub-message's prefix and lends `body` the reader scoped to the
    /// sub-message (one level deeper, within ``maxDepth``); errors get `field` in their path.
    @inlinable
    package mutating func withSubMessage<Result>(
        field: StaticString, _ body: (inout WireReader) throws(RTMWireError) -> Result
    ) throws(RTMWireError) -> Result {
        let saved = try enterSubMessage(field: field)
        let result: Result
        do {
            result = try body(&self)
        } catch {
            throw error.prefixingPath(field: field)
        }
        leaveSubMessage(saved)
        return result
    }

    /// What entering a sub-message replaced, restored when leaving it.
    @usableFromInline
    package struct SubMessageScope {
        @usableFromInline let end: Int
        @usableFromInline let inLengthDelimitedScope: Bool

        @inlinable
        init(end: Int, inLengthDelimitedScope: Bool) {
            self.end = end
            self.inLengthDelimitedScope = inLengthDelimitedScope
        }
    }

    /// Reads a length-delimited sub-message's prefix and scopes the reader to its body, one
    /// level deeper (within ``maxDepth``); ``leaveSubMessage(_:)`` undoes it. The two halves of
    /// ``withSubMessage(field:_:)``, for a caller that would otherwise need a second closure.
    @inlinable @inline(__always)
    package mutating func enterSubMessage(field: StaticString) throws(RTMWireError)
        -> SubMessageScope
    {
        let prefixStart = offset
        let (start, length) = try readLengthPrefix()
        guard depth < maxDepth else {
            throw .depthLimit(field: field, offset: prefixStart, depth: depth, maxDepth: maxDepth)
        }
        let saved = SubMessageScope(end: end, inLengthDelimitedScope: inLengthDelimitedScope)
        offset = start
        end = start + length
        inLengthDelimitedScope = true
        depth += 1
        return saved
    }

    /// Returns the reader to the message that encloses the sub-message it entered.
    @inlinable @inline(__always)
    package mutating func leaveSubMessage(_ saved: SubMessageScope) {
        depth -= 1
        end = saved.end
        inLengthDelimitedScope = saved.inLengthDelimitedScope
    }

    /// Appends one varint (`packed == false`) or a packed run of varints to `values`,
    /// converting each with `convert`.
    @inlinable
    package mutating func readRepeatedVarint<T>(
        packed: Bool, into values: inout [T], _ convert: (UInt64) -> T
    ) throws(RTMWireError) {
        try forEachRepeatedVarint(packed: packed) { count in
            values.reserveCapacity(values.count &+ count)
        } _: { value in
            values.append(convert(value))
        }
    }

    /// Reads one varint (`packed == false`) or a packed run of varints, handing each to `body`;
    /// for a run, `willRead` first learns how many values it holds.
    @inlinable
    package mutating func forEachRepeatedVarint(
        packed: Bool, _ willRead: (Int) -> Void = { _ in }, _ body: (UInt64) -> Void
    ) throws(RTMWireError) {
        if !packed {
            body(try readVarint())
            return
        }
        // Packed: the run is bounded by its length prefix, itself checked against the input.
        let (start, length) = try readLengthPrefix()
        // Every varint ends with exactly one byte below 0x80, so counting those bytes gives the
        // number of values: an exact reservation, never more than the bytes present.
        var count = 0
        for index in start..<(start &+ length) where base[index] < 0x80 { count &+= 1 }
        willRead(count)
        let savedEnd = end
        let savedScope = inLengthDelimitedScope
        let resume = offset
        offset = start
        end = start &+ length
        inLengthDelimitedScope = true
        while offset < end { body(try readVarint()) }
        end = savedEnd
        inLengthDelimitedScope = savedScope
        offset = resume
    }

    /// Appends `element`, whose field (tag included) started at `fieldStart` and ended at
    /// `offset`, to the repeated field `values`; see ``reserveRepeated(_:fieldStart:)``.
    @inlinable
    package func appendRepeated<T>(_ element: consuming T, to values: inout [T], fieldStart: Int) {
        if values.isEmpty { reserveRepeated(&values, fieldStart: fieldStart) }
        values.append(element)
    }

    /// Decodes the next length-delimited sub-message, whose field starts at `fieldStart`, as a
    /// new last element of `values`, merging it in place (no copy into the array); see
    /// ``reserveRepeated(_:fieldStart:)``.
    @inlinable
    package mutating func mergeRepeatedMessage<M: RTMMessage>(
        into values: inout [M], field: StaticString, fieldStart: Int
    ) throws(RTMWireError) {
        values.append(M())
        try mergeMessage(&values[values.count &- 1], field: field)
        if values.count == 1 { reserveRepeated(&values, fieldStart: fieldStart) }
    }

    /// Called at the first element of a repeated field, whose field started at `fieldStart` and
    /// ends at `offset`: reserves room for as many elements as would fit in the rest of the
    /// current message if they were all that size (repeated fields are usually uniform: ids,
    /// items), so that a long run appends without regrowing. The reservation is bounded by the
    /// bytes present and by ``firstReservationLimit``, never by a count read from the input.
    @inlinable
    package func reserveRepeated<T>(_ values: inout [T], fieldStart: Int) {
        let fieldBytes = Swift.max(offset &- fieldStart, 1)
        let fitting = (end &- fieldStart) / fieldBytes
        values.reserveCapacity(Swift.min(fitting, Self.firstReservationLimit))
    }

    /// The most elements ``reserveRepeated(_:fieldStart:)`` reserves.
    @usableFromInline package static let firstReservationLimit = 1024

    // MARK: Unknown fields

    /// Validates the raw tag `rawTag` (read by ``readTag()`` at `tagStart`) and preserves its
    /// field in `unknown`: the path of every field a generated decoder does not know, including a
    /// known field number with an unexpected wire type.
    @usableFromInline
    package mutating func preserveUnknown(
        rawTag: UInt64, tagStart: Int, into unknown: inout UnknownFields
    ) throws(RTMWireError) {
        try preserveUnknown(
            Self.decodeTag(rawTag, at: tagStart), tagStart: tagStart, into: &unknown)
    }

    /// Skips the field whose tag started at `tagStart` and appends its bytes, tag included, to
    /// `unknown` verbatim.
    @usableFromInline
    package mutating func preserveUnknown(
        _ tag: FieldTag, tagStart: Int, into unknown: inout UnknownFields
    ) throws(RTMWireError) {
        try skipValue(tag, tagStart: tagStart)
        unknown.bytes.append(
            contentsOf: UnsafeBufferPointer(start: base + tagStart, count: offset - tagStart))
    }

    /// Skips the value of a field of any wire type; groups are walked to their matching end.
    @usableFromInline
    package mutating func skipValue(_ tag: FieldTag, tagStart: Int) throws(RTMWireError) {
        switch tag.wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readLengthPrefix()
        case .startGroup: try skipGroup(number: tag.fieldNumber, tagStart: tagStart)
        case .endGroup:
            throw RTMWireError(
                code: .mismatchedGroupEnd, offset: tagStart,
                detail: "end-group tag for field \(tag.fieldNumber) without a matching start")
        }
    }

    @usableFromInline
    package mutating func skipGroup(number: UInt32, tagStart: Int) throws(RTMWireError) {
        guard depth < maxDepth else {
            throw RTMWireError(
                code: .depthLimitExceeded, offset: tagStart,
                limit: .init(name: "maxDepth", allowed: maxDepth, actual: depth + 1),
                detail: "groups nested deeper than \(maxDepth)")
        }
        depth += 1
        while true {
            let innerStart = offset
            guard let inner = try nextTag() else {
                throw RTMWireError(
                    code: .unterminatedGroup, offset: tagStart,
                    detail: "group \(number) has no end-group tag")
            }
            if inner.wireType == .endGroup {
                guard inner.fieldNumber == number else {
                    throw RTMWireError(
                        code: .mismatchedGroupEnd, offset: innerStart,
                        detail:
                            "end-group tag for field \(inner.fieldNumber) closes group \(number)")
                }
                depth -= 1
                return
            }
            try skipValue(inner, tagStart: innerStart)
        }
    }
}
