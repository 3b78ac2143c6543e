/// A message whose encoding can be read in place, without decoding it into a value: a router
/// or filter reads the envelope header, the body kind and any body field from the input's own
/// bytes, allocating nothing.
///
/// ```swift
/// let route = try Envelope.withView(of: frame) { envelope in
///     (envelope.conversation?.id.string, envelope.body?.kind)
/// }
/// ```
///
/// **Validation happens once, up front.** Before `body` runs, one pass over the input applies
/// the decoder's wire rules (tags, lengths, varints, groups, ``Limits/maxDepth``), validates
/// the UTF-8 of every string field and, with ``CodecOptions/default``, refuses what the
/// decoder's checks refuse without looking at values in context: ``Limits/maxMessageBytes``,
/// ``Limits/maxRepeatedCount`` and U+0000 in strings. The errors are the decoder's
/// (``RTMWireError`` with the same code and field path), and afterwards every accessor of the
/// view is a plain read that cannot fail. Checking up front rather than field by field keeps
/// the accessors non-throwing and means a view never hands out part of a message that turns
/// out to be malformed further on; the pass costs one scan of the bytes and no allocation.
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

    /// Checks the fields of the current message scope of `reader` for a view (wire rules and
    /// UTF-8, thrown) and returns the first violation of `options`' value checks, if any.
    static func _checkView(_ reader: inout WireReader, _ options: CodecOptions)
        throws(RTMWireError) -> RTMWireError?
}

/// A generated, borrowed view of one encoded message (see ``RTMViewable``).
public protocol RTMMessageView {
    /// The message type this views.
    associatedtype Message: RTMMessage
    /// Creates the view of the message at `scope`; generated code only.
    init(_scope scope: ViewScope)
    /// A message holding a copy of the viewed fields (unknown fields are not kept).
    func materialized() -> Message
}

extension RTMViewable {
    /// Checks `bytes` once (see ``RTMViewable``), then lends `body` a view of the message they
    /// encode. The view is valid only inside `body`.
    @inlinable
    public static func withView<Value>(
        of bytes: UnsafeRawBufferPointer, options: CodecOptions = .default,
        _ body: (View) throws(RTMWireError) -> Value
    ) throws(RTMWireError) -> Value {
        if options.checksSemantics, bytes.count > options.limits.maxMessageBytes {
            throw RTMWireError.messageTooLarge(bytes.count, options.limits, encoding: false)
        }
        guard let start = bytes.baseAddress, bytes.count > 0 else {
            return try body(View(_scope: ViewScope.empty))
        }
        let base = start.assumingMemoryBound(to: UInt8.self)
        var reader = WireReader(base: base, count: bytes.count, maxDepth: options.limits.maxDepth)
        if let violation = try _checkView(&reader, options) { throw violation }
        return try body(View(_scope: ViewScope(base: base, start: 0, end: bytes.count)))
    }

    /// Checks `bytes` once (see ``RTMViewable``), then lends `body` a view of the message they
    /// encode, in place when the collection is contiguous (an `Array`, `Data`, a slice of
    /// either); otherwise the bytes are copied once. The view is valid only inside `body`.
    @inlinable
    public static func withView<Value>(
        of bytes: some Collection<UInt8>, options: CodecOptions = .default,
        _ body: (View) throws(RTMWireError) -> Value
    ) throws(RTMWireError) -> Value {
        var outcome = Result<Value, RTMWireError>.failure(
            RTMWireError(code: .truncated, detail: "the input was not lent"))
        func lend(_ buffer: UnsafeRawBufferPointer) {
            do throws(RTMWireError) {
                outcome = .success(try withView(of: buffer, options: options, body))
            } catch {
                outcome = .failure(error)
            }
        }
        if bytes.withContiguousStorageIfAvailable({ lend(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { lend($0) }
        }
        return try outcome.get()
    }
}
