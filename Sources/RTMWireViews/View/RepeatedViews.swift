import RTMWire

/// A repeated string field of a message view: a lazy sequence of string views, in wire
/// order, read as it is iterated (nothing is collected or allocated).
public struct RTMRepeatedStringView: Sequence {
    @usableFromInline let scope: ViewScope
    @usableFromInline let tag: UInt64

    @inlinable
    init(_ scope: ViewScope, tag: UInt64) {
        self.scope = scope
        self.tag = tag
    }

    /// Number of elements (one pass over the message).
    @inlinable
    public var count: Int { ViewOccurrences.count(in: scope, tag: tag) }

    /// True when the field has no element.
    @inlinable public var isEmpty: Bool { !scope.contains(tag) }

    /// An iterator over the elements, in wire order.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(ViewTagCursor(scope, tag: tag)) }

    /// Reads the elements one at a time.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var occurrences: ViewTagCursor

        @inlinable
        init(_ occurrences: ViewTagCursor) { self.occurrences = occurrences }

        /// The next string, or nil after the last.
        @inlinable
        public mutating func next() -> RTMStringView? {
            guard let field = occurrences.next() else { return nil }
            return RTMStringView(
                input: occurrences.input, start: field.start, count: field.end &- field.start)
        }
    }
}

/// A repeated scalar field (integers, booleans, enums) of a message view: a lazy sequence of its
/// values in wire order, packed runs and single elements alike.
public struct RTMRepeatedScalarView<Element>: Sequence {
    @usableFromInline let scope: ViewScope
    @usableFromInline let tag: UInt64
    @usableFromInline let convert: (UInt64) -> Element

    @inlinable
    init(_ scope: ViewScope, tag: UInt64, _ convert: @escaping (UInt64) -> Element) {
        self.scope = scope
        self.tag = tag
        self.convert = convert
    }

    /// Number of elements (one pass over the message).
    @inlinable
    public var count: Int {
        var count = 0
        var iterator = makeIterator()
        while iterator.next() != nil { count &+= 1 }
        return count
    }

    /// An iterator over the elements, in wire order.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(cursor: scope.fields, tag: tag, convert: convert)
    }

    /// Reads the elements one at a time.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var cursor: ViewFieldCursor
        @usableFromInline let tag: UInt64
        @usableFromInline let convert: (UInt64) -> Element
        /// The rest of the packed run being read.
        @usableFromInline var runOffset = 0
        @usableFromInline var runEnd = 0

        @inlinable
        init(cursor: ViewFieldCursor, tag: UInt64, convert: @escaping (UInt64) -> Element) {
            self.cursor = cursor
            self.tag = tag
            self.convert = convert
        }

        /// The next value, or nil after the last.
        @inlinable
        public mutating func next() -> Element? {
            let base = cursor.base
            while true {
                if runOffset < runEnd {
                    if let raw = ViewScan.varint(base, &runOffset, runEnd) { return convert(raw) }
                    runOffset = runEnd
                }
                guard let field = cursor.next() else { return nil }
                // `tag` is the field's varint tag; its packed form has wire type 2.
                if field.tag == tag {
                    return convert(field.varint(base))
                } else if field.tag == tag | 2 {
                    runOffset = field.start
                    runEnd = field.end
                }
            }
        }
    }
}

extension RTMRepeatedStringView {
    /// The elements as strings (``RTMStringView/string`` of each), in wire order: what a view's
    /// `materialized()` copies the field with. A plain loop rather than `map`, whose generic
    /// machinery was copied into the library once per field type (issue 36).
    func strings() throws(RTMWireError) -> [String] {
        var strings: [String] = []
        for element in self { strings.append(try element.string) }
        return strings
    }
}

/// A repeated message field of a message view: a lazy sequence of views, one per element.
public struct RTMRepeatedMessageView<Element: RTMMessageView>: Sequence {
    @usableFromInline let scope: ViewScope
    @usableFromInline let tag: UInt64

    @inlinable
    init(_ scope: ViewScope, tag: UInt64) {
        self.scope = scope
        self.tag = tag
    }

    /// Number of elements (one pass over the message).
    @inlinable
    public var count: Int { ViewOccurrences.count(in: scope, tag: tag) }

    /// True when the field has no element.
    @inlinable public var isEmpty: Bool { !scope.contains(tag) }

    /// An iterator over the elements, in wire order.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(ViewTagCursor(scope, tag: tag)) }

    /// Reads the elements one at a time.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var occurrences: ViewTagCursor

        @inlinable
        init(_ occurrences: ViewTagCursor) { self.occurrences = occurrences }

        /// The next element's view, or nil after the last.
        @inlinable
        public mutating func next() -> Element? {
            guard let field = occurrences.next() else { return nil }
            // Elements of a repeated field are separate messages: each is one range.
            return Element(
                _scope: ViewScope(input: occurrences.input, start: field.start, end: field.end))
        }
    }
}

extension RTMRepeatedMessageView {
    /// The elements as messages (``RTMMessageView/materialized()`` of each), in wire order: what
    /// a view's `materialized()` copies the field with, in a plain loop as
    /// ``RTMRepeatedStringView/strings()``.
    func materializedElements() throws(RTMWireError) -> [Element.Message] {
        var messages: [Element.Message] = []
        for element in self { messages.append(try element.materialized()) }
        return messages
    }
}

/// The occurrences of one field (by raw tag) of a viewed message, one at a time: what the
/// repeated-field sequences iterate.
@usableFromInline
struct ViewTagCursor {
    @usableFromInline var cursor: ViewFieldCursor
    @usableFromInline let tag: UInt64
    @usableFromInline let input: ViewInput

    @inlinable
    init(_ scope: ViewScope, tag: UInt64) {
        cursor = scope.fields
        self.tag = tag
        input = scope.input
    }

    /// The next occurrence, or nil after the last.
    @inlinable
    mutating func next() -> ViewField? {
        while let field = cursor.next() {
            if field.tag == tag { return field }
        }
        return nil
    }
}

extension ViewOccurrences {
    /// How many times the field whose raw tag is `tag` occurs in the message at `scope`.
    @inlinable
    static func count(in scope: ViewScope, tag: UInt64) -> Int {
        var occurrences = ViewTagCursor(scope, tag: tag)
        var count = 0
        while occurrences.next() != nil { count &+= 1 }
        return count
    }
}
