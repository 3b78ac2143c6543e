/// A message of the RTMWire schemas (`Schemas/rtmwire/v1`): a value type that encodes to and
/// decodes from protobuf binary.
///
/// Every other form is in the module that brings it, so that an app pays in binary size only
/// for what it imports: proto3 JSON in RTMWireJSON (`RTMJSONMessage`), `debugDescription`'s
/// text in RTMWireText (`RTMTextPrintable`) and views read in place in RTMWireViews
/// (`RTMViewable`). Every generated type conforms to each of them there.
///
/// All conforming types are generated from the schemas; the requirements whose names start with
/// an underscore are the generated codec and are not meant to be called or implemented by hand.
public protocol RTMMessage: Sendable, Hashable {
    /// The protobuf full name, e.g. `rtmwire.v1.Envelope`.
    static var protoFullName: String { get }
    /// An empty message: every field at its default.
    init()
    /// Fields the decoder did not recognise, re-emitted unchanged after the known fields.
    var unknownFields: UnknownFields { get set }

    /// Exact encoded size in bytes.
    func _wireSize() -> Int
    /// Writes the encoding, which reads as known fields in field-number order, then unknown
    /// fields. The writer fills its buffer from the end (see ``WireWriter``), so this writes
    /// the last field first.
    func _encode(to writer: inout WireWriter)
    /// Merges the fields of the current message scope of `reader` into `self`.
    mutating func _merge(from reader: inout WireReader) throws(RTMWireError)
    /// Checks this message's semantic rules and those of every sub-message it holds, and
    /// with `sizing` returns its exact encoded size (without, a number to ignore); with
    /// `checkingNUL` false, skips the U+0000 scan of strings known to hold none (the decoder
    /// looked while validating their UTF-8). The one checking walk: the encoders size as they
    /// check, and `_validate` does not size.
    func _checkedWireSize(_ limits: Limits, checkingNUL: Bool, sizing: Bool) throws(RTMWireError)
        -> Int
    /// Checks the rules of this message alone; sub-messages are checked by `_validate`.
    /// Defaults to no rules; rules live in `Validation/`.
    func _validateSelf(_ limits: Limits) throws(RTMWireError)
}

extension RTMMessage {
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {}

    /// Checks this message's semantic rules and those of every sub-message it holds; with
    /// `checkingNUL` false, skips the U+0000 scan of strings known to hold none. The checks of
    /// ``_checkedWireSize(_:checkingNUL:sizing:)`` without the sizing: one generated walk, not
    /// two, in every app's binary.
    @inlinable
    public func _validate(_ limits: Limits, checkingNUL: Bool) throws(RTMWireError) {
        _ = try _checkedWireSize(limits, checkingNUL: checkingNUL, sizing: false)
    }

    /// Checks this message's semantic rules and those of every sub-message it holds.
    @inlinable
    public func _validate(_ limits: Limits) throws(RTMWireError) {
        try _validate(limits, checkingNUL: true)
    }
}

extension RTMMessage {
    /// A message built by `populator` from an empty one, as swift-protobuf's `with`:
    /// `Envelope.with { $0.messageID = "m-1"; $0.text = TextMessage(text: "hi") }`.
    @inlinable
    public static func with<E: Error>(_ populator: (inout Self) throws(E) -> Void) throws(E)
        -> Self
    {
        var message = Self()
        try populator(&message)
        return message
    }
}
