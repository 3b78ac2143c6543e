import RTMWire

/// A message whose encoding can be read in place, without decoding it into a value: a router
/// or filter reads the envelope header, the body kind and any body field from the bytes,
/// allocating nothing for an `[UInt8]` input however many fields it reads (a sub-message
/// encoded in several occurrences allocates the path that merges them, when it is read).
///
/// ```swift
/// let view = try Envelope.view(of: bytes)
/// // Compares bytes: no String is made and no check is needed.
/// if view.conversation?.id == "general" { … }
/// // Reading text checks its UTF-8 and may throw the decoder's error.
/// let id = try view.conversation?.id.string
/// // Or scoped, with a closure that may throw its own errors:
/// let kind = try Envelope.withView(of: bytes) { $0.body.map { "\($0)" } }
/// ```
///
/// **Structure is checked up front, text when it is read.** Before the view is made, one pass over
/// the input applies the decoder's wire rules, everything that decides where fields are (tags,
/// wire types, varints, lengths, groups, `Limits/maxDepth`) and, with `CodecOptions/default`,
/// `Limits/maxMessageBytes` and `Limits/maxRepeatedCount`. Its errors are the decoder's
/// (`RTMWireError` with the same code, field path and offset), and afterwards every accessor
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
/// `RTMMessage/init(serializedBytes:options:)` to have them checked.
///
/// **A view keeps what it reads alive.** The view, and every string, bytes field, sub-message and
/// sequence read from it, holds the input (an `[UInt8]` as it is, any other collection copied
/// once), as a `Substring` keeps its `String`: any of them may be kept, returned from a closure or
/// sent on after the caller's buffer is gone, and still reads the bytes it was made from.
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

    /// This type's `_checkView`, for the strings of its views; a static
    /// constant of the generated code, made once.
    static var _viewRoot: ViewRoot { get }
}

/// A generated view of one encoded message, read in place (see ``RTMViewable``).
public protocol RTMMessageView {
    /// The message type this views.
    associatedtype Message: RTMMessage
    /// Creates the view of the message at `scope`; generated code only.
    init(_scope scope: ViewScope)
    /// Creates the view of the message `reader` is at, whose bytes `scope` keeps, checking its
    /// structure in the same pass (`Message._checkView` without strings); generated code only.
    init(
        _checking reader: inout WireReader, _ scope: ViewScope, _ options: CodecOptions,
        _ violation: inout ViewViolation
    ) throws(RTMWireError)
    /// A message holding a copy of the viewed fields (unknown fields are not kept); throws the
    /// decoder's error when a string it copies fails its check (see ``RTMStringView/string``).
    func materialized() throws(RTMWireError) -> Message
}

extension RTMViewable {
    /// Checks the structure of `bytes` (see ``RTMViewable``) and returns a view of the message
    /// they encode. The view keeps the bytes alive: an `[UInt8]` is kept as it is (no copy),
    /// any other collection is copied once.
    ///
    /// ```swift
    /// let view = try Envelope.view(of: frame)
    /// if view.conversation?.id == "lobby" { … }
    /// ```
    @inlinable
    public static func view(
        of bytes: some Collection<UInt8>, options: CodecOptions = .default
    ) throws(RTMWireError) -> View {
        if let array = bytes as? [UInt8] { return try view(owning: array, options: options) }
        // Refused before it is copied.
        if options.checksSemantics, bytes.count > options.limits.maxMessageBytes {
            throw RTMWireError.messageTooLarge(
                bytes.count, allowed: options.limits.maxMessageBytes, encoding: false)
        }
        return try view(owning: Array(bytes), options: options)
    }

    /// ``view(of:options:)`` for an array the view keeps.
    @inlinable
    static func view(owning bytes: [UInt8], options: CodecOptions) throws(RTMWireError) -> View {
        if options.checksSemantics, bytes.count > options.limits.maxMessageBytes {
            throw RTMWireError.messageTooLarge(
                bytes.count, allowed: options.limits.maxMessageBytes, encoding: false)
        }
        try ViewInput.checkCount(bytes.count)
        let input = ViewInput(bytes: bytes, root: _viewRoot, checksNUL: options.checksSemantics)
        var reader = WireReader(
            base: input.base, count: bytes.count, maxDepth: options.limits.maxDepth)
        var violation = ViewViolation()
        // One pass: the structure is checked and the fields recorded together. `bytes`, a
        // parameter, outlives the pass that reads its buffer through `reader`.
        let view = try View(
            _checking: &reader, ViewScope(input: input, start: 0, end: bytes.count), options,
            &violation)
        if let error = violation.error { throw error }
        return view
    }

    /// Checks the structure of `bytes` (see ``RTMViewable``), then calls `body` with a view of
    /// the message they encode and returns what it returns. Errors of the check and of `body`
    /// keep their type: `RTMWireError`, or `body`'s own.
    @inlinable
    public static func withView<Value>(
        of bytes: some Collection<UInt8>, options: CodecOptions = .default,
        _ body: (View) throws(RTMWireError) -> Value
    ) throws(RTMWireError) -> Value {
        try body(view(of: bytes, options: options))
    }

    /// Checks the structure of `bytes` (see ``RTMViewable``), then calls `body` with a view of
    /// the message they encode and returns what it returns. For a `body` that throws errors of
    /// its own: the check's error is an `RTMWireError`, `body`'s comes out unchanged.
    @inlinable
    public static func withView<Value, E: Error>(
        of bytes: some Collection<UInt8>, options: CodecOptions = .default,
        _ body: (View) throws(E) -> Value
    ) throws -> Value {
        try body(view(of: bytes, options: options))
    }
}

extension RTMMessageView where Message: RTMViewable, Message.View == Self {
    /// The view of the message `bytes` encode, after a check of their structure (see
    /// ``RTMViewable``); the view keeps the bytes alive. The same as `Message.view(of:options:)`.
    @inlinable
    public init(serializedBytes bytes: some Collection<UInt8>, options: CodecOptions = .default)
        throws(RTMWireError)
    {
        self = try Message.view(of: bytes, options: options)
    }
}
