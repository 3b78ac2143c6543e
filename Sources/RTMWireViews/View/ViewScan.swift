import RTMWire

/// Reads fields of bytes a view's up-front check has already accepted. It never throws, but
/// it still checks every bound: anything it cannot read ends the iteration (nil) rather than
/// reading outside `offset..<end`.
@usableFromInline
enum ViewScan {
    /// The varint at `offset` (moved past it), or nil when it does not end before `end`.
    @inlinable
    static func varint(_ base: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int) -> UInt64? {
        // One or two bytes: every tag of these schemas, lengths below 16 KiB, small values.
        if offset < end {
            let first = base[offset]
            if first < 0x80 {
                offset &+= 1
                return UInt64(first)
            }
            if offset &+ 1 < end, base[offset &+ 1] < 0x80 {
                let second = base[offset &+ 1]
                offset &+= 2
                return UInt64(first & 0x7F) | UInt64(second) &<< 7
            }
        }
        return varintSlow(base, &offset, end)
    }

    @usableFromInline @inline(never)
    static func varintSlow(_ base: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int)
        -> UInt64?
    {
        // Up to eight bytes: one word, no byte loop.
        if let (value, length) = Varint.decode(base, at: offset, end: end) {
            offset &+= length
            return value
        }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end, shift < 70 {
            let byte = base[offset]
            offset &+= 1
            if shift < 64 { result |= UInt64(byte & 0x7F) &<< shift }
            if byte < 0x80 { return result }
            shift &+= 7
        }
        return nil
    }

    /// The field at `offset` (moved past it), or nil when it is not a whole field before `end`.
    @inlinable @inline(__always)
    static func field(_ base: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int) -> ViewField? {
        let tagStart = offset
        guard let tag = varint(base, &offset, end) else { return nil }
        let start = offset
        switch tag & 7 {
        case 0:
            // Only where it ends matters here: the value is read when asked for.
            while offset < end, base[offset] >= 0x80 { offset &+= 1 }
            guard offset < end, offset &- start < 10 else { return nil }
            offset &+= 1
        case 1:
            guard end &- offset >= 8 else { return nil }
            offset &+= 8
        case 2:
            guard let length = varint(base, &offset, end), length <= UInt64(end &- offset) else {
                return nil
            }
            let bodyStart = offset
            offset &+= Int(length)
            return ViewField(tag: tag, tagStart: tagStart, start: bodyStart, end: offset)
        case 3:
            guard skipGroup(base, &offset, end, number: tag >> 3) else { return nil }
        case 5:
            guard end &- offset >= 4 else { return nil }
            offset &+= 4
        default:
            return nil
        }
        return ViewField(tag: tag, tagStart: tagStart, start: start, end: offset)
    }

    /// Moves `offset` past the end-group tag of group `number` (nested groups included).
    @usableFromInline
    static func skipGroup(
        _ base: UnsafePointer<UInt8>, _ offset: inout Int, _ end: Int, number: UInt64
    ) -> Bool {
        while offset < end {
            let innerStart = offset
            guard let inner = varint(base, &offset, end) else { return false }
            if inner & 7 == 4 { return inner >> 3 == number }
            offset = innerStart
            guard field(base, &offset, end) != nil else { return false }
        }
        return false
    }
}
