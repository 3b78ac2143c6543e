/// A byte container RTMWire can serialise into: contiguous, mutable, created at a given size.
///
/// The encoding entry points that return bytes are generic over it
/// (``RTMMessage/serializedBytes(as:options:)``, ``RTMMessage/delimitedBytes(as:options:)``,
/// `jsonUTF8Bytes(as:options:pretty:)` of RTMWireJSON): the container is created once at the exact
/// encoded size and the encoding is written straight into its storage, so it is never copied.
/// `[UInt8]` and `ArraySlice<UInt8>` conform here; `Data` conforms in the `RTMWireFoundation`
/// library, so this module imports nothing but the standard library. Decoding takes any
/// `Collection<UInt8>` already, without copying when the collection is contiguous.
///
/// Conform your own buffer type by providing the four requirements with these meanings; the
/// signatures match `Array` and Foundation's `Data`.
public protocol RTMContiguousBytes {
    /// A container of `count` bytes, each `repeating`.
    init(repeating: UInt8, count: Int)
    /// The number of bytes.
    var count: Int { get }
    /// Lends the bytes to `body` as one contiguous buffer; the pointer must not escape `body`.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
    /// Lends the bytes to `body` for writing, in place; the pointer must not escape `body`.
    mutating func withUnsafeMutableBytes<R>(
        _ body: (UnsafeMutableRawBufferPointer) throws -> R
    ) rethrows -> R
}

extension Array: RTMContiguousBytes where Element == UInt8 {}
extension ArraySlice: RTMContiguousBytes where Element == UInt8 {}

extension RTMContiguousBytes {
    /// A container of exactly `size` bytes that `write` fills in place: the one allocation of
    /// every generic encoding entry point. `write` gets a buffer of `size` bytes.
    @inlinable
    package static func _filled(
        size: Int, _ write: (UnsafeMutableRawBufferPointer) -> Void
    ) -> Self {
        var bytes = Self(repeating: 0, count: size)
        // An empty container may have no storage; there is nothing to write then.
        if size > 0 { bytes.withUnsafeMutableBytes { write($0) } }
        return bytes
    }
}
