import RTMWire

/// What a view's strings need of the message type the input was viewed as: its view checker
/// (`_checkView`), which finds the decoder's error when a string
/// fails its late check (see ``RTMViewable``).
///
/// Each generated message type holds one in a static constant (`_viewRoot`), so
/// making a view allocates nothing for it and copying a view does not count references to it:
/// views hold it `unowned(unsafe)`. That is safe because a root is never freed: its initializer
/// keeps one reference to it that is never released (a root made by hand leaks, it does not
/// dangle). Generated code only.
public final class ViewRoot: Sendable {
    /// The view checker of the message type (its `_checkView`). A
    /// function rather than the type (`any RTMViewable.Type`): Embedded Swift has no
    /// existential metatypes, and the call is the same one either way.
    @usableFromInline let checkRoot: ViewChecker

    /// The signature of `_checkView`.
    public typealias ViewChecker =
        @Sendable (
            _ reader: inout WireReader, _ options: CodecOptions, _ strings: Bool,
            _ violation: inout ViewViolation
        ) throws(RTMWireError) -> Void

    /// The root of the message type whose view checker is `checkRoot`; never freed.
    public init(_ checkRoot: @escaping ViewChecker) {
        self.checkRoot = checkRoot
        // The reference views do not count: this object lives as long as the program.
        _ = Unmanaged.passUnretained(self).retain()
    }

    /// Stands for an empty input's bytes: never read or written (so sharing it is safe).
    @usableFromInline
    nonisolated(unsafe) static let emptyBase = UnsafePointer(
        UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
}
