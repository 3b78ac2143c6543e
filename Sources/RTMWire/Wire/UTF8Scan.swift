/// Scans of string bytes eight at a time: the fast paths of string decoding (ASCII is valid
/// UTF-8) and of the no-NUL rule.
///
/// Loads are unaligned reads strictly inside the buffer, never past its end: a tail shorter than
/// eight bytes is covered by one more read that ends at the buffer's last byte and overlaps bytes
/// already seen (harmless for both tests).
@usableFromInline
enum UTF8Scan {
    @usableFromInline static let highBits: UInt64 = 0x8080_8080_8080_8080
    @usableFromInline static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// The bytes of a buffer of 0 to 8 bytes as one word, read with at most two overlapping
    /// loads inside the buffer; positions beyond the bytes hold 0x01 (neither NUL nor high).
    @inlinable @inline(__always)
    static func shortWord(_ base: UnsafeRawPointer, _ count: Int) -> UInt64 {
        if count >= 4 {
            let low = UInt64(base.loadUnaligned(as: UInt32.self))
            let high = UInt64(base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return low | high &<< 32
        }
        if count >= 2 {
            let low = UInt64(base.loadUnaligned(as: UInt16.self))
            let high = UInt64(base.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self))
            return low | high &<< 16 | 0x0101_0101_0000_0000
        }
        if count == 1 {
            return UInt64(base.load(as: UInt8.self)) | 0x0101_0101_0101_0100
        }
        return lowBits
    }

    /// ORs `transform` of every 8-byte word of `bytes` (see ``shortWord(_:_:)`` for buffers
    /// under 8 bytes; a longer buffer's tail is one more load ending at its last byte).
    @inlinable @inline(__always)
    static func reduce(_ bytes: UnsafeRawBufferPointer, _ transform: (UInt64) -> UInt64) -> UInt64 {
        guard let base = bytes.baseAddress else { return transform(lowBits) }
        let count = bytes.count
        if count <= 8 { return transform(shortWord(base, count)) }
        var bits: UInt64 = 0
        var offset = 0
        while offset &+ 8 < count {
            bits |= transform(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        return bits | transform(base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    }

    /// True when every byte is below 0x80: ASCII, and so valid UTF-8.
    @inlinable @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        reduce(bytes) { $0 } & highBits == 0
    }

    /// True when some byte is 0x00.
    @inlinable @inline(__always)
    static func containsNUL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // (w - 0x01...01) & ~w & 0x80...80 is non-zero exactly when some byte of w is zero.
        reduce(bytes) { ($0 &- lowBits) & ~$0 } & highBits != 0
    }

    /// The string that `bytes` encode, or nil when they are not valid UTF-8.
    @inlinable
    static func string(validating bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if isASCII(UnsafeRawBufferPointer(bytes)) {
            return String(decoding: bytes, as: UTF8.self)
        }
        // Let the standard library validate while it decodes. Decoding replaces every invalid
        // sequence with U+FFFD, so the input was valid exactly when the result is the input.
        var string = String(decoding: bytes, as: UTF8.self)
        let unchanged = string.withUTF8 { decoded in
            decoded.count == bytes.count
                && UnsafeRawBufferPointer(decoded).elementsEqual(UnsafeRawBufferPointer(bytes))
        }
        return unchanged ? string : nil
    }

    /// The index of the first string of `strings` that contains U+0000, if any. A plain
    /// (non-throwing) scan: validation calls the throwing rule only for that string, since a
    /// throwing call per element makes the compiler copy (retain and release) each one.
    @inlinable
    static func firstIndexContainingNUL(_ strings: [String]) -> Int? {
        strings.firstIndex { containsNUL($0) }
    }

    /// Whether `string`'s UTF-8 contains a 0x00 byte (U+0000).
    @inlinable @inline(__always)
    static func containsNUL(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { containsNUL(UnsafeRawBufferPointer($0)) }
            ?? string.utf8.contains(0)
    }
}
