/// Writes protobuf wire format into a buffer sized exactly beforehand.
///
/// The encoder computes a message's size first, allocates once, then writes. A writer exists only
/// inside ``withWriter(capacity:_:)`` and must not escape it. Every write checks capacity: running
/// out means the size computation and the writer disagree, a bug that must not corrupt memory, so
/// it stops the program rather than write out of bounds.
public struct WireWriter {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    @usableFromInline var count: Int

    @usableFromInline
    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
        self.count = 0
    }

    /// Allocates `capacity` bytes, lends a writer over them to `body`, and returns the bytes.
    /// The body must fill the buffer exactly.
    @inlinable
    static func withWriter(capacity: Int, _ body: (inout WireWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            if capacity == 0 { initialized = 0; return }
            var writer = WireWriter(base: buffer.baseAddress!, capacity: capacity)
            body(&writer)
            precondition(writer.count == capacity, "RTMWire: encoded size differs from computed size")
            initialized = capacity
        }
    }

    @inlinable
    mutating func reserve(_ n: Int) {
        precondition(capacity - count >= n, "RTMWire: encoder wrote past its computed size")
    }

    /// Writes one byte (tags below 128 are a single byte).
    @inlinable
    mutating func writeByte(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Writes a varint.
    @inlinable
    mutating func writeVarint(_ value: UInt64) {
        if value < 0x80 {
            writeByte(UInt8(value))
            return
        }
        reserve(Varint.size(value))
        var remaining = value
        while remaining >= 0x80 {
            base[count] = UInt8(truncatingIfNeeded: remaining) | 0x80
            count += 1
            remaining >>= 7
        }
        base[count] = UInt8(remaining)
        count += 1
    }

    /// Writes an int32 or enum value, sign-extended to 64 bits like every protobuf encoder.
    @inlinable
    mutating func writeVarint(int32 value: Int32) {
        writeVarint(UInt64(bitPattern: Int64(value)))
    }

    /// Writes raw bytes.
    @inlinable
    mutating func writeRaw(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0 else { return }
        reserve(n)
        UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress!, byteCount: n)
        count += n
    }

    /// Writes a byte array's contents.
    @inlinable
    mutating func writeRaw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeRaw($0) }
    }

    /// Writes a length prefix and the UTF-8 bytes of `string`.
    @inlinable
    mutating func writeLengthDelimited(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            writeRaw(UnsafeRawBufferPointer(utf8))
        }
    }

    /// Writes a length prefix and `bytes`.
    @inlinable
    mutating func writeLengthDelimited(_ bytes: [UInt8]) {
        writeVarint(UInt64(bytes.count))
        writeRaw(bytes)
    }

    /// Writes a length prefix and the encoding of `message`.
    @inlinable
    mutating func writeMessage<M: RTMMessage>(_ message: M) {
        writeVarint(UInt64(message._wireSize()))
        message._encode(to: &self)
    }
}
