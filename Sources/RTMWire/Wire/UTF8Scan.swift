/// Scans of string bytes: UTF-8 validation and the no-NUL rule in one pass (eight bytes at a
/// time while the bytes are ASCII), and string creation without a second validation.
///
/// Loads are unaligned reads strictly inside the buffer, never past its end: a tail shorter than
/// eight bytes is covered by one more read that ends at the buffer's last byte and overlaps bytes
/// already seen (harmless for both tests).
@usableFromInline
package enum UTF8Scan {
    @usableFromInline package static let highBits: UInt64 = 0x8080_8080_8080_8080
    @usableFromInline package static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// The bytes of a buffer of 0 to 8 bytes as one word, read with at most two overlapping
    /// loads inside the buffer; positions beyond the bytes hold 0x01 (neither NUL nor high).
    @inlinable @inline(__always)
    package static func shortWord(_ base: UnsafeRawPointer, _ count: Int) -> UInt64 {
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
    package static func reduce(_ bytes: UnsafeRawBufferPointer, _ transform: (UInt64) -> UInt64)
        -> UInt64
    {
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

    /// True when some byte is 0x00.
    @inlinable @inline(__always)
    package static func containsNUL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // (w - 0x01...01) & ~w & 0x80...80 is non-zero exactly when some byte of w is zero.
        reduce(bytes) { ($0 &- lowBits) & ~$0 } & highBits != 0
    }

    /// What one pass over a string's bytes found: whether they are all ASCII and whether one
    /// is 0x00 (U+0000).
    @usableFromInline
    package struct Scan {
        @usableFromInline package var isASCII: Bool
        @usableFromInline package var containsNUL: Bool

        @inlinable
        package init(isASCII: Bool, containsNUL: Bool) {
            self.isASCII = isASCII
            self.containsNUL = containsNUL
        }
    }

    /// Validates `bytes` as UTF-8 (Unicode's well-formed sequences: no overlong forms, no
    /// surrogates, nothing above U+10FFFF) and looks for 0x00 in the same pass. Nil when they are
    /// invalid. ASCII, the common case (ids, keys), is checked eight bytes at a time, the last
    /// word overlapping; the first word holding a byte of 0x80 or above hands over to
    /// ``validateMixed(_:_:from:zero:)`` at that word, so no byte is looked at twice.
    @inlinable
    package static func validate(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan? {
        guard let base = bytes.baseAddress else { return Scan(isASCII: true, containsNUL: false) }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        if count <= 8 {
            let word = shortWord(raw, count)
            if word & highBits != 0 { return validateMixed(base, count, from: 0, zero: 0) }
            return Scan(isASCII: true, containsNUL: hasZeroByte(word))
        }
        var zero: UInt64 = 0
        var offset = 0
        while offset &+ 8 < count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if word & highBits != 0 { return validateMixed(base, count, from: offset, zero: zero) }
            zero |= (word &- lowBits) & ~word
            offset &+= 8
        }
        let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        if last & highBits != 0 { return validateMixed(base, count, from: offset, zero: zero) }
        return Scan(isASCII: true, containsNUL: zero & highBits != 0 || hasZeroByte(last))
    }

    /// Whether some byte of `word` is 0x00: (w - 0x01...01) & ~w has a high bit set exactly then.
    @inlinable @inline(__always)
    package static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- lowBits) & ~word & highBits != 0
    }

    /// ``validate(_:)`` from `start` on, where a byte of 0x80 or above is near; `zero` holds the
    /// zero-byte bits of the words before. Each byte moves ``UTF8DFA`` one step (one load, no
    /// branch per byte), eight bytes per round; a round that starts between characters on eight
    /// ASCII bytes without 0x00 skips them as one word, since text mixes scripts with spaces and
    /// punctuation. A 0x00 stops the automaton in its error state, like invalid UTF-8:
    /// ``validateAroundNUL(_:_:from:)`` then tells the two apart.
    @usableFromInline
    package static func validateMixed(
        _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int, zero: UInt64
    ) -> Scan? {
        let table = UTF8DFA.table
        var state = table.accept
        var index = start
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A high bit where a byte is 0x80 or above or 0x00 (or, after a 0x00, one more: that
            // word only goes through the automaton).
            if (word | (word &- lowBits)) & highBits == 0, state == table.accept {
                index &+= 8
                continue
            }
            for offset in 0..<8 { state = table.step(state, base[index &+ offset]) }
            index &+= 8
        }
        while index < count {
            state = table.step(state, base[index])
            index &+= 1
        }
        guard state == table.accept else { return validateAroundNUL(base, count, from: start) }
        return Scan(isASCII: false, containsNUL: zero & highBits != 0)
    }

    /// After ``validateMixed(_:_:from:zero:)`` ended in the automaton's error state, which 0x00
    /// leads to as invalid UTF-8 does: the bytes from `start` on are valid UTF-8 holding U+0000
    /// when every run between 0x00 bytes is; nil otherwise. Rare (U+0000 is refused by the
    /// semantic rules), so it walks the bytes again, one at a time.
    @usableFromInline
    package static func validateAroundNUL(
        _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int
    )
        -> Scan?
    {
        let table = UTF8DFA.table
        var state = table.accept
        var sawNUL = false
        for index in start..<count {
            let byte = base[index]
            if byte == 0 {
                // A 0x00 where a continuation byte belongs is invalid UTF-8.
                guard state == table.accept else { return nil }
                sawNUL = true
            } else {
                state = table.step(state, byte)
            }
        }
        guard sawNUL, state == table.accept else { return nil }
        return Scan(isASCII: false, containsNUL: true)
    }

    /// A string holding a copy of `bytes`, which ``validate(_:)`` accepted: where the standard
    /// library offers it (`UTF8Span`), without validating them a second time.
    @inlinable
    package static func string(validated bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String
    {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The index of the first string of `strings` that contains U+0000, if any. A plain
    /// (non-throwing) scan: validation calls the throwing rule only for that string, since a
    /// throwing call per element makes the compiler copy (retain and release) each one.
    @inlinable
    package static func firstIndexContainingNUL(_ strings: [String]) -> Int? {
        strings.firstIndex { containsNUL($0) }
    }

    /// Whether `string`'s UTF-8 contains a 0x00 byte (U+0000).
    @inlinable @inline(__always)
    package static func containsNUL(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { containsNUL(UnsafeRawBufferPointer($0)) }
            ?? string.utf8.contains(0)
    }
}
