import RTMWire

/// The input a view reads, and what a string read from it needs to check itself.
///
/// A view, and every string, bytes field, sub-message and sequence read from it, holds the
/// input's array, the way a `Substring` keeps its base `String` alive: whatever the caller keeps,
/// and however long, it reads these bytes and never memory the caller has freed or reused. An
/// `[UInt8]` input is kept as it is (a reference to its buffer: no copy, no allocation); any
/// other input is copied once into an array of its own. The array is never mutated, so its
/// buffer, and `base`, stay where they are for as long as any copy of this value lives.
///
/// A view checks the structure of its input up front and the text of each string only when the
/// string is read as text (see ``RTMViewable``). When that late check fails, the error must be
/// the one the decoder throws for the same input, path and offset included, although the string
/// knows neither its path nor the other strings before it. So the failure path checks the whole
/// input again, strings included, with the root message's own checker: the first error it finds
/// is the decoder's. That pass runs only on input that is already known to be bad.
@usableFromInline
struct ViewInput {
    /// Start of `bytes`' buffer; every offset of a view is relative to it.
    @usableFromInline let base: UnsafePointer<UInt8>
    /// The bytes `base` points into, kept alive by every value read from the view.
    @usableFromInline let bytes: [UInt8]
    /// The checker of the message type the input was viewed as; static, never freed.
    @usableFromInline unowned(unsafe) let root: ViewRoot
    /// Whether U+0000 in a string is refused (the semantic checks are on).
    @usableFromInline let checksNUL: Bool

    /// Inputs a view reads are shorter than this (2 GiB): it records offsets in 32 bits, so
    /// that views, which are copied whole, stay small. Longer inputs are refused.
    @usableFromInline static let maxCount = Int(Int32.max)

    /// Refuses an input of `count` bytes when it is too long for a view (``maxCount`` or more).
    @inlinable
    static func checkCount(_ count: Int) throws(RTMWireError) {
        if count >= maxCount { throw RTMWireError.tooLargeForView(count) }
    }

    /// The input `bytes`, viewed as the message type of `root`. A native `[UInt8]` is one
    /// contiguous buffer object (`UInt8` is never bridged lazily), and this value holds the array
    /// unmutated for its whole life: the address the buffer had while lent stays its address
    /// until the last copy of the array is gone.
    @inlinable
    init(bytes: [UInt8], root: ViewRoot, checksNUL: Bool) {
        self.base = bytes.withUnsafeBufferPointer { $0.baseAddress } ?? ViewRoot.emptyBase
        self.bytes = bytes
        self.root = root
        self.checksNUL = checksNUL
    }

    /// The error the decoder throws for this input, found after a string at `offset` failed its
    /// check (invalid UTF-8, or U+0000 when `checksNUL`).
    @usableFromInline
    func stringError(at offset: Int) -> RTMWireError {
        // The structure passed with the caller's limits already: the limits are lifted so that
        // only the string checks, the ones not made up front, can fail.
        let options = CodecOptions(limits: .viewRecheck, checksSemantics: checksNUL)
        defer { withExtendedLifetime(bytes) {} }
        var reader = WireReader(base: base, count: bytes.count, maxDepth: Int.max)
        do {
            var violation = ViewViolation()
            try root.checkRoot(&reader, options, true, &violation)
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

extension RTMWireError {
    /// The error of an input too long for a view (``ViewInput/maxCount`` bytes or more): a
    /// fixed bound of the view, not one of `Limits`.
    @usableFromInline
    static func tooLargeForView(_ count: Int) -> RTMWireError {
        limit(
            "viewInputBytes", allowed: ViewInput.maxCount &- 1, actual: count, path: "",
            detail: "a view reads inputs shorter than 2 GiB; decode longer ones")
    }
}
