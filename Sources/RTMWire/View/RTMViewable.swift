/// A message whose encoding can be read in place, without decoding it into a value: a router
/// or filter reads the envelope header, the body kind and any body field from the input's own
/// bytes, allocating nothing.
///
/// ```swift
/// // Compares bytes: no String is made and no check is needed.
/// let isGeneral = try Envelope.withView(of: frame) { envelope in
///     envelope.conversation.map { $0.id == "general" } ?? false
/// }
/// // Reading text checks its UTF-8 and may throw the decoder's error.
/// let id = try Envelope.withView(of: frame) { envelope throws(RTMWireError) in
///     try envelope.conversation?.id.string
/// }
/// ```
///
/// **Structure is checked up front, text when it is read.** Before `body` runs, one pass over
/// the input applies the decoder's wire rules, everything that decides where fields are (tags,
/// wire types, varints, lengths, groups, ``Limits/maxDepth``) and, with ``CodecOptions/default``,
/// ``Limits/maxMessageBytes`` and ``Limits/maxRepeatedCount``. Its errors are the decoder's
/// (``RTMWireError`` with the same code, field path and offset), and afterwards every accessor
/// that locates a field (sub-messages, scalars, sequences, a string's `count`, `utf8` and
/// comparison with a `String`) is a plain read that cannot fail.
///
/// A string's UTF-8 (and, with the default options, the U+0000 rule) is checked when the
/// string is read as text: ``RTMStringView/string`` and `materialized()` throw. The error is
/// the one decoding the whole input throws: when a string fails, the input is checked again,
/// strings included, to find it (the first bad string in wire order, which may be another
/// field). So a router that reads ids and the body kind never pays for the body's text, the
/// cost that made an up-front check nearly a full decode; a `String` comparison needs no check
/// because a `String` is valid UTF-8, so bytes equal to its bytes are too. The price: bytes of a
/// string that is never read as text are never validated, and a string field that occurs twice
/// is checked only in the occurrence the view reads (the last), where the decoder checks both.
///
/// The view does **not** apply the rules that concern decoded values in context (required
/// fields, the content budget, media sizes, receipt kinds, distinct ids, ...): decode with
/// ``RTMMessage/init(serializedBytes:options:)`` to have them checked.
///
/// The view, and every string, sub-message and sequence read from it, borrows the input: it is
/// valid only inside `body` and must not be kept after `body` returns.
public protocol RTMViewable: RTMMessage {
    /// The generated view type of this message.
    associatedtype View: RTMMessageView where View.Message == Self

    /// Checks the fields of the current message scope of `reader` for a view (wire rules, and
    /// the UTF-8 of strings when `strings`, thrown) and records the first violation of
    /// `options`' value checks in `violation` when it is empty (U+0000 only when `strings`).
    static func _checkView(
        _ reader: inout WireReader, _ options: CodecOptions, strings: Bool,
        _ violation: inout ViewViolation
    ) throws(RTMWireError)
}

/// A generated, borrowed view of one encoded message (see ``RTMViewable``).
public protocol RTMMessageView {
    /// The message type this views.
    associatedtype Message: RTMMessage
    /// Creates the view of the message at `scope`; generated code only.
    init(_scope scope: ViewScope)
    /// A message holding a copy of the viewed fields (unknown fields are not kept); throws the
    /// decoder's error when a string it copies fails its check (see ``RTMStringView/string``).
    func materialized() throws(RTMWireError) -> Message
}

extension RTMViewable {
    /// Checks the structure of `bytes` (see ``RTMViewable``), then lends `body` a view of the
    /// message they encode. The view is valid only inside `body`.
    @inlinable
    public static func withView<Value>(
        of bytes: UnsafeRawBufferPointer, options: CodecOptions = .default,
        _ body: (View) throws(RTMWireError) -> Value
    ) throws(RTMWireError) -> Value {
        if options.checksSemantics, bytes.count > options.limits.maxMessageBytes {
            throw RTMWireError.messageTooLarge(bytes.count, options.limits, encoding: false)
        }
        let source = ViewSource(
            count: bytes.count, root: Self.self, checksNUL: options.checksSemantics)
        guard let start = bytes.baseAddress, bytes.count > 0 else {
            return try withUnsafePointer(to: source) { source throws(RTMWireError) in
                try body(View(_scope: ViewScope.empty(source)))
            }
        }
        let base = start.assumingMemoryBound(to: UInt8.self)
        var reader = WireReader(base: base, count: bytes.count, maxDepth: options.limits.maxDepth)
        var violation = ViewViolation()
        try _checkView(&reader, options, strings: false, &violation)
        if let error = violation.error { throw error }
        return try withUnsafePointer(to: source) { source throws(RTMWireError) in
            let input = ViewInput(base: base, source: source)
            return try body(View(_scope: ViewScope(input: input, start: 0, end: bytes.count)))
        }
    }

    /// Checks the structure of `bytes` (see ``RTMViewable``), then lends `body` a view of the
    /// message they encode, in place when the collection is contiguous (an `Array`, `Data`, a slice of
    /// either); otherwise the bytes are copied once. The view is valid only inside `body`.
    @inlinable
    public static func withView<Value>(
        of bytes: some Collection<UInt8>, options: CodecOptions = .default,
        _ body: (View) throws(RTMWireError) -> Value
    ) throws(RTMWireError) -> Value {
        // The lending functions rethrow untyped errors; only `withView`'s RTMWireError can come
        // out of them. (Going through them costs nothing on success, unlike keeping a Result.)
        do {
            if let value = try bytes.withContiguousStorageIfAvailable({
                try withView(of: UnsafeRawBufferPointer($0), options: options, body)
            }) {
                return value
            }
            return try Array(bytes).withUnsafeBytes { try withView(of: $0, options: options, body) }
        } catch let error as RTMWireError {
            throw error
        } catch {
            throw RTMWireError(code: .invalidValue, detail: "unexpected error \(error)")
        }
    }
}
