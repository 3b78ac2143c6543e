/// Writes protobuf wire format into a buffer sized exactly beforehand, from its end to its start.
///
/// The encoder computes a message's size first (`_wireSize()`, each sub-message once), allocates
/// once, then writes **backwards**: the last field first, and each field's value before its tag.
/// A sub-message is written before its length prefix, so the prefix is simply the number of
/// bytes just written and no sub-message size is ever computed twice. The bytes come out exactly
/// as a forward writer would produce them (fields in field-number order, unknown fields last).
///
/// A writer exists only inside `withWriter(capacity:_:)` and must not escape it. Every write
/// checks the room left before it moves: running out means the size computation and the writer
/// disagree, a bug that must not corrupt memory, so it stops the program instead.
public struct WireWriter {
    /// Start of the buffer.
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    /// Bytes `position..<capacity` are written; the next write ends at `position`.
    @usableFromInline var position: Int
    /// True once a string written held U+0000 (see `serializedBytes(options:)`).
    @usableFromInline var sawNUL = false

    @usableFromInline
    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.position = capacity
    }

    /// Messages up to this size are written into a stack buffer and then copied into the
    /// result; larger ones are written straight into the result's storage.
    @usableFromInline static let stackBufferLimit = 1024

    /// Allocates `capacity` bytes, lends a writer over them to `body`, and returns the bytes.
    /// The body must fill the buffer exactly.
    @inlinable
    static func withWriter(capacity: Int, _ body: (inout WireWriter) -> Void) -> [UInt8] {
        if capacity == 0 { return [] }
        if capacity <= stackBufferLimit {
            // `[UInt8](unsafeUninitializedCapacity:)` looks up the array storage type's generic
            // metadata at run time on every call (a locked cache lookup, costlier than copying
            // a small message); `Array(_:)` from a buffer does not.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                fill(buffer, body)
                return Array(buffer)
            }
        }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            fill(buffer, body)
            initialized = capacity
        }
    }

    /// Lends a writer over all of `buffer` to `body` and checks that it filled it exactly.
    @inlinable
    static func fill(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, _ body: (inout WireWriter) -> Void
    ) {
        var writer = WireWriter(base: buffer.baseAddress!, capacity: buffer.count)
        body(&writer)
        precondition(writer.position == 0, "RTMWire: encoded size differs from computed size")
    }

    /// Lends a writer over the first `size` bytes of a caller's `buffer` to `body`, which must
    /// fill them exactly; returns `size`. Throws ``RTMWireError/Code/bufferTooSmall`` when the
    /// buffer is shorter.
    @inlinable
    static func fill(
        _ buffer: UnsafeMutableRawBufferPointer, size: Int, _ body: (inout WireWriter) -> Void
    ) throws(RTMWireError) -> Int {
        guard buffer.count >= size else { throw bufferTooSmall(buffer.count, needed: size) }
        // An empty buffer may have no base address; nothing is written then.
        if size > 0 {
            let start = buffer.baseAddress!.bindMemory(to: UInt8.self, capacity: size)
            fill(UnsafeMutableBufferPointer(start: start, count: size), body)
        }
        return size
    }

    /// The ``RTMWireError/Code/bufferTooSmall`` error of a caller's buffer of `count` bytes.
    @usableFromInline
    static func bufferTooSmall(_ count: Int, needed size: Int) -> RTMWireError {
        RTMWireError(
            code: .bufferTooSmall, detail: "buffer of \(count) bytes; the encoding needs \(size)")
    }

    /// Moves `position` back by `count` bytes and returns the new position, where the caller
    /// writes exactly `count` bytes.
    @inlinable @inline(__always)
    mutating func claim(_ count: Int) -> Int {
        precondition(position >= count, "RTMWire: encoder wrote past its computed size")
        position &-= count
        return position
    }

    /// Writes one byte (tags below 128 are a single byte).
    @inlinable @inline(__always)
    mutating func writeByte(_ byte: UInt8) {
        base[claim(1)] = byte
    }

    /// Writes a two-byte tag (fields 16 to 2047), bytes in wire order.
    @inlinable @inline(__always)
    mutating func writeTag(_ first: UInt8, _ second: UInt8) {
        let offset = claim(2)
        base[offset] = first
        base[offset &+ 1] = second
    }

    /// Writes a varint. The one-byte case (lengths of short strings and sub-messages, small
    /// numbers) is inlined at every call; the call it saves was about 20 instructions a varint.
    @inlinable @inline(__always)
    mutating func writeVarint(_ value: UInt64) {
        if value < 0x80 {
            writeByte(UInt8(truncatingIfNeeded: value))
            return
        }
        writeLongVarint(value)
    }

    /// Writes a varint of two bytes or more.
    @inlinable
    mutating func writeLongVarint(_ value: UInt64) {
        var offset = claim(Varint.size(value))
        var remaining = value
        while remaining >= 0x80 {
            base[offset] = UInt8(truncatingIfNeeded: remaining) | 0x80
            offset &+= 1
            remaining >>= 7
        }
        base[offset] = UInt8(truncatingIfNeeded: remaining)
    }

    /// Writes an int32 or enum value, sign-extended to 64 bits like every protobuf encoder.
    @inlinable
    mutating func writeVarint(int32 value: Int32) {
        writeVarint(UInt64(bitPattern: Int64(value)))
    }

    /// Writes raw bytes.
    @inlinable
    mutating func writeRaw(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        guard count > 0 else { return }
        UnsafeMutableRawPointer(base + claim(count)).copyMemory(
            from: bytes.baseAddress!, byteCount: count)
    }

    /// Writes a byte array's contents.
    @inlinable
    mutating func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeRaw($0) }
    }

    /// Writes the UTF-8 bytes of `string`, then its length prefix.
    @inlinable @inline(__always)
    mutating func writeLengthDelimited(_ string: String) {
        let written = string.utf8.withContiguousStorageIfAvailable { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            if UTF8Scan.containsNUL(bytes) { sawNUL = true }
            writeRaw(bytes)
            return utf8.count
        }
        if let written {
            writeVarint(UInt64(written))
        } else {
            // A string without contiguous UTF-8 (bridged from Objective-C): copy it once.
            let bytes = Array(string.utf8)
            if bytes.contains(0) { sawNUL = true }
            writeLengthDelimited(bytes)
        }
    }

    /// Writes `bytes`, then their length prefix.
    @inlinable
    mutating func writeLengthDelimited(_ bytes: [UInt8]) {
        writeRaw(bytes)
        writeVarint(UInt64(bytes.count))
    }

    /// Writes the encoding of `message`, then its length prefix: the number of bytes just
    /// written.
    @inlinable
    mutating func writeMessage<M: RTMMessage>(_ message: M) {
        let end = position
        message._encode(to: &self)
        writeVarint(UInt64(end &- position))
    }

    /// Writes the packed encoding of `values` (in order), then its length prefix.
    @inlinable
    mutating func writePackedVarints<C: BidirectionalCollection>(
        _ values: C, _ convert: (C.Element) -> UInt64
    ) {
        let end = position
        for value in values.reversed() { writeVarint(convert(value)) }
        writeVarint(UInt64(end &- position))
    }
}
