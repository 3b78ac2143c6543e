import RTMWire

/// A bytes field of a message view, or the UTF-8 of a string field: a collection of the bytes
/// as the input holds them, read in place.
///
/// Like every value read from a view it keeps the view's bytes alive, so it may be kept, passed
/// on and read after the view is gone. Indices are offsets from 0; subscripts are bounds-checked.
/// ``withUnsafeBytes(_:)`` lends the bytes without a check per byte.
public struct RTMBytesView: RandomAccessCollection, Equatable, CustomStringConvertible {
    @usableFromInline let input: ViewInput
    /// Offset of the first byte in the input.
    @usableFromInline let start: Int
    /// Number of bytes.
    public let count: Int

    @inlinable
    init(input: ViewInput, start: Int, count: Int) {
        self.input = input
        self.start = start
        self.count = count
    }

    /// The first index: always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The index past the last byte: ``count``.
    @inlinable public var endIndex: Int { count }

    /// The byte at `position` (0 ..< ``count``); traps on an index out of bounds, as `Array` does.
    @inlinable
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "RTMBytesView: index out of range")
        return withExtendedLifetime(input.bytes) { input.base[start &+ position] }
    }

    /// Calls `body` with the bytes; the buffer is valid only inside `body`.
    @inlinable
    public func withUnsafeBytes<Result, E: Error>(
        _ body: (UnsafeRawBufferPointer) throws(E) -> Result
    ) throws(E) -> Result {
        try withExtendedLifetime(input.bytes) { () throws(E) -> Result in
            try body(UnsafeRawBufferPointer(start: input.base + start, count: count))
        }
    }

    /// Calls `body` with the bytes contiguous (always: the view's storage is contiguous).
    @inlinable
    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try withExtendedLifetime(input.bytes) {
            try body(UnsafeBufferPointer(start: input.base + start, count: count))
        }
    }

    /// Byte-for-byte equality.
    @inlinable
    public static func == (lhs: RTMBytesView, rhs: RTMBytesView) -> Bool {
        lhs.count == rhs.count
            && lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { left.elementsEqual($0) } }
    }

    /// The bytes in hex, for printing.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
