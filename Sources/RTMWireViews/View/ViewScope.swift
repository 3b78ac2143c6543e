import RTMWire

/// Where the fields of a viewed message are, without copying them: a range of the view's bytes
/// and the path of field occurrences leading from it to the message.
///
/// Protobuf merges every occurrence of a singular sub-message (parsing the concatenation of
/// their bodies), and a oneof keeps only its last member's run. A view reproduces that without
/// allocating: the message is the concatenation of the bodies of every occurrence of
/// `path[0]` in the range, then of `path[1]` inside those, and so on, each step counting only
/// occurrences that start at or after its `from` offset (the start of a oneof member's last run).
/// It keeps the view's bytes alive (see `ViewInput`). Generated views hold one; it is not
/// meant to be made or read by hand.
public struct ViewScope {
    @usableFromInline let input: ViewInput
    /// The range, in 32 bits (see ``ViewOccurrences``): views are copied whole.
    @usableFromInline let start32: Int32
    @usableFromInline let end32: Int32
    /// The path of a merged message; nil (the common case: it occurred once) for one range, so
    /// that a scope stays five words and a view copies no path it does not have.
    @usableFromInline let pathBox: ViewPathBox?

    @inlinable
    init(input: ViewInput, start: Int, end: Int, pathBox: ViewPathBox? = nil) {
        self.input = input
        self.start32 = Int32(truncatingIfNeeded: start)
        self.end32 = Int32(truncatingIfNeeded: end)
        self.pathBox = pathBox
    }

    /// Where the range starts in the view's bytes.
    @inlinable var start: Int { Int(start32) }
    /// Where the range ends in the view's bytes.
    @inlinable var end: Int { Int(end32) }

    /// Start of the view's bytes, to which the scope's offsets are relative.
    @inlinable var base: UnsafePointer<UInt8> { input.base }

    /// The path of occurrences from the range to the message (empty for one range).
    @inlinable var path: ViewPath { pathBox?.path ?? ViewPath() }

    /// The scope of the sub-message field `number` of this message: every occurrence from
    /// `from` on, merged.
    @usableFromInline
    func appending(_ number: UInt32, from: Int = 0) -> ViewScope {
        var path = self.path
        path.append(number, from: from)
        return ViewScope(input: input, start: start, end: end, pathBox: ViewPathBox(path))
    }

    /// Every field of the message, in wire order (all occurrences, across merged ranges).
    @inlinable
    var fields: ViewFieldCursor { ViewFieldCursor(self) }

    /// The ranges whose concatenation is the message, in wire order, each as a reader, for a
    /// generated view's `_record` to run over so that it records the fields merged over every
    /// occurrence. The input was checked when the view was made, so the checks cannot fail: the
    /// limits are lifted (``CodecOptions/viewRecording``), the elements of repeated message
    /// fields are skipped by their length (``ViewViolation/recordsOnly``), and a failure
    /// (unreachable) ends the recording rather than trapping. The readers point into bytes that
    /// this scope keeps alive.
    @inlinable
    func checkedRanges() -> CheckedRanges { CheckedRanges(self) }

    /// Whether the field whose raw tag is `tag` occurs.
    @inlinable
    func contains(_ tag: UInt64) -> Bool {
        var cursor = fields
        while let field = cursor.next() {
            if field.tag == tag { return true }
        }
        return false
    }
}

/// The occurrences of a sub-message field met so far: the one occurrence while there is only
/// one, so that the sub-message is viewed in its own range rather than through its parent.
/// Eight bytes: offsets are 32-bit (a view refuses inputs of ``ViewInput/maxCount`` bytes or
/// more), because views record one per sub-message field and are copied whole.
@usableFromInline
struct ViewOccurrences {
    /// The body of the one occurrence; `end` is -1 when there is none, `start` is -1 when
    /// there are several.
    @usableFromInline var start: Int32 = 0
    @usableFromInline var end: Int32 = -1

    @inlinable init() {}

    @inlinable
    mutating func add(_ field: ViewField) {
        if end < 0 {
            start = field.start32
            end = field.end32
        } else {
            start = -1
        }
    }

    /// The scope of the sub-message field `number` of the message at `parent` (occurrences
    /// from `from` on): its own range when it occurred once, all its occurrences merged when
    /// more than once, nil when it did not occur.
    @inlinable
    func scope(in parent: ViewScope, _ number: UInt32, from: Int = 0) -> ViewScope? {
        if end < 0 { return nil }
        if start >= 0 {
            return ViewScope(input: parent.input, start: Int(start), end: Int(end))
        }
        return parent.appending(number, from: from)
    }
}

/// Where a string or bytes field's value is in the view's bytes (empty when absent); 32-bit
/// offsets, as in ``ViewOccurrences``.
@usableFromInline
struct ViewRange {
    @usableFromInline var start: Int32 = 0
    @usableFromInline var end: Int32 = 0

    @inlinable init() {}

    @inlinable
    init(_ field: ViewField) {
        start = field.start32
        end = field.end32
    }

    /// The string in the input of `scope`, its text not yet checked.
    @inlinable
    func string(_ scope: ViewScope) -> RTMStringView {
        RTMStringView(input: scope.input, start: Int(start), count: Int(end &- start))
    }

    /// The bytes in the input of `scope`.
    @inlinable
    func bytes(_ scope: ViewScope) -> RTMBytesView {
        RTMBytesView(input: scope.input, start: Int(start), count: Int(end &- start))
    }
}

/// One field of a viewed message: its raw tag, where the tag starts and where its value is
/// (a length-delimited field's body without its prefix; a varint's bytes). Sixteen bytes:
/// tags of a checked input fit 32 bits (field numbers are 29), offsets as in ``ViewOccurrences``.
@usableFromInline
struct ViewField {
    @usableFromInline let tag32: UInt32
    @usableFromInline let tagStart32: Int32
    @usableFromInline let start32: Int32
    @usableFromInline let end32: Int32

    @inlinable
    init(tag: UInt64, tagStart: Int, start: Int, end: Int) {
        self.tag32 = UInt32(truncatingIfNeeded: tag)
        self.tagStart32 = Int32(truncatingIfNeeded: tagStart)
        self.start32 = Int32(truncatingIfNeeded: start)
        self.end32 = Int32(truncatingIfNeeded: end)
    }

    @inlinable var tag: UInt64 { UInt64(tag32) }
    @inlinable var tagStart: Int { Int(tagStart32) }
    @inlinable var start: Int { Int(start32) }
    @inlinable var end: Int { Int(end32) }

    @inlinable var number: UInt32 { tag32 >> 3 }

    /// Whether this is an occurrence of a path step: the step's sub-message field
    /// (length-delimited), at or after where the step's run starts.
    @inlinable
    func isOccurrence(of step: (number: UInt32, from: Int)) -> Bool {
        tag == UInt64(step.number) << 3 | 2 && tagStart >= step.from
    }

    /// The value of a varint field (its bytes were checked when the view was made).
    @inlinable
    func varint(_ base: UnsafePointer<UInt8>) -> UInt64 {
        var offset = start
        return ViewScan.varint(base, &offset, end) ?? 0
    }
}

/// The readers of ``ViewScope/checkedRanges()``, one per range, in wire order; nothing is
/// allocated. Iterated by each view's `init(_scope:)`, with ``next()`` out of line: when the
/// views passed `_record` to a function taking a closure instead, the optimiser copied that
/// function, path walk and all, into every view type (88 copies, 208 KB of an app that reads one
/// view).
@usableFromInline
struct CheckedRanges {
    @usableFromInline let scope: ViewScope
    /// The fields of the message the path's steps but the last name (nil: one range).
    var parentFields: ViewFieldCursor?
    /// The last step: its occurrences among `parentFields` are the ranges.
    let last: (number: UInt32, from: Int)
    /// Whether the single range (no path) was returned.
    var returnedSingle = false

    @usableFromInline
    init(_ scope: ViewScope) {
        self.scope = scope
        guard let path = scope.pathBox?.path else {
            parentFields = nil
            last = (0, 0)
            return
        }
        var parent = path
        parent.count &-= 1
        last = path[Int(parent.count)]
        parentFields = ViewFieldCursor(scope, path: parent)
    }

    /// A reader of the next range, or nil after the last.
    @usableFromInline @inline(never)
    mutating func next() -> WireReader? {
        guard var fields = parentFields else {
            if returnedSingle { return nil }
            returnedSingle = true
            return reader(scope.start, scope.end)
        }
        defer { parentFields = fields }
        while let field = fields.next() {
            if field.isOccurrence(of: last) { return reader(field.start, field.end) }
        }
        return nil
    }

    /// A reader of `start..<end` of the view's bytes, as a sub-message's scope, no depth limit.
    func reader(_ start: Int, _ end: Int) -> WireReader {
        var reader = WireReader(base: scope.base, count: scope.input.bytes.count, maxDepth: Int.max)
        reader.offset = start
        reader.end = end
        reader.inLengthDelimitedScope = true
        return reader
    }
}

/// The fields of a ``ViewScope`` one at a time, descending into the occurrences its path names.
/// Its state is fixed-size (the current range, and one saved range per level above it):
/// iterating allocates nothing.
@usableFromInline
struct ViewFieldCursor {
    @usableFromInline let base: UnsafePointer<UInt8>
    @usableFromInline let path: ViewPath
    @usableFromInline var offset: Int
    @usableFromInline var end: Int
    @usableFromInline var level = 0
    @usableFromInline var savedOffsets = ViewLevels()
    @usableFromInline var savedEnds = ViewLevels()

    @inlinable
    init(_ scope: ViewScope) {
        self.init(scope, path: scope.path)
    }

    /// The fields of the message `path` names from `scope`'s range (not `scope`'s own path).
    @inlinable
    init(_ scope: ViewScope, path: ViewPath) {
        base = scope.base
        self.path = path
        offset = scope.start
        end = scope.end
    }

    /// The next field of the message, or nil after the last.
    @inlinable @inline(__always)
    mutating func next() -> ViewField? {
        // A message in one range (the common case: it occurred once) is a plain walk.
        if path.count == 0 {
            guard offset < end else { return nil }
            return ViewScan.field(base, &offset, end)
        }
        return nextThroughPath()
    }

    /// ``next()`` for a message merged from several occurrences.
    @usableFromInline
    mutating func nextThroughPath() -> ViewField? {
        while true {
            guard offset < end, let field = ViewScan.field(base, &offset, end) else {
                if level == 0 { return nil }
                level &-= 1
                offset = savedOffsets[level]
                end = savedEnds[level]
                continue
            }
            if level == Int(path.count) { return field }
            if field.isOccurrence(of: path[level]) {
                savedOffsets[level] = offset
                savedEnds[level] = end
                level &+= 1
                offset = field.start
                end = field.end
            }
        }
    }
}

/// The path of a merged ``ViewScope``, out of line: only a sub-message that occurs more than
/// once has one.
@usableFromInline
final class ViewPathBox {
    @usableFromInline let path: ViewPath

    @usableFromInline
    init(_ path: ViewPath) { self.path = path }
}

/// A path of up to ``ViewPath/capacity`` sub-message steps, stored inline.
@usableFromInline
struct ViewPath {
    /// As deep as the deepest sub-message nesting of the schemas (the generator checks).
    @usableFromInline static let capacity = 4
    @usableFromInline var count: UInt8 = 0
    @usableFromInline var numbers: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    @usableFromInline var froms = ViewLevels()

    @inlinable init() {}

    @inlinable
    mutating func append(_ number: UInt32, from: Int) {
        precondition(Int(count) < Self.capacity, "RTMWire: view path deeper than its capacity")
        withUnsafeMutableBytes(of: &numbers) {
            $0.storeBytes(of: number, toByteOffset: Int(count) &* 4, as: UInt32.self)
        }
        froms[Int(count)] = from
        count &+= 1
    }

    @inlinable
    subscript(level: Int) -> (number: UInt32, from: Int) {
        let number = withUnsafeBytes(of: numbers) {
            $0.load(fromByteOffset: level &* 4, as: UInt32.self)
        }
        return (number, froms[level])
    }
}

/// Five `Int`s stored inline: one per level of a ``ViewPath`` plus the root.
@usableFromInline
struct ViewLevels {
    @usableFromInline var storage: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)

    @inlinable init() {}

    @inlinable
    subscript(index: Int) -> Int {
        get {
            precondition(index >= 0 && index < 5)
            return withUnsafeBytes(of: storage) {
                $0.load(fromByteOffset: index &* 8, as: Int.self)
            }
        }
        set {
            precondition(index >= 0 && index < 5)
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: index &* 8, as: Int.self)
            }
        }
    }
}

extension CodecOptions {
    /// The options a view records an already-checked input with: wire rules only, and the
    /// limits lifted (`Limits/viewRecheck`).
    @usableFromInline
    static let viewRecording = CodecOptions(limits: .viewRecheck, checksSemantics: false)
}

extension Limits {
    /// The limits of a second pass over an input a view has already checked with the caller's
    /// limits: no depth or repeated-count limit, so that only what the first pass did not check
    /// can fail.
    @usableFromInline
    static let viewRecheck: Limits = {
        var limits = Limits.default
        limits.maxDepth = Int.max
        limits.maxRepeatedCount = Int.max
        return limits
    }()
}
