/// The input a view reads, and what a string read from it needs to check itself.
///
/// A view checks the structure of its input up front and the text of each string only when the
/// string is read as text (see ``RTMViewable``). When that late check fails, the error must be
/// the one the decoder throws for the same input, path and offset included, although the string
/// knows neither its path nor the other strings before it. So the failure path checks the whole
/// input again, strings included, with the root message's own checker: the first error it finds
/// is the decoder's. That pass runs only on input that is already known to be bad.
@usableFromInline
struct ViewInput {
    /// Start of the input's bytes in `storage`; every offset of a view is relative to it.
    @usableFromInline let base: UnsafePointer<UInt8>
    /// The bytes `base` points into, kept alive by every value read from the view.
    @usableFromInline let storage: ViewStorage

    @inlinable
    init(base: UnsafePointer<UInt8>, storage: ViewStorage) {
        self.base = base
        self.storage = storage
    }

    /// Whether U+0000 in a string is refused (the semantic checks are on).
    @inlinable var checksNUL: Bool { storage.checksNUL }

    /// The error the decoder throws for this input, found after a string at `offset` failed its
    /// check (invalid UTF-8, or U+0000 when `checksNUL`).
    @usableFromInline
    func stringError(at offset: Int) -> RTMWireError {
        let source = storage
        // The structure passed with the caller's limits already: the limits are lifted so that
        // only the string checks, the ones not made up front, can fail.
        var limits = Limits.default
        limits.maxRepeatedCount = Int.max
        limits.maxDepth = Int.max
        let options = CodecOptions(limits: limits, checksSemantics: source.checksNUL)
        var reader = WireReader(base: base, count: source.count, maxDepth: Int.max)
        do {
            var violation = ViewViolation()
            try source.checkRoot(&reader, options, true, &violation)
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
