/// A string field of a message view: its UTF-8 bytes, borrowed from the input, already
/// validated (UTF-8, and no U+0000 under the default options) when the view was made.
///
/// It compares with a `String` byte for byte (as protobuf compares strings) without creating
/// one, and creates one only when asked (``string``). Like the view it came from, it is valid
/// only inside the `withView` closure that lent it.
public struct RTMStringView: CustomStringConvertible {
    @usableFromInline let base: UnsafePointer<UInt8>?
    /// Number of UTF-8 bytes.
    public let count: Int

    @inlinable
    init(base: UnsafePointer<UInt8>? = nil, count: Int = 0) {
        self.base = base
        self.count = count
    }

    /// True when the field is empty or absent.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The UTF-8 bytes, borrowed.
    @inlinable
    public var utf8: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// A new `String` holding a copy of the bytes (validated already: not validated again).
    @inlinable
    public var string: String { UTF8Scan.string(validated: utf8, isASCII: false) }

    /// The text, as ``string``.
    public var description: String { string }

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
