import RTMWire

/// The violation of the semantic checks that a view's up-front check will throw once its walk
/// is over (see ``RTMViewable``): for an input with one violation, the one `_validate` throws
/// after decoding.
///
/// One value is shared by reference (`inout`) through the whole walk, so a valid input, the
/// common case, costs one comparison per sub-message and never moves an error value from
/// message to message. Generated checkers hold it; it is not meant to be made or read by hand.
public struct ViewViolation {
    /// The recorded violation; read only after the walk.
    @usableFromInline var error: RTMWireError?
    /// Whether `error` is set, kept apart so that the walk's tests read one byte rather than
    /// copy the optional error to inspect it.
    @usableFromInline var found = false
    /// Whether the walk only records fields of an input the view's pass has already checked
    /// (``ViewScope/checkedRanges()``): the elements of repeated message fields are then
    /// skipped by their length, not checked again.
    @usableFromInline var recordsOnly = false

    /// No violation recorded.
    @inlinable
    public init() {}

    /// No violation recorded, for a walk that only records (see ``recordsOnly``).
    @usableFromInline
    init(recordsOnly: Bool) { self.recordsOnly = recordsOnly }

    /// Whether no violation has been recorded yet.
    @inlinable @inline(__always)
    public var isEmpty: Bool { !found }

    /// Records a violation of the checking message's own fields, replacing one its
    /// sub-messages recorded during its walk: own fields are validated before sub-messages.
    /// Callers record only when the value was empty as the message's walk began, so a
    /// violation found earlier in the input is kept.
    @inlinable
    public mutating func recordOwn(_ violation: RTMWireError) {
        error = violation
        found = true
    }

    /// Prefixes the recorded violation's path with `field` (`field[index]` for an element of
    /// a repeated field), as the violation leaves the sub-message it was found in.
    @usableFromInline
    mutating func prefixPath(_ field: StaticString, index: Int?) {
        guard let recorded = error else { return }
        error =
            index.map { recorded.prefixingPath(field: field, index: $0) }
            ?? recorded.prefixingPath(field: field)
    }
}
