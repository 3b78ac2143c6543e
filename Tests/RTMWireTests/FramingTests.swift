import Testing

@testable import RTMWire

@Suite("Delimited framing")
struct FramingTests {
    static let envelopes = Samples.bodies.map(\.1)

    static func stream() throws -> [UInt8] {
        try envelopes.flatMap { try $0.delimitedBytes() }
    }

    @Test func frameIsLengthPrefixedMessage() throws {
        let envelope = header(.text(TextMessage(text: "hi")))
        let body = try envelope.serializedBytes()
        #expect(try envelope.delimitedBytes() == [UInt8(body.count)] + body)
    }

    @Test func splitAtEveryByteBoundaryYieldsTheSameEnvelopes() throws {
        let bytes = try Self.stream()
        for split in 0...bytes.count {
            var reader = FrameReader<Envelope>()
            var out: [Envelope] = []
            reader.append(bytes[..<split])
            while let envelope = try reader.next() { out.append(envelope) }
            reader.append(bytes[split...])
            while let envelope = try reader.next() { out.append(envelope) }
            try reader.finish()
            #expect(out == Self.envelopes, "split at \(split)")
        }
    }

    @Test func byteAtATime() throws {
        let bytes = try Self.stream()
        var reader = FrameReader<Envelope>()
        var out: [Envelope] = []
        for byte in bytes {
            reader.append(CollectionOfOne(byte))
            while let envelope = try reader.next() { out.append(envelope) }
        }
        try reader.finish()
        #expect(out == Self.envelopes)
        #expect(reader.bufferedByteCount == 0)
    }

    @Test func endInsideAFrameIsTruncation() throws {
        let bytes = try Self.stream()
        var reader = FrameReader<Envelope>()
        reader.append(bytes.dropLast())
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == Self.envelopes.count - 1)
        #expect(caught { () throws(RTMWireError) in try reader.finish() }?.code == .truncatedFrame)
    }

    @Test func oversizedPrefixIsRefusedBeforeBuffering() throws {
        var reader = FrameReader<Envelope>(
            options: CodecOptions(limits: Limits(maxMessageBytes: 100)))
        // Prefix claims 4 GiB; no body follows.
        reader.append(hex("80 80 80 80 10"))
        let error = caught { () throws(RTMWireError) in try reader.next() }
        #expect(error?.code == .limitExceeded)
        #expect(error?.limit == .init(name: "maxMessageBytes", allowed: 100, actual: 4_294_967_296))
        // The reader stays failed.
        #expect(caught { () throws(RTMWireError) in try reader.next() }?.code == .limitExceeded)
    }

    @Test func frameAtTheCapIsAccepted() throws {
        var reader = FrameReader<TextMessage>(
            options: CodecOptions(limits: Limits(maxMessageBytes: 3)))
        reader.append(hex("03 0a 01 61"))
        #expect(try reader.next() == TextMessage(text: "a"))
        var over = FrameReader<TextMessage>(
            options: CodecOptions(limits: Limits(maxMessageBytes: 2)))
        over.append(hex("03"))
        #expect(caught { () throws(RTMWireError) in try over.next() }?.limit?.actual == 3)
    }

    @Test func garbageFrameFailsWithOffsetInTheStream() throws {
        let good = try header(.text(TextMessage(text: "hi"))).delimitedBytes()
        var reader = FrameReader<Envelope>()
        reader.append(good + hex("02 0f 00"))
        #expect(try reader.next() != nil)
        let error = caught { () throws(RTMWireError) in try reader.next() }
        #expect(error?.code == .invalidWireType)
        #expect(error?.offset == good.count + 1)
    }

    @Test func errorsWithoutAPositionArePlacedAtTheirFrame() throws {
        let good = try header(.text(TextMessage(text: "hi"))).delimitedBytes()
        let noBody = try header(nil).delimitedBytes(options: .wireOnly)
        var reader = FrameReader<Envelope>()
        reader.append(good + noBody)
        #expect(try reader.next() != nil)
        let error = caught { () throws(RTMWireError) in try reader.next() }
        #expect(error?.code == .missingField)
        #expect(error?.fieldPath == "body")
        #expect(error?.offset == good.count)
    }

    @Test func prefixLongerThanTenBytes() {
        var reader = FrameReader<Envelope>()
        reader.append([UInt8](repeating: 0x80, count: 11))
        #expect(caught { () throws(RTMWireError) in try reader.next() }?.code == .varintTooLong)
    }

    @Test func outboundFrameIsTheDelimitedFrame() throws {
        for envelope in Self.envelopes {
            let frame = try OutboundFrame(envelope)
            let expected = try envelope.delimitedBytes()
            #expect(frame.bytes == expected)
            #expect(frame.size == expected.count)
            #expect(frame.bodySize == envelope.serializedSize)
            // Into a caller's buffer: exactly `size` bytes, nothing past them.
            var buffer = [UInt8](repeating: 0xAA, count: frame.size + 4)
            let written = try buffer.withUnsafeMutableBytes { raw throws(RTMWireError) in
                try frame.write(into: raw)
            }
            #expect(written == frame.size)
            #expect(buffer == expected + [0xAA, 0xAA, 0xAA, 0xAA])
            var short = [UInt8](repeating: 0, count: frame.size - 1)
            let error = short.withUnsafeMutableBytes { raw in
                caught { () throws(RTMWireError) in try frame.write(into: raw) }
            }
            #expect(error?.code == .bufferTooSmall)
        }
    }

    @Test func outboundFrameRefusesWhatEncodingRefuses() {
        let big = header(.text(TextMessage(text: String(repeating: "z", count: 100))))
        let options = CodecOptions(limits: Limits(maxMessageBytes: 64))
        let error = caught { () throws(RTMWireError) in try OutboundFrame(big, options: options) }
        #expect(
            error == caught { () throws(RTMWireError) in try big.delimitedBytes(options: options) })
        #expect(error?.limit?.name == "maxMessageBytes")
        let invalid = header(nil)
        #expect(
            caught { () throws(RTMWireError) in try OutboundFrame(invalid) }?.code == .missingField)
        // Wire-only: no rule, no limit.
        #expect(
            caught { () throws(RTMWireError) in try OutboundFrame(big, options: .wireOnly) } == nil)
    }

    @Test func cleanEndOfStream() throws {
        let reader = FrameReader<Envelope>()
        try reader.finish()
    }
}
