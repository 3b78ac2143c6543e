import RTMWire

/// ISO 8601 / RFC 3339 date-times to and from milliseconds since the Unix epoch, exactly, in
/// pure Swift.
///
/// Read: `YYYY-MM-DDTHH:MM:SS`, an optional fraction (`.` or `,` and one or more digits), then
/// `Z` or an offset `±HH:MM` / `±HHMM` (`T` and `Z` may be lower case, as RFC 3339 allows). The
/// result is exact to the millisecond: digits after the third fractional digit must be zeros
/// (`.123000Z` reads as 123 ms, `.1234Z` is an error), because rounding or cutting them would
/// change the value silently. Leap seconds (`:60`) have no millisecond count and are refused.
///
/// Written: UTC with `Z`, as `ISO8601DateFormatter()` writes (see ``LegacyTimestampStyle``).
public enum ISO8601 {
    /// Milliseconds since 1970-01-01T00:00:00Z of `text`.
    ///
    /// - Throws: `RTMWireError` with code `RTMWireError/Code/invalidValue` and `fieldPath`
    ///   `path`, naming the character that is wrong.
    public static func milliseconds(
        from text: String, path: String = "timestamp"
    ) throws(RTMWireError) -> Int64 {
        var scanner = Scanner(bytes: Array(text.utf8), path: path)
        let year = try scanner.number(digits: 4, "year")
        try scanner.expect("-")
        let month = try scanner.number(digits: 2, "month", in: 1...12)
        try scanner.expect("-")
        let day = try scanner.number(
            digits: 2, "day", in: 1...CivilDate.daysInMonth(month, year: year))
        try scanner.expect("T", or: "t")
        let hour = try scanner.number(digits: 2, "hour", in: 0...23)
        try scanner.expect(":")
        let minute = try scanner.number(digits: 2, "minute", in: 0...59)
        try scanner.expect(":")
        let second = try scanner.number(digits: 2, "second", in: 0...60)
        if second == 60 {
            throw scanner.error("leap second 60 has no millisecond count", at: scanner.index - 2)
        }
        let millisecond = try scanner.fraction()
        let offsetSeconds = try scanner.offset()
        guard scanner.atEnd else {
            throw scanner.error("unexpected characters after the time zone", at: scanner.index)
        }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Int64(seconds) * 1000 + Int64(millisecond)
    }

    /// `milliseconds` since the epoch as UTC text in `style`.
    ///
    /// - Throws: `RTMWireError/Code/invalidValue` at `path` when the year falls outside
    ///   0000 ... 9999, or when `style` is ``LegacyTimestampStyle/wholeSeconds`` and the time has
    ///   a millisecond part.
    public static func string(
        fromMilliseconds milliseconds: Int64, style: LegacyTimestampStyle,
        path: String = "timestamp"
    ) throws(RTMWireError) -> String {
        // Floor division, so times before 1970 land on the right day.
        let (days, millisecondOfDay) = floorDivide(milliseconds, by: 86_400_000)
        let date = CivilDate(daysSinceEpoch: Int(days))
        guard (0...9999).contains(date.year) else {
            throw RTMWireError(
                code: .invalidValue, fieldPath: path,
                detail: "\(milliseconds) ms is in year \(date.year), outside 0000...9999")
        }
        let fraction = Int(millisecondOfDay % 1000)
        if style == .wholeSeconds, fraction != 0 {
            throw RTMWireError(
                code: .invalidValue, fieldPath: path,
                detail:
                    "\(milliseconds) ms has a millisecond part (\(fraction)) that whole-second timestamps cannot carry; use LegacyTimestampStyle.milliseconds, or .truncatedToSeconds to drop it"
            )
        }
        let secondOfDay = Int(millisecondOfDay / 1000)
        var text = pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
        text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
        text += pad(secondOfDay % 60, 2)
        if style == .milliseconds { text += "." + pad(fraction, 3) }
        return text + "Z"
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0
            ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A cursor over the timestamp's UTF-8 bytes.
    private struct Scanner {
        let bytes: [UInt8]
        let path: String
        var index = 0

        init(bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
        }

        var atEnd: Bool { index == bytes.count }

        func error(_ detail: String, at position: Int) -> RTMWireError {
            RTMWireError(
                code: .invalidValue, fieldPath: path,
                detail: "not an ISO 8601 date-time: \(detail) (at character \(position + 1))")
        }

        private func describeCurrent() -> String {
            guard index < bytes.count else { return "the end" }
            let byte = bytes[index]
            return (0x21..<0x7F).contains(byte)
                ? "'" + String(decoding: [byte], as: UTF8.self) + "'" : "byte \(byte)"
        }

        mutating func expect(_ character: Unicode.Scalar, or other: Unicode.Scalar? = nil)
            throws(RTMWireError)
        {
            guard index < bytes.count,
                bytes[index] == UInt8(ascii: character)
                    || other.map({ bytes[index] == UInt8(ascii: $0) }) == true
            else {
                throw error("expected '\(character)', found \(describeCurrent())", at: index)
            }
            index += 1
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - 0x30)
        }

        mutating func number(
            digits count: Int, _ name: String, in range: ClosedRange<Int>? = nil
        ) throws(RTMWireError) -> Int {
            let start = index
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else {
                    throw error(
                        "the \(name) needs \(count) digits, found \(describeCurrent())", at: index)
                }
                value = value * 10 + digit
            }
            if let range, !range.contains(value) {
                throw error("\(name) \(value) is outside \(range)", at: start)
            }
            return value
        }

        /// `.ddd…`: milliseconds, requiring every digit past the third to be 0.
        mutating func fraction() throws(RTMWireError) -> Int {
            guard index < bytes.count,
                bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",")
            else { return 0 }
            index += 1
            var millisecond = 0
            var count = 0
            while let digit = digit() {
                if count < 3 {
                    millisecond = millisecond * 10 + digit
                } else if digit != 0 {
                    throw error(
                        "fraction digit \(count + 1) is not 0: milliseconds cannot hold it exactly",
                        at: index - 1)
                }
                count += 1
            }
            guard count > 0 else {
                throw error("expected a digit after the decimal mark", at: index)
            }
            for _ in count..<max(count, 3) { millisecond *= 10 }
            return millisecond
        }

        /// `Z`, `±HH:MM` or `±HHMM`, as seconds east of UTC.
        mutating func offset() throws(RTMWireError) -> Int {
            guard index < bytes.count else {
                throw error("expected 'Z' or an offset such as +09:00, found the end", at: index)
            }
            switch bytes[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
                return 0
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                let hours = try number(digits: 2, "offset hour", in: 0...23)
                if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
                let minutes = try number(digits: 2, "offset minute", in: 0...59)
                return sign * (hours * 3600 + minutes * 60)
            default:
                throw error(
                    "expected 'Z' or an offset such as +09:00, found \(describeCurrent())",
                    at: index)
            }
        }
    }
}
