import RTMWire

/// A string field of a message view: its UTF-8 bytes, read in place.
///
/// Its text is checked when it is read as text, not when the view is made (see
/// ``RTMViewable``): ``string`` validates the UTF-8 (and, with the default options, refuses
/// U+0000) and throws the decoder's error for the input when they fail. Comparing with a
/// `String` (`==`, ``elementsEqual(_:)``) and ``count`` need no check: a `String` is valid
/// UTF-8, so bytes equal to its bytes are too. Like every value read from a view it keeps the
/// view's bytes alive: it may be kept and read after the view is gone.
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

    /// The bytes as the input holds them: not checked to be UTF-8 (``string`` checks).
    @inlinable
    public var utf8: RTMBytesView { RTMBytesView(input: input, start: start, count: count) }

    /// Calls `body` with the bytes as the input holds them (not checked to be UTF-8); the buffer
    /// is valid only inside `body`.
    @inlinable
    public func withUTF8<Result, E: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Result
    ) throws(E) -> Result {
        try withExtendedLifetime(input.bytes) { () throws(E) -> Result in
            try body(UnsafeBufferPointer(start: input.base + start, count: count))
        }
    }

    /// A new `String` holding a copy of the bytes, after one pass that validates their UTF-8
    /// and, when the view was made with the semantic checks on (the default options), refuses
    /// U+0000.
    ///
    /// - Throws: the error decoding the whole input would throw (`RTMWireError/Code/invalidUTF8`
    ///   or the U+0000 rule's `RTMWireError/Code/invalidValue`, with the decoder's field path
    ///   and offset): on failure the input is checked again, as the decoder would, to find it.
    @inlinable
    public var string: String {
        get throws(RTMWireError) {
            if count == 0 { return "" }
            let checksNUL = input.checksNUL
            let text = withUTF8 { bytes -> String? in
                guard let scan = UTF8Scan.validate(bytes), !(scan.containsNUL && checksNUL) else {
                    return nil
                }
                return UTF8Scan.string(validated: bytes, isASCII: scan.isASCII)
            }
            if let text { return text }
            throw input.stringError(at: start)
        }
    }

    /// The text, with any invalid UTF-8 replaced by U+FFFD (for printing: ``string`` checks).
    public var description: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    /// Whether the bytes are exactly `string`'s UTF-8.
    @inlinable
    public func elementsEqual(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { other in
            other.count == count
                && (count == 0
                    || withUTF8 {
                        UnsafeRawBufferPointer(other).elementsEqual(UnsafeRawBufferPointer($0))
                    })
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
    /// Byte-for-byte equality of two strings read from views.
    @inlinable
    public static func == (lhs: RTMStringView, rhs: RTMStringView) -> Bool {
        lhs.count == rhs.count && (lhs.count == 0 || lhs.utf8 == rhs.utf8)
    }
}

extension Optional where Wrapped == RTMStringView {
    /// Byte-for-byte equality with a `String`; an absent view equals no string
    /// (`view.conversation?.id == "lobby"`).
    @inlinable
    public static func == (view: RTMStringView?, string: String) -> Bool {
        view.map { $0.elementsEqual(string) } ?? false
    }

    /// Byte-for-byte equality with a `String`; an absent view equals no string.
    @inlinable
    public static func == (string: String, view: RTMStringView?) -> Bool {
        view.map { $0.elementsEqual(string) } ?? false
    }

    /// Byte-for-byte inequality with a `String`; an absent view differs from every string.
    @inlinable
    public static func != (view: RTMStringView?, string: String) -> Bool { !(view == string) }

    /// Byte-for-byte inequality with a `String`; an absent view differs from every string.
    @inlinable
    public static func != (string: String, view: RTMStringView?) -> Bool { !(view == string) }
}
