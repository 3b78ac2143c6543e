import RTMWire
import RTMWireLegacy
import Testing

private func ms(_ text: String) throws(RTMWireError) -> Int64 {
    try ISO8601.milliseconds(from: text)
}

private func invalid(_ text: String) -> RTMWireError? {
    do {
        _ = try ISO8601.milliseconds(from: text)
        return nil
    } catch {
        return error
    }
}

@Suite("ISO 8601 timestamps")
struct ISO8601Tests {
    @Test(
        "readable forms, exact to the millisecond",
        arguments: [
            ("2021-03-12T09:05:16Z", 1_615_539_916_000),  // the tutorial's example
            ("2021-03-12T09:05:16.123Z", 1_615_539_916_123),
            ("2021-03-12T09:05:16.1Z", 1_615_539_916_100),
            ("2021-03-12T09:05:16.12Z", 1_615_539_916_120),
            ("2021-03-12T09:05:16,5Z", 1_615_539_916_500),
            ("2021-03-12T09:05:16.123000000Z", 1_615_539_916_123),
            ("2021-03-12T18:05:16+09:00", 1_615_539_916_000),
            ("2021-03-12T18:05:16.250+0900", 1_615_539_916_250),
            ("2021-03-12T04:05:16-05:00", 1_615_539_916_000),
            ("2021-03-12T09:05:16-00:00", 1_615_539_916_000),
            ("2021-03-12t09:05:16z", 1_615_539_916_000),
            ("1970-01-01T00:00:00.001Z", 1),
            ("1969-12-31T23:59:59.999Z", -1),
            ("2024-02-29T00:00:00Z", 1_709_164_800_000),
            ("2000-02-29T12:00:00Z", 951_825_600_000),
            ("0000-01-01T00:00:00Z", -62_167_219_200_000),
            ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
        ] as [(String, Int64)])
    func reads(text: String, expected: Int64) throws {
        #expect(try ms(text) == expected)
    }

    @Test(
        "unreadable or inexact forms name the problem",
        arguments: [
            ("2021-03-12T09:05:16.1234Z", "fraction digit 4 is not 0"),
            ("2021-03-12T09:05:16.0000001Z", "fraction digit 7 is not 0"),
            ("2021-03-12T09:05:60Z", "leap second"),
            ("2021-02-29T00:00:00Z", "day 29 is outside 1...28"),
            ("1900-02-29T00:00:00Z", "day 29 is outside 1...28"),
            ("2021-13-01T00:00:00Z", "month 13"),
            ("2021-03-12T24:00:00Z", "hour 24"),
            ("2021-03-12T09:60:00Z", "minute 60"),
            ("2021-03-12T09:05:16", "expected 'Z' or an offset"),
            ("2021-03-12T09:05:16+25:00", "offset hour 25"),
            ("2021-03-12T09:05:16+09:60", "offset minute 60"),
            ("2021-03-12T09:05:16.Z", "expected a digit after the decimal mark"),
            ("2021-03-12 09:05:16Z", "expected 'T'"),
            ("21-03-12T09:05:16Z", "year needs 4 digits"),
            ("2021-03-12T09:05:16Zjunk", "unexpected characters"),
            ("+2021-03-12T09:05:16Z", "year needs 4 digits"),
            ("", "year needs 4 digits"),
            ("２０２１-03-12T09:05:16Z", "year needs 4 digits"),
        ] as [(String, String)])
    func rejects(text: String, detail: String) {
        let error = invalid(text)
        #expect(error?.code == .invalidValue)
        #expect(error?.fieldPath == "timestamp")
        #expect(error?.detail.contains(detail) == true, "\(String(describing: error))")
    }

    @Test func writesEachStyle() throws {
        let whole: Int64 = 1_615_539_916_000
        #expect(
            try ISO8601.string(fromMilliseconds: whole, style: .wholeSeconds)
                == "2021-03-12T09:05:16Z")
        #expect(
            try ISO8601.string(fromMilliseconds: whole, style: .milliseconds)
                == "2021-03-12T09:05:16.000Z")
        #expect(
            try ISO8601.string(fromMilliseconds: whole + 7, style: .milliseconds)
                == "2021-03-12T09:05:16.007Z")
        #expect(
            try ISO8601.string(fromMilliseconds: whole + 999, style: .truncatedToSeconds)
                == "2021-03-12T09:05:16Z")
        #expect(
            try ISO8601.string(fromMilliseconds: -1, style: .milliseconds)
                == "1969-12-31T23:59:59.999Z")
        #expect(throws: RTMWireError.self) {
            try ISO8601.string(fromMilliseconds: whole + 1, style: .wholeSeconds)
        }
        // Years 0000 and 9999 are the edges of four digits.
        #expect(
            try ISO8601.string(fromMilliseconds: -62_167_219_200_000, style: .wholeSeconds)
                == "0000-01-01T00:00:00Z")
        for outside: Int64 in [-62_167_219_200_001, 253_402_300_800_000, .max, .min] {
            #expect(throws: RTMWireError.self) {
                try ISO8601.string(fromMilliseconds: outside, style: .milliseconds)
            }
        }
    }

    @Test func everyMillisecondRoundTrips() throws {
        var state: UInt64 = 0x1505_2021
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Int64(state >> 1) % 253_402_300_800_000 - 62_167_219_200_000 / 2
            let text = try ISO8601.string(fromMilliseconds: value, style: .milliseconds)
            #expect(try ms(text) == value, "\(text)")
            let seconds = value - ((value % 1000) + 1000) % 1000
            #expect(
                try ms(ISO8601.string(fromMilliseconds: seconds, style: .wholeSeconds)) == seconds)
        }
    }
}
