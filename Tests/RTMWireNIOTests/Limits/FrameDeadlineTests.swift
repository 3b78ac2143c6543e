import NIOCore
import NIOEmbedded
import RTMWire
import RTMWireTestSupport
import RTMWireTransport
import Testing

@testable import RTMWireNIO

/// The frame timeout on a virtual clock: at the deadline exactly, and one tick before it.
@Suite struct FrameDeadlineTests {
    static let timeout = TimeAmount.seconds(30)

    /// A channel with the deadline handler, the frame decoder and the batching, as TCP has them.
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            FrameDeadlineHandler<FrameBoundaryTracker>(timeout: timeout))
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(EnvelopeFrameDecoder()))
        try channel.pipeline.syncOperations.addHandler(EnvelopeBatchHandler())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 7070)).wait()
        return channel
    }

    static func received(_ channel: EmbeddedChannel) throws -> [Envelope] {
        var envelopes: [Envelope] = []
        while let batch = try channel.readInbound(as: [Envelope].self) { envelopes += batch }
        return envelopes
    }

    @Test func aFrameStillIncompleteAtTheDeadlineEndsTheConnection() throws {
        let channel = try Self.channel()
        let whole = try Fixtures.text("whole").delimitedBytes()
        let partial = try Fixtures.text("partial").delimitedBytes()
        try channel.writeInbound(ByteBuffer(bytes: whole + partial.prefix(3)))
        // Trickled bytes do not move the deadline.
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        try channel.writeInbound(ByteBuffer(bytes: partial[3..<5]))
        channel.embeddedEventLoop.advanceTime(by: Self.timeout - .seconds(10) - .nanoseconds(1))
        try channel.throwIfErrorCaught()
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect {
            try channel.throwIfErrorCaught()
        } throws: {
            ($0 as? TransportError)?.code == .frameTimedOut
        }
        #expect(!channel.isActive)
        #expect(try Self.received(channel) == [Fixtures.text("whole")])
    }

    @Test func completeFramesAndTheTimeBetweenThemAreNotLimited() throws {
        let channel = try Self.channel()
        let frame = try Fixtures.text("a").delimitedBytes()
        for _ in 0..<3 {
            // Split in two reads just inside the deadline, then idle far beyond it.
            try channel.writeInbound(ByteBuffer(bytes: frame.prefix(4)))
            channel.embeddedEventLoop.advanceTime(by: Self.timeout - .nanoseconds(1))
            try channel.writeInbound(ByteBuffer(bytes: frame.dropFirst(4)))
            channel.embeddedEventLoop.advanceTime(by: .hours(1))
            try channel.throwIfErrorCaught()
        }
        #expect(channel.isActive)
        #expect(try Self.received(channel).count == 3)
        _ = try channel.finish()
    }

    @Test func aFrameThatBeginsInTheSameReadAsOneEndsGetsItsOwnDeadline() throws {
        let channel = try Self.channel()
        let first = try Fixtures.text("first").delimitedBytes()
        let second = try Fixtures.text("second").delimitedBytes()
        try channel.writeInbound(ByteBuffer(bytes: first.prefix(2)))
        channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        try channel.writeInbound(ByteBuffer(bytes: first.dropFirst(2) + second.prefix(2)))
        // 20 s after the second frame began, 40 s after the first did: still open.
        channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        try channel.throwIfErrorCaught()
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(throws: TransportError.self) { try channel.throwIfErrorCaught() }
    }

    @Test func theTrackerFollowsPrefixesAndBodiesAcrossAnySplit() throws {
        let stream = try [
            Fixtures.text("a"), Fixtures.text("b", String(repeating: "x", count: 300)),
        ]
        .flatMap { try $0.delimitedBytes() }
        for split in 0...stream.count {
            var tracker = FrameBoundaryTracker()
            tracker.consume(stream[..<split])
            tracker.consume(stream[split...])
            #expect(!tracker.isInsideFrame, "split at \(split)")
            #expect(tracker.framesStarted == 2)
        }
        var tracker = FrameBoundaryTracker()
        tracker.consume([0xAC])  // half of a two-byte prefix
        #expect(tracker.isInsideFrame)
        tracker.consume([0x02] + Array(repeating: 0, count: 299))  // 300 announced, 299 given
        #expect(tracker.isInsideFrame)
        tracker.consume([0])
        #expect(!tracker.isInsideFrame)
        var lost = FrameBoundaryTracker()
        lost.consume(Array(repeating: 0xFF, count: 11))
        #expect(lost.isLost)
        #expect(!lost.isInsideFrame)
    }
}
