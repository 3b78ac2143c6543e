import NIOCore
import NIOEmbedded
import RTMWire
import RTMWireTestSupport
import RTMWireTransport
import Testing

@testable import RTMWireNIO

/// After a connection carried a frame near `maxMessageBytes`, its buffers go back to their
/// baseline: no megabyte stays behind for the few bytes of the next frame.
// The time limit catches a hang, not slowness: these tests take seconds, but under
// ThreadSanitizer on a busy 2-core machine several took over a minute (CI, 2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct MemoryPerConnectionTests {
    /// Content limit raised so one text fills most of the default 1 MiB frame cap.
    static let options = CodecOptions(limits: Limits(maxContentBytes: 1 << 20))
    static let big = Fixtures.text("big", String(repeating: "x", count: 1_000_000))
    static let small = Fixtures.text("small")

    @Test func theDecoderCopiesTheRestOfALargeBufferDownToItsSize() throws {
        let bigFrame = try Self.big.delimitedBytes(options: Self.options)
        #expect(bigFrame.count > 1_000_000)
        #expect(bigFrame.count <= Limits.default.maxMessageBytes)
        let smallFrame = try Self.small.delimitedBytes()
        var decoder = EnvelopeFrameDecoder(options: Self.options)
        var buffer = ByteBuffer(bytes: bigFrame + smallFrame.prefix(3))
        #expect(try decoder.decodeFrame(from: &buffer) == Self.big)
        #expect(buffer.storageCapacity >= bigFrame.count)
        #expect(try decoder.decodeFrame(from: &buffer) == nil)
        #expect(buffer.readableBytes == 3)
        #expect(buffer.storageCapacity <= ByteBuffer.compactionThreshold)
        buffer.writeBytes(smallFrame.dropFirst(3))
        #expect(try decoder.decodeFrame(from: &buffer) == Self.small)
    }

    @Test func aBufferAtTheThresholdIsLeftAloneAndOnePastItIsCompacted() {
        var atThreshold = ByteBuffer()
        atThreshold.reserveCapacity(ByteBuffer.compactionThreshold)
        let capacity = atThreshold.storageCapacity
        atThreshold.writeBytes([1, 2, 3])
        atThreshold.compactIfMostlyEmpty()
        #expect(atThreshold.storageCapacity == capacity)
        var pastThreshold = ByteBuffer()
        pastThreshold.reserveCapacity(capacity + 1)
        pastThreshold.writeBytes([1, 2, 3])
        pastThreshold.compactIfMostlyEmpty()
        #expect(pastThreshold.storageCapacity < capacity)
        #expect(Array(pastThreshold.readableBytesView) == [1, 2, 3])
        // A buffer a quarter full or more is left alone: the frame under way needs it.
        var quarterFull = ByteBuffer()
        quarterFull.reserveCapacity(4 * capacity)
        let big = quarterFull.storageCapacity
        quarterFull.writeBytes([UInt8](repeating: 0, count: big / 4))
        quarterFull.compactIfMostlyEmpty()
        #expect(quarterFull.storageCapacity == big)
    }

    @Test func thePipelineKeepsTheCompactedBufferBetweenReads() throws {
        let probe = CapacityProbe()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(
                ProbingDecoder(inner: EnvelopeFrameDecoder(options: Self.options), probe: probe),
                maximumBufferSize: Limits.default.maxMessageBytes + 10))
        let bigFrame = try Self.big.delimitedBytes(options: Self.options)
        let smallFrame = try Self.small.delimitedBytes()
        try channel.writeInbound(ByteBuffer(bytes: bigFrame + smallFrame.prefix(3)))
        #expect(try channel.readInbound(as: Envelope.self) == Self.big)
        try channel.writeInbound(ByteBuffer(bytes: smallFrame.dropFirst(3).prefix(1)))
        // What ByteToMessageHandler handed back on the second read: the compacted buffer.
        #expect(probe.capacities.count >= 2)
        #expect((probe.capacities.last ?? .max) <= ByteBuffer.compactionThreshold)
        try channel.writeInbound(ByteBuffer(bytes: smallFrame.dropFirst(4)))
        #expect(try channel.readInbound(as: Envelope.self) == Self.small)
        _ = try channel.finish()
    }

    @Test func theInboxLetsGoOfABatchOnceItsLastEnvelopeIsReceived() async throws {
        let inbox = EnvelopeInbox(capacity: 4)
        await inbox.push([Self.small, Self.big])
        #expect(try await inbox.receive() == Self.small)
        #expect(await inbox.retained.envelopes == 1)
        #expect(try await inbox.receive() == Self.big)
        let retained = await inbox.retained
        #expect(retained.envelopes == 0)
        #expect(!retained.holdsConsumedBatch)
    }

    @Test func aLargeEnvelopeOverTCPLeavesNothingBufferedBehind() async throws {
        let configuration = TCPConfiguration(codec: Self.options)
        try await TCPLoopback.withConnectedPair(configuration: configuration) { client, server in
            try await client.send(Self.big)
            try await client.send(Self.small)
            #expect(try await server.receive() == Self.big)
            #expect(try await server.receive() == Self.small)
            // The socket took everything: the outbound budget is back to zero.
            for _ in 0..<30_000 where client.outboundBufferedBytes > 0 {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            #expect(client.outboundBufferedBytes == 0)
        }
    }
}

/// Storage capacities `ByteToMessageHandler` handed the decoder, one per call.
final class CapacityProbe: @unchecked Sendable {
    // Touched only on the embedded channel's thread.
    var capacities: [Int] = []
}

/// A decoder that records the capacity of each buffer it is handed, then decodes.
struct ProbingDecoder: ByteToMessageDecoder {
    typealias InboundOut = Envelope

    var inner: EnvelopeFrameDecoder
    let probe: CapacityProbe

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        probe.capacities.append(buffer.storageCapacity)
        return try inner.decode(context: context, buffer: &buffer)
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        try inner.decodeLast(context: context, buffer: &buffer, seenEOF: seenEOF)
    }
}
