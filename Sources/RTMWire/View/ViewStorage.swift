/// The bytes a view reads, owned by the view.
///
/// A view, and every string, bytes field, sub-message and sequence read from it, holds a
/// reference to its storage, the way a `Substring` keeps its base `String` alive: whatever the
/// caller keeps, and however long, it reads these bytes and never memory the caller has freed
/// or reused. An `[UInt8]` input is kept as it is (a reference to its buffer, no copy); any
/// other input is copied once into an array of its own. See the ReadingInPlace article for the
/// price in instructions.
@usableFromInline
final class ViewStorage {
    /// The input's bytes. Never mutated, so its buffer, and `base`, stay where they are for as
    /// long as this storage lives.
    @usableFromInline let bytes: [UInt8]
    /// The view checker of the message type the input was viewed as (its
    /// ``RTMViewable/_checkView(_:_:strings:_:)``), which finds the decoder's error. A function
    /// rather than the type (`any RTMViewable.Type`): Embedded Swift has no existential
    /// metatypes, and the call is the same one either way.
    @usableFromInline let checkRoot: ViewChecker
    /// Whether U+0000 in a string is refused (the semantic checks are on).
    @usableFromInline let checksNUL: Bool

    /// The signature of ``RTMViewable/_checkView(_:_:strings:_:)``.
    @usableFromInline
    typealias ViewChecker = (
        _ reader: inout WireReader, _ options: CodecOptions, _ strings: Bool,
        _ violation: inout ViewViolation
    ) throws(RTMWireError) -> Void

    @usableFromInline
    init(bytes: [UInt8], checkRoot: @escaping ViewChecker, checksNUL: Bool) {
        self.bytes = bytes
        self.checkRoot = checkRoot
        self.checksNUL = checksNUL
    }

    /// Length of the input.
    @inlinable var count: Int { bytes.count }

    /// The address of the first byte of `bytes` (of a one-byte stand-in when empty, never
    /// read). A native `[UInt8]` is one contiguous buffer object (`UInt8` is never bridged
    /// lazily), and this storage holds the array unmutated for its whole life: the address the
    /// buffer had while lent stays its address until the storage is freed.
    @usableFromInline
    var base: UnsafePointer<UInt8> {
        bytes.withUnsafeBufferPointer { $0.baseAddress } ?? ViewStorage.emptyBase
    }

    /// Stands for an empty input's storage: never read or written (so sharing it is safe).
    @usableFromInline
    nonisolated(unsafe) static let emptyBase = UnsafePointer(
        UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
}
