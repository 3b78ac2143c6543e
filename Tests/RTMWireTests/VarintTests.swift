import Testing

@testable import RTMWire
@testable import RTMWireViews

/// The one-word varint decoder against a byte-at-a-time reference, and the readers that use
/// it (the decoder's and the view's) on varints of every length, ending exactly at the input's
/// end or with bytes after them.
@Suite("Varint")
struct VarintTests {
    /// The varint at the start of `bytes`, a byte at a time; nil when it does not end within
    /// them.
    func reference(_ bytes: [UInt8]) -> (value: UInt64, length: Int)? {
        var value: UInt64 = 0
        for (index, byte) in bytes.prefix(10).enumerated() {
            value |= UInt64(byte & 0x7F) << (7 * UInt64(index))
            if byte < 0x80 { return (value, index + 1) }
        }
        return nil
    }

    func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.prefix(8).enumerated().reduce(0) {
            $0 | UInt64($1.element) << (8 * UInt64($1.offset))
        }
    }

    func encode(_ value: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        return bytes + [UInt8(rest)]
    }

    @Test func oneWordAgreesWithTheByteLoop() {
        var generator = SplitMix64(state: 7)  // seeded: a failure reproduces
        for length in 1...10 {
            for _ in 0..<500 {
                // A random varint of exactly `length` bytes (minimal or not), then random bytes.
                var bytes = (0..<length).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator)
                }
                bytes[length - 1] &= 0x7F
                bytes += (0..<8).map { _ in UInt8.random(in: 0...0xFF, using: &generator) }
                let decoded = Varint.decode(word: word(bytes))
                if length <= 8 {
                    let expected = reference(bytes)
                    #expect(decoded?.value == expected?.value, "\(bytes)")
                    #expect(decoded?.length == length, "\(bytes)")
                } else {
                    #expect(decoded == nil, "\(bytes)")
                }
            }
        }
        // The edges: the largest value of each length, and eight bytes with no terminator.
        for length in 1...8 {
            let largest = UInt64(1) << UInt64(7 * length) - 1
            let decoded = Varint.decode(word: word(encode(largest) + [0, 0, 0, 0, 0, 0, 0, 0]))
            #expect(decoded?.value == largest)
            #expect(decoded?.length == length)
        }
        #expect(Varint.decode(word: UInt64.max) == nil)
    }

    /// In a buffer of exactly `available` bytes (so a load past it is an address-sanitizer
    /// error): a varint that ends inside is read, one cut off by the end never is.
    @Test func boundedReadsStayInsideAndNeverTakeACutVarint() {
        var generator = SplitMix64(state: 8)
        for length in 1...8 {
            for available in 0...12 {
                var varint = (0..<length).map { _ in
                    UInt8.random(in: 0x80...0xFF, using: &generator)
                }
                varint[length - 1] &= 0x7F
                let tail = (0..<12).map { _ in UInt8.random(in: 0...0xFF, using: &generator) }
                let bytes = Array((varint + tail).prefix(available))
                let decoded = bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.flatMap { Varint.decode($0, at: 0, end: available) }
                }
                if length > available {
                    #expect(decoded == nil, "\(bytes)")
                } else if available >= 4 {
                    #expect(decoded?.value == reference(varint)?.value, "\(bytes)")
                    #expect(decoded?.length == length, "\(bytes)")
                }
            }
        }
    }

    /// A send time (six bytes) and larger values, read by the decoder and by the view, with
    /// the varint ending at the input's last byte (no word can be loaded there) or before.
    @Test(arguments: [UInt64(300), 1_615_539_916_000, 1 << 55, 1 << 56, 1 << 63, .max])
    func readersAgreeAtEveryDistanceFromTheEnd(value: UInt64) throws {
        let envelope = Envelope(sendTimeMs: Int64(bitPattern: value))
        let bytes = try envelope.serializedBytes(options: .wireOnly)
        let withTail = bytes + [0x0A, 0x01, 0x61]  // then message_id "a"
        for input in [bytes, withTail] {
            let decoded = try Envelope(serializedBytes: input, options: .wireOnly)
            #expect(decoded.sendTimeMs == Int64(bitPattern: value))
            try Envelope.withView(of: input, options: .wireOnly) { view in
                #expect(view.sendTimeMs == Int64(bitPattern: value))
                #expect(view.messageID.count == (input.count == bytes.count ? 0 : 1))
            }
        }
    }

    /// The writer's varints against the byte loop: every length, its edges, and every amount of
    /// room before them from none to nine bytes (the writer fills its buffer from the end; a
    /// faster writer that stores whole words must not spill past what it claimed).
    @Test func theWriterAgreesWithTheByteLoopWhateverTheRoom() {
        var values: [UInt64] = [0, 1, 0x7F, .max]
        for bits in stride(from: 7, through: 63, by: 7) {
            values += [(1 << UInt64(bits)) - 1, 1 << UInt64(bits), (1 << UInt64(bits)) + 1]
        }
        var random = SplitMix64(state: 22)
        for _ in 0..<2_000 { values.append(random.next() >> (random.next() % 64)) }
        for value in values {
            let expected = encode(value)
            for room in 0...9 {
                var buffer = [UInt8](repeating: 0xEE, count: room + expected.count + 3)
                buffer.withUnsafeMutableBufferPointer { pointer in
                    var writer = WireWriter(
                        base: pointer.baseAddress!, capacity: room + expected.count)
                    writer.writeVarint(value)
                    #expect(writer.position == room)
                }
                #expect(Array(buffer[room..<(room + expected.count)]) == expected, "\(value)")
                // Nothing past the varint is touched; the room before it may be.
                #expect(buffer.suffix(3).allSatisfy { $0 == 0xEE }, "\(value)")
            }
        }
    }
}
