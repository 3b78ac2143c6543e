import RTMWireTestSupport
import Testing

@testable import RTMWire

/// The one-pass UTF-8 and U+0000 scan against the standard library's validation: short strings
/// of edge bytes, and text long enough for its word-at-a-time paths (runs of ASCII, of
/// three-byte Hangul and four-byte emoji), possibly broken at one byte.
@Suite("UTF-8 scan")
struct UTF8ScanTests {
    /// Well-formed characters of every length, with the edges of Unicode Table 3-7's ranges.
    static let characters: [[UInt8]] = [
        [0x00], [0x41], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80],
        [0xE1, 0x80, 0x80], [0xEA, 0xB0, 0x80], [0xEC, 0xBF, 0xBF], [0xED, 0x80, 0x80],
        [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
        [0xF0, 0x9F, 0x99, 0x82], [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    /// Bytes that break a sequence when they replace one of its bytes or are inserted.
    static let breakers: [UInt8] = [
        0x00, 0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5,
        0xF8, 0xFF,
    ]

    func expectAgreement(_ bytes: [UInt8]) {
        let ours = bytes.withUnsafeBufferPointer { UTF8Scan.validate($0) }
        let standard = String(validating: bytes, as: UTF8.self)
        #expect((ours != nil) == (standard != nil), "\(bytes)")
        if let ours {
            #expect(ours.containsNUL == bytes.contains(0), "\(bytes)")
            #expect(ours.isASCII == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
        }
    }

    /// Short strings of bytes from the edges of every range, valid or not.
    @Test func shortStringsOfInterestingBytesAgree() {
        var random = SplitMix64(state: 10)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0, 0x8F, 0x90,
        ]
        for _ in 0..<20_000 {
            let count = Int(random.next() % 12)
            expectAgreement(
                (0..<count).map { _ in interesting[Int(random.next() % UInt64(interesting.count))] }
            )
        }
    }

    @Test func wellFormedTextOfEveryMixIsAccepted() {
        var random = SplitMix64(state: 3)
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            // Runs of one kind of character, as real text has: the fast paths see long runs.
            for _ in 0..<Int(random.next() % 6) {
                let character = Self.characters.randomElement(using: &random)!
                for _ in 0..<Int(1 + random.next() % 12) { bytes += character }
            }
            expectAgreement(bytes)
        }
    }

    /// A byte replaced or inserted anywhere (some replacements leave the text valid: the verdict
    /// must still be the standard library's).
    @Test func oneChangedByteAnywhereAgrees() {
        var random = SplitMix64(state: 4)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(1 + random.next() % 16) {
                bytes += Self.characters.randomElement(using: &random)!
            }
            let breaker = Self.breakers.randomElement(using: &random)!
            let position = Int(random.next() % UInt64(bytes.count))
            if random.next() % 2 == 0 {
                bytes[position] = breaker
            } else {
                bytes.insert(breaker, at: position)
            }
            expectAgreement(bytes)
        }
    }

    @Test func truncatedSequencesAtTheEndAreRefused() {
        for character in Self.characters where character.count > 1 {
            for prefix: [UInt8] in [[], Array(repeating: 0x41, count: 9), [0xEA, 0xB0, 0x80]] {
                for cut in 1..<character.count {
                    let bytes = prefix + Array(character[..<cut])
                    #expect(bytes.withUnsafeBufferPointer { UTF8Scan.validate($0) } == nil)
                    expectAgreement(bytes)
                }
            }
        }
    }
}
