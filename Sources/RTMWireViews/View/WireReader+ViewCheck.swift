// The one pass that makes a view safe to read: the generated `_checkView` of each message walks
// its fields with these, applying the decoder's wire rules (the same functions and errors as
// `_merge`) without creating a value, and records what the semantic checks of the decoder would
// refuse (repeated-field counts; U+0000 when strings are checked) in a `ViewViolation`, to be
// thrown after the walk, as the decoder throws them after decoding. `withView` walks without
// checking strings; a string that fails when read walks again with them, to find the decoder's
// error.

import RTMWire

extension WireReader {
    /// Checks a varint as `readVarint()` does (the same errors) without computing its value.
    @inlinable @inline(__always)
    mutating func _skipVarint() throws(RTMWireError) {
        let limit = Swift.min(end, offset &+ 10)
        var index = offset
        while index < limit {
            if base[index] < 0x80 {
                offset = index &+ 1
                return
            }
            index &+= 1
        }
        _ = try readVarintSlow()  // throws the decoder's error (truncated, or too long)
    }

    /// Checks a length-delimited field's prefix and moves past its body: `readLengthPrefix()`,
    /// whose inline one-byte path already makes lengths below 128 one comparison.
    @inlinable @inline(__always)
    mutating func _skipLengthDelimited() throws(RTMWireError) {
        _ = try readLengthPrefix()
    }

    /// Checks a length-delimited string as `readString(field:)` does (UTF-8) without creating
    /// it, or only its length when not `validating`; returns whether it contains U+0000.
    @inlinable
    mutating func _checkString(field: StaticString, validating: Bool) throws(RTMWireError) -> Bool {
        if !validating {
            try _skipLengthDelimited()
            return false
        }
        let (start, length) = try readLengthPrefix()
        if length == 0 { return false }
        let buffer = UnsafeBufferPointer(start: base + start, count: length)
        guard let scan = UTF8Scan.validate(buffer) else {
            throw RTMWireError.invalidUTF8(field: field, offset: start)
        }
        return scan.containsNUL
    }

    /// Checks a length-delimited sub-message of type `M` as `mergeMessage(_:field:)` would
    /// decode it (same depth limit, same error paths). A semantic violation it finds, when none
    /// was recorded before, is recorded in `violation` with `field` (and the element's `index`
    /// in a repeated field) prefixed to its path. A walk that only records skips it by its length.
    @inlinable
    mutating func _checkMessage<M: RTMViewable>(
        _ type: M.Type, field: StaticString, index: Int? = nil, options: CodecOptions,
        strings: Bool, _ violation: inout ViewViolation
    ) throws(RTMWireError) {
        if violation.recordsOnly { return try _skipLengthDelimited() }
        let wasEmpty = violation.isEmpty
        try withSubMessage(field: field) { reader throws(RTMWireError) in
            try M._checkView(&reader, options, strings: strings, &violation)
        }
        if wasEmpty, !violation.isEmpty { violation.prefixPath(field, index: index) }
    }

    /// Checks one varint (`packed == false`) or a packed run of them; returns how many values
    /// they hold.
    @inlinable
    mutating func _checkRepeatedVarint(packed: Bool) throws(RTMWireError) -> Int {
        var count = 0
        try forEachRepeatedVarint(packed: packed) { _ in count &+= 1 }
        return count
    }

    /// Checks a field that a generated checker does not know, as `preserveUnknown(rawTag:tagStart:into:)`
    /// does, without keeping it.
    @inlinable
    mutating func _skipUnknown(rawTag: UInt64, tagStart: Int) throws(RTMWireError) {
        try skipValue(Self.decodeTag(rawTag, at: tagStart), tagStart: tagStart)
    }

    // The one pass of a root view (the generated `init(_checking:)`): the same checks as
    // `_checkView` without strings, each also returning where the field it checked is.

    /// Checks a length-delimited field's prefix, as `_skipLengthDelimited()` does, and returns
    /// where its value is.
    @inlinable @inline(__always)
    mutating func _viewLengthDelimited(tag: UInt64, tagStart: Int) throws(RTMWireError)
        -> ViewField
    {
        let (start, length) = try readLengthPrefix()
        return ViewField(tag: tag, tagStart: tagStart, start: start, end: start &+ length)
    }

    /// Checks a varint, as `_skipVarint()` does, and returns where its bytes are.
    @inlinable
    mutating func _viewVarint(tag: UInt64, tagStart: Int) throws(RTMWireError) -> ViewField {
        let start = offset
        try _skipVarint()
        return ViewField(tag: tag, tagStart: tagStart, start: start, end: offset)
    }

    /// Checks a sub-message with `record` (a generated view's `_record`, which checks it as
    /// ``_checkMessage(_:field:index:options:strings:_:)`` does without strings and records its
    /// fields) and returns where its body is.
    @inlinable @inline(__always)
    mutating func _viewMessage(
        tag: UInt64, tagStart: Int, field: StaticString, _ violation: inout ViewViolation,
        _ record: (inout WireReader, inout ViewViolation) throws(RTMWireError) -> Void
    ) throws(RTMWireError) -> ViewField {
        // `withSubMessage`'s halves, so that `record` is called directly rather than through a
        // second closure.
        let wasEmpty = violation.isEmpty
        let saved = try enterSubMessage(field: field)
        let start = offset
        do {
            try record(&self, &violation)
        } catch {
            throw error.prefixingPath("\(field)")
        }
        leaveSubMessage(saved)
        if wasEmpty, !violation.isEmpty { violation.prefixPath(field, index: nil) }
        return ViewField(tag: tag, tagStart: tagStart, start: start, end: offset)
    }
}
