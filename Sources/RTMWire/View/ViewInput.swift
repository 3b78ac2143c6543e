/// The whole input a view was lent, and what a string read from it needs to check itself.
///
/// A view checks the structure of its input up front and the text of each string only when the
/// string is read as text (see ``RTMViewable``). When that late check fails, the error must be
/// the one the decoder throws for the same input, path and offset included, although the string
/// knows neither its path nor the other strings before it. So the failure path checks the whole
/// input again, strings included, with the root message's own checker: the first error it finds
/// is the decoder's. That pass runs only on input that is already known to be bad.
@usableFromInline
struct ViewInput {
    /// Start of the borrowed input; every offset of a view is relative to it.
    @usableFromInline let base: UnsafePointer<UInt8>
    /// What only a failed string needs, kept once by `withView` for as long as the input is
    /// lent (so that each scope and string carries two words, not five).
    @usableFromInline let source: UnsafePointer<ViewSource>

    @inlinable
    init(base: UnsafePointer<UInt8>, source: UnsafePointer<ViewSource>) {
        self.base = base
        self.source = source
    }

    /// Whether U+0000 in a string is refused (the semantic checks are on).
    @inlinable var checksNUL: Bool { source.pointee.checksNUL }

    /// The error the decoder throws for this input, found after a string at `offset` failed its
    /// check (invalid UTF-8, or U+0000 when `checksNUL`).
    @usableFromInline
    func stringError(at offset: Int) -> RTMWireError {
        let source = source.pointee
        // The structure passed with the caller's limits already: the limits are lifted so that
        // only the string checks, the ones not made up front, can fail.
        var limits = Limits.default
        limits.maxRepeatedCount = Int.max
        limits.maxDepth = Int.max
        let options = CodecOptions(limits: limits, checksSemantics: source.checksNUL)
        var reader = WireReader(base: base, count: source.count, maxDepth: Int.max)
        do {
            var violation = ViewViolation()
            try source.root._checkView(&reader, options, strings: true, &violation)
            if let error = violation.error { return error }
        } catch {
            return error
        }
        // Unreachable for the strings a view hands out (each is an occurrence the checker
        // checks); kept so that a failed string never reads as valid.
        return RTMWireError(
            code: .invalidUTF8, offset: offset,
            detail: "string is not valid UTF-8 or contains U+0000")
    }
}

/// The input's length, the message type it is viewed as and whether U+0000 is refused: see
/// ``ViewInput``.
@usableFromInline
struct ViewSource {
    /// Length of the whole input.
    @usableFromInline let count: Int
    /// The message type the input was viewed as, whose checker finds the decoder's error.
    @usableFromInline let root: any RTMViewable.Type
    /// Whether U+0000 in a string is refused (the semantic checks are on).
    @usableFromInline let checksNUL: Bool

    @inlinable
    init(count: Int, root: any RTMViewable.Type, checksNUL: Bool) {
        self.count = count
        self.root = root
        self.checksNUL = checksNUL
    }
}
