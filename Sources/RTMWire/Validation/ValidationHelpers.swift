extension RTMWireError {
    /// The ``Code/invalidUTF8`` error of the string field `field` whose bytes start at `offset`.
    @usableFromInline
    package static func invalidUTF8(field: StaticString, offset: Int) -> RTMWireError {
        RTMWireError(
            code: .invalidUTF8, fieldPath: "\(field)", offset: offset,
            detail: "string field holds invalid UTF-8")
    }

    /// The ``Code/depthLimitExceeded`` error of the sub-message `field` whose length prefix
    /// starts at `offset`, entered at `depth` (at least `maxDepth`). Out of line: every message type's
    /// sub-message scope would otherwise carry its own copy of this cold path.
    @usableFromInline @inline(never)
    package static func depthLimit(field: StaticString, offset: Int, depth: Int, maxDepth: Int)
        -> RTMWireError
    {
        RTMWireError(
            code: .depthLimitExceeded, fieldPath: "\(field)", offset: offset,
            limit: .init(name: "maxDepth", allowed: maxDepth, actual: depth + 1),
            detail: "messages nested deeper than \(maxDepth)")
    }

    /// A ``Code/limitExceeded`` error.
    package static func limit(
        _ name: String, allowed: Int, actual: some BinaryInteger, path: String, detail: String
    ) -> RTMWireError {
        RTMWireError(
            code: .limitExceeded, fieldPath: path,
            limit: LimitViolation(name: name, allowed: allowed, actual: actual), detail: detail)
    }

    /// A ``Code/missingField`` error.
    package static func missing(_ path: String, _ detail: String) -> RTMWireError {
        RTMWireError(code: .missingField, fieldPath: path, detail: detail)
    }

    /// A ``Code/invalidValue`` error.
    package static func invalid(_ path: String, _ detail: String) -> RTMWireError {
        RTMWireError(code: .invalidValue, fieldPath: path, detail: detail)
    }
}

/// Rules shared by many messages; generated `_validate` methods and the hand-written rules in
/// this folder call them.
package enum Rules {
    /// Refuses a negative time in ms since the Unix epoch: the schema documents times as 0 (not
    /// stamped or unknown) or later, and a negative one is a clock or encoding bug on the way to
    /// a reader that would show 1969 or order the message first.
    @inline(__always)
    package static func notNegative(_ milliseconds: Int64, _ path: @autoclosure () -> String)
        throws(RTMWireError)
    {
        if milliseconds < 0 {
            throw RTMWireError.invalid(
                path(), "a time cannot be negative (\(milliseconds) ms before the Unix epoch)")
        }
    }

    /// Rejects U+0000 in a string. Google's parsers accept it, but protobuf-c stores strings
    /// NUL-terminated and silently cuts them there on re-pack, so a checked message never
    /// carries one to a C peer. Wire-only decoding keeps it, as Google does.
    /// Out of line: the walks call it only when asked to scan (the decoder and the encoders
    /// look for U+0000 as they copy strings), and inlined, its word-at-a-time scan was copied into
    /// every string field of every message type.
    @inline(never)
    package static func noNUL(_ value: String, _ path: StaticString) throws(RTMWireError) {
        if UTF8Scan.containsNUL(value) { throw nulViolation(path) }
    }

    /// The error of a string field at `path` that holds U+0000.
    @inline(never)
    package static func nulViolation(_ path: StaticString) -> RTMWireError {
        RTMWireError.invalid(
            "\(path)", "string contains U+0000, which C peers (protobuf-c) truncate at")
    }

    /// Enforces ``Limits/maxRepeatedCount`` on one repeated field.
    @inline(__always)
    package static func count(_ count: Int, _ limits: Limits, _ path: StaticString)
        throws(RTMWireError)
    {
        if count > limits.maxRepeatedCount { throw countViolation(count, limits, path) }
    }

    /// The error of the repeated field at `path` holding `count` entries, more than
    /// ``Limits/maxRepeatedCount``. Out of line, as every error path: it is cold, and each
    /// repeated field of every message type would otherwise carry a copy.
    @inline(never)
    package static func countViolation(_ count: Int, _ limits: Limits, _ path: StaticString)
        -> RTMWireError
    {
        RTMWireError.limit(
            "maxRepeatedCount", allowed: limits.maxRepeatedCount, actual: count,
            path: "\(path)", detail: "too many entries")
    }

    /// Whether two ids are the same, byte for byte (UTF-8), as every other runtime and the
    /// vectors' rules compare them; Swift's `==` would equate canonically equivalent spellings
    /// (a precomposed é and e + U+0301) that a peer keeps apart.
    @inline(__always)
    package static func sameID(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// Requires a non-empty string.
    @inline(__always)
    package static func required(_ value: String, _ path: String) throws(RTMWireError) {
        if value.isEmpty { throw RTMWireError.missing(path, "required and empty") }
    }

    /// Requires a member of a oneof. A member of a newer schema version (an unknown field in the
    /// oneof's reserved room) counts: an older reader accepts and forwards it rather than
    /// refusing what it cannot see.
    package static func requiredMember<Known>(
        _ member: OneofMember<Known>, _ path: String, _ detail: String
    ) throws(RTMWireError) {
        if case .absent = member { throw RTMWireError.missing(path, detail) }
    }

    /// Requires non-empty strings that all differ byte for byte (user ids), naming the first
    /// offender by index.
    package static func distinctIDs(_ values: [String], _ path: String) throws(RTMWireError) {
        var seen = ByteStrings(capacity: values.count)
        for (index, value) in values.enumerated() {
            if value.isEmpty {
                throw RTMWireError.missing("\(path)[\(index)]", "required and empty")
            }
            if !seen.insert(value) {
                throw RTMWireError.invalid("\(path)[\(index)]", "\"\(value)\" occurs twice")
            }
        }
    }

    /// Enforces one limit: `actual` at most `allowed`, else a ``Code/limitExceeded`` naming
    /// the ``Limits`` property `name`.
    package static func atMost(
        _ actual: Int, _ allowed: Int, _ name: String, _ path: String, _ detail: String
    ) throws(RTMWireError) {
        if actual > allowed {
            throw RTMWireError.limit(
                name, allowed: allowed, actual: actual, path: path, detail: detail)
        }
    }

    /// The size of a page a request asks for: at least one entry (0 is a question without
    /// meaning: ``RTMWireError/Code/invalidValue``), at most `limit`, the ``Limits`` property
    /// `name`.
    package static func pageSize(
        _ size: UInt32, _ limit: Int, _ name: String, _ path: String, _ what: String
    ) throws(RTMWireError) {
        if size == 0 {
            throw RTMWireError.invalid(path, "a page holds at least one \(what)")
        }
        try atMost(Int(size), limit, name, path, "the page asked for is too large")
    }

    /// Enforces a byte-size limit on one string.
    package static func maxBytes(
        _ value: String, _ limit: Int, _ name: String, _ path: String, _ what: String
    ) throws(RTMWireError) {
        // The detail is built only for an error: an interpolated string of more than 15 bytes
        // is a heap allocation, two per metadata item when it was built for every check.
        let count = value.utf8.count
        if count > limit { try atMost(count, limit, name, path, "\(what) is too long") }
    }

    /// Enforces ``Limits/maxContentBytes`` on the content of one message.
    package static func contentBudget(
        _ bytes: Int, _ limits: Limits, _ path: String, counting fields: [String] = []
    ) throws(RTMWireError) {
        guard bytes > limits.maxContentBytes else { return }
        let what =
            fields.count > 1
            ? fields.dropLast().joined(separator: ", ") + " and " + fields.last!
                + " together exceed"
            : (fields.first ?? path) + " exceeds"
        try atMost(
            bytes, limits.maxContentBytes, "maxContentBytes", path,
            "\(what) the content budget")
    }

    /// Enforces ``Limits/maxMediaBytes`` on an uploaded media size. 0 is "unknown": a message
    /// sent by media id alone (Agora's createImageMessageByMediaId) has no size to give.
    package static func mediaSize(_ size: UInt64, _ limits: Limits, _ path: String)
        throws(RTMWireError)
    {
        if size > UInt64(limits.maxMediaBytes) {
            throw RTMWireError.limit(
                "maxMediaBytes", allowed: limits.maxMediaBytes,
                actual: size, path: path, detail: "uploaded media is too large")
        }
    }

    /// The entries of a message's app data or of an update's `set`: at most
    /// ``Limits/maxAppDataEntries``, no key twice (each entry's own rules are its type's).
    package static func appData(_ entries: [AppDataEntry], _ limits: Limits, _ path: String)
        throws(RTMWireError)
    {
        try atMost(
            entries.count, limits.maxAppDataEntries, "maxAppDataEntries", path,
            "too many app data entries")
        guard entries.count > 1 else { return }
        var keys = ByteStrings(capacity: entries.count)
        for (index, entry) in entries.enumerated() where !keys.insert(entry.key) {
            throw RTMWireError.invalid(
                "\(path)[\(index)].key", "the key \(entry.key) is there twice")
        }
    }

    /// The rules of an uploaded-media body (image or file): a media id, a size in range, an
    /// expiry that is not negative, and caption + display file name + thumbnail within the
    /// content budget.
    package static func media(
        mediaID: String, size: UInt64, expireTimeMs: Int64, caption: Int, fileName: Int,
        thumbnail: Int, _ limits: Limits
    ) throws(RTMWireError) {
        try required(mediaID, "media_id")
        try mediaSize(size, limits, "size")
        try notNegative(expireTimeMs, "expire_time_ms")
        let total = caption + fileName + thumbnail
        guard total > limits.maxContentBytes else { return }
        // Name the fields that hold bytes, so the error says what to shorten.
        let present = [
            (caption, "caption"), (fileName, "display file name"), (thumbnail, "thumbnail"),
        ].filter { $0.0 > 0 }.map { $0.1 }
        try contentBudget(total, limits, "thumbnail", counting: present)
    }
}

/// A set of strings compared byte for byte, as protobuf and every other runtime compare them.
/// (A `Set<String>` compares by Unicode canonical equivalence: it would take "é" precomposed and
/// "e" + U+0301 for the same id or reaction key.)
package struct ByteStrings {
    private var seen: Set<[UInt8]>

    package init(capacity: Int) { seen = Set(minimumCapacity: capacity) }

    /// Adds `value`; false when the same bytes were there already.
    package mutating func insert(_ value: String) -> Bool {
        seen.insert(Array(value.utf8)).inserted
    }
}
