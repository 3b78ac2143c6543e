/// A string field of a message view: its UTF-8 bytes, borrowed from the input.
///
/// Its text is checked when it is read as text, not when the view is made (see
/// ``RTMViewable``): ``string`` validates the UTF-8 (and, with the default options, refuses
/// U+0000) and throws the decoder's error for the input when they fail. Comparing with a
/// `String` (`==`, ``elementsEqual(_:)``) and ``count`` need no check: a `String` is valid
/// UTF-8, so bytes equal to its bytes are too. Like the view it came from, it is valid only
/// inside the `withView` closure that lent it.
public struct RTMStringView: CustomStringConvertible {
    @usableFromInline let input: ViewInput
    /// Offset of the first byte in the input.
    @usableFromInline let start: Int
    /// Number of UTF-8 bytes.
    public let count: Int

    @inlinable
    init(input: ViewInput, start: Int, count: Int) {
        self.input = input
        self.start = start
        self.count = count
    }

    /// True when the field is empty or absent.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The bytes, borrowed, as the input holds them: not checked to be UTF-8 (``string`` checks).
    @inlinable
    public var utf8: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: input.base + start, count: count)
    }

    /// A new `String` holding a copy of the bytes, after one pass that validates their UTF-8
    /// and, when the view was made with the semantic checks on (the default options), refuses
    /// U+0000.
    ///
    /// - Throws: the error decoding the whole input would throw (``RTMWireError/Code/invalidUTF8``
    ///   or the U+0000 rule's ``RTMWireError/Code/invalidValue``, with the decoder's field path
    ///   and offset): on failure the input is checked again, as the decoder would, to find it.
    @inlinable
    public var string: String {
        get throws(RTMWireError) {
            if count == 0 { return "" }
            let bytes = utf8
            if let scan = UTF8Scan.validate(bytes), !(scan.containsNUL && input.checksNUL) {
                return UTF8Scan.string(validated: bytes, isASCII: scan.isASCII)
            }
            throw input.stringError(at: start)
        }
    }

    /// The text, with any invalid UTF-8 replaced by U+FFFD (for printing: ``string`` checks).
    public var description: String { String(decoding: utf8, as: UTF8.self) }

    /// Whether the bytes are exactly `string`'s UTF-8.
    @inlinable
    public func elementsEqual(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { other in
            other.count == count
                && (count == 0
                    || UnsafeRawBufferPointer(other).elementsEqual(UnsafeRawBufferPointer(utf8)))
        }
    }

    /// Byte-for-byte equality with a `String`, without creating one.
    @inlinable
    public static func == (view: RTMStringView, string: String) -> Bool {
        view.elementsEqual(string)
    }

    /// Byte-for-byte equality with a `String`, without creating one.
    @inlinable
    public static func == (string: String, view: RTMStringView) -> Bool {
        view.elementsEqual(string)
    }

    /// Byte-for-byte inequality with a `String`.
    @inlinable
    public static func != (view: RTMStringView, string: String) -> Bool {
        !view.elementsEqual(string)
    }

    /// Byte-for-byte inequality with a `String`.
    @inlinable
    public static func != (string: String, view: RTMStringView) -> Bool {
        !view.elementsEqual(string)
    }
}

extension RTMStringView: Equatable {
    /// Byte-for-byte equality of two borrowed strings.
    @inlinable
    public static func == (lhs: RTMStringView, rhs: RTMStringView) -> Bool {
        lhs.count == rhs.count
            && (lhs.count == 0
                || UnsafeRawBufferPointer(lhs.utf8).elementsEqual(UnsafeRawBufferPointer(rhs.utf8)))
    }
}
