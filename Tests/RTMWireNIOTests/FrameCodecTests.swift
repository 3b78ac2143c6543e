import NIOCore
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import Testing

/// The public NIO framing pieces, without a channel.
@Suite struct FrameCodecTests {
    @Test func encoderWritesTheDelimitedFrame() throws {
        let envelopes = Fixtures.everyKind()
        let encoder = EnvelopeFrameEncoder()
        var buffer = ByteBuffer()
        for envelope in envelopes { try encoder.encode(envelope, into: &buffer) }
        let expected = try envelopes.flatMap { try $0.delimitedBytes() }
        #expect(Array(buffer.readableBytesView) == expected)
        // And the decoder reads them all back.
        var decoder = EnvelopeFrameDecoder()
        var decoded: [Envelope] = []
        while let envelope = try decoder.decodeFrame(from: &buffer) { decoded.append(envelope) }
        #expect(decoded == envelopes)
    }

    @Test func encoderRefusesWhatTheLimitsRefuse() {
        let encoder = EnvelopeFrameEncoder(options: .init(limits: Limits(maxMessageBytes: 64)))
        var buffer = ByteBuffer()
        #expect {
            try encoder.encode(
                Fixtures.text("m", String(repeating: "z", count: 100)), into: &buffer)
        } throws: { error in
            (error as? RTMWireError)?.limit?.name == "maxMessageBytes"
        }
        #expect(buffer.readableBytes == 0)
    }

    @Test func checkedFramesAreWrittenIntoTheBuffer() throws {
        let envelopes = Fixtures.everyKind()
        var buffer = ByteBuffer(bytes: [0xEE])
        for envelope in envelopes {
            let frame = try OutboundFrame(envelope)
            #expect(try buffer.writeDelimitedFrame(frame) == frame.size)
        }
        #expect(buffer.readInteger(as: UInt8.self) == 0xEE)
        #expect(
            Array(buffer.readableBytesView) == (try envelopes.flatMap { try $0.delimitedBytes() }))
    }

    @Test func decoderErrorsCarryStreamOffsets() throws {
        let first = try Fixtures.text("g1").delimitedBytes()
        var decoder = EnvelopeFrameDecoder()
        var buffer = ByteBuffer(bytes: first + [0x03, 0x00, 0x01, 0x02])
        #expect(try decoder.decodeFrame(from: &buffer) != nil)
        #expect {
            _ = try decoder.decodeFrame(from: &buffer)
        } throws: { error in
            let error = error as? RTMWireError
            // The bad tag is the first body byte of the second frame, after its 1-byte prefix.
            return error?.code == .invalidFieldNumber && error?.offset == first.count + 1
        }
        // Nothing was consumed from the bad frame.
        #expect(buffer.readableBytes == 4)
    }

    @Test func maximumFrameBytesFollowsTheLimits() {
        #expect(
            EnvelopeFrameDecoder(options: .init(limits: Limits(maxMessageBytes: 99)))
                .maximumFrameBytes == 99)
    }
}
