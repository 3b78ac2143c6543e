import NIOCore
import NIOEmbedded
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import Testing

/// The framing handlers work for any RTMWire message, and a refused message fails its own write
/// only.
@Suite struct MessageFramingTests {
    @Test func aRefusedMessageFailsItsWriteOnlyAndTheChannelGoesOn() throws {
        let channel = EmbeddedChannel()
        let options = CodecOptions(limits: Limits(maxMessageBytes: 64))
        try channel.pipeline.syncOperations.addEnvelopeFraming(options: options)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()

        let tooBig = Fixtures.text("big", String(repeating: "z", count: 100))
        let refused = channel.writeAndFlush(tooBig)
        #expect {
            try refused.wait()
        } throws: { ($0 as? RTMWireError)?.limit?.name == "maxMessageBytes" }
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)

        // Later writes, and the channel, are unaffected.
        for id in ["after-1", "after-2"] {
            let envelope = Fixtures.text(id)
            try channel.writeAndFlush(envelope).wait()
            let written = try #require(try channel.readOutbound(as: ByteBuffer.self))
            #expect(Array(written.readableBytesView) == (try envelope.delimitedBytes()))
        }
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test func anyMessageTypeIsFramedWithBatching() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addMessageFraming(TextMessage.self, batching: true)
        let texts = ["one", "two", "三"].map { TextMessage(text: $0) }
        for text in texts { try channel.writeOutbound(text) }
        var wire = ByteBuffer()
        while var frame = try channel.readOutbound(as: ByteBuffer.self) {
            wire.writeBuffer(&frame)
        }
        #expect(Array(wire.readableBytesView) == (try texts.flatMap { try $0.delimitedBytes() }))

        // The bytes of one read come back as one batch.
        try channel.writeInbound(wire)
        #expect(try channel.readInbound(as: [TextMessage].self) == texts)
        _ = try channel.finish()
    }

    @Test func aGenericDecoderReportsOffsetsLikeEveryReader() throws {
        var decoder = MessageFrameDecoder<StatusMessage>()
        var buffer = ByteBuffer(
            bytes: (try StatusMessage(presence: .online).delimitedBytes()) + [0x02, 0x08])
        #expect(try decoder.decodeFrame(from: &buffer) == StatusMessage(presence: .online))
        #expect(try decoder.decodeFrame(from: &buffer) == nil)
    }

    @Test func byteBufferStreamsDecodeWithDelimitedMessages() async throws {
        let envelopes = Fixtures.everyKind()
        let bytes = try envelopes.flatMap { try $0.delimitedBytes() }
        let buffers = AsyncStream<ByteBuffer> { continuation in
            for start in stride(from: 0, to: bytes.count, by: 50) {
                continuation.yield(ByteBuffer(bytes: bytes[start..<min(start + 50, bytes.count)]))
            }
            continuation.finish()
        }
        var received: [Envelope] = []
        for try await envelope in buffers.delimitedMessages(of: Envelope.self) {
            received.append(envelope)
        }
        #expect(received == envelopes)
    }
}
