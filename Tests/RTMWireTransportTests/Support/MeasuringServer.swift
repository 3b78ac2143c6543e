import NIOCore
import NIOPosix
import RTMWire
import RTMWireNIO
import RTMWireTransport

/// An ``EnvelopeFrameDecoder`` that records the largest buffer `ByteToMessageHandler` hands it.
struct MeasuringDecoder: ByteToMessageDecoder {
    typealias InboundOut = Envelope

    var inner: EnvelopeFrameDecoder
    let peak: NIOLoopBoundBox<Int>

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws
        -> DecodingState
    {
        peak.value = max(peak.value, buffer.readableBytes)
        return try inner.decode(context: context, buffer: &buffer)
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        peak.value = max(peak.value, buffer.readableBytes)
        return try inner.decodeLast(context: context, buffer: &buffer, seenEOF: seenEOF)
    }
}

/// A server whose pipeline is `ByteToMessageHandler(EnvelopeFrameDecoder)` (measured) and a
/// close-on-error handler.
enum MeasuringServer {
    struct Probe: Sendable {
        let peak: NIOLoopBoundBox<Int>
        let eventLoop: any EventLoop
    }

    /// Runs `client` against the server and returns the most bytes the decoder ever had buffered.
    static func peakBufferedBytes(_ client: @escaping @Sendable (RawTCPClient) async throws -> Void)
        async throws -> Int
    {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: TCPLoopback.host, port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let peak = NIOLoopBoundBox(0, eventLoop: channel.eventLoop)
                    let decoder = MeasuringDecoder(inner: EnvelopeFrameDecoder(), peak: peak)
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(decoder))
                    try channel.pipeline.syncOperations.addHandler(NIOCloseOnErrorHandler())
                    return Probe(peak: peak, eventLoop: channel.eventLoop)
                }
            }
        guard let port = server.channel.localAddress?.port else { throw TestFailure("no port") }
        return try await server.executeThenClose { accepted in
            try await RawTCPClient.withConnection(port: port, client)
            var children = accepted.makeAsyncIterator()
            guard let probe = try await children.next() else {
                throw TestFailure("nothing accepted")
            }
            return try await probe.eventLoop.submit { probe.peak.value }.get()
        }
    }
}
