import NIOConcurrencyHelpers
import NIOCore
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// Peers that never read, trickle, open connections without end, or vanish mid-frame, each
/// against a real server on 127.0.0.1 with fixed counts and a time limit.
// The time limit catches a hang, not slowness: these tests take seconds, but under
// ThreadSanitizer on a busy 2-core machine several took over a minute (CI, 2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct HostilePeerTests {
    static let good = [Fixtures.text("g1", "first"), Fixtures.text("g2", "second")]

    @Test func aPeerThatNeverReadsCostsNoMoreThanTheHighWaterMark() async throws {
        let mark = 64 * 1024
        let configuration = TCPConfiguration(
            limits: ConnectionLimits(
                maxOutboundBufferedBytes: mark, sendTimeout: .milliseconds(300)))
        let envelope = Fixtures.text("big", String(repeating: "x", count: 10_000))
        let frameSize = try envelope.delimitedBytes().count
        struct Outcome: Sendable {
            var sent = 0
            var peak = 0
            var afterTimeout = 0
            var error: (any Error)?
        }
        let (outcomes, continuation) = AsyncStream<Outcome>.makeStream()
        let outcome = try await TCPLoopback.withServer(
            configuration: configuration,
            handler: { connection in
                var outcome = Outcome()
                do {
                    // 20 MB at most: more than the kernel buffers on both ends take.
                    for _ in 0..<2_000 {
                        try await connection.send(envelope)
                        outcome.sent += 1
                        outcome.peak = max(outcome.peak, connection.outboundBufferedBytes)
                    }
                } catch {
                    outcome.error = error
                }
                outcome.afterTimeout = connection.outboundBufferedBytes
                continuation.yield(outcome)
            }
        ) { port in
            let peer = try await HostilePeer.connect(port: port, reading: false)
            var iterator = outcomes.makeAsyncIterator()
            let outcome = await iterator.next()
            try await peer.channel.close()
            return outcome
        }
        let result = try #require(outcome)
        #expect((result.error as? TransportError)?.code == .sendTimedOut)
        #expect(result.sent < 2_000)
        // Filled to within one frame of the mark, never past it.
        #expect(result.peak <= mark)
        #expect(result.peak > mark - frameSize)
        #expect(result.afterTimeout <= mark)
    }

    @Test func aTricklingPeerIsCutOffAtTheFrameTimeoutAndOthersGoOn() async throws {
        let configuration = TCPConfiguration(
            limits: ConnectionLimits(frameTimeout: .milliseconds(500)))
        let (outcomes, continuation) = AsyncStream<ServerOutcome>.makeStream()
        let polite = (0..<15).map { Fixtures.text("polite-\($0)") }
        let echoed = try await TCPLoopback.withServer(
            configuration: configuration,
            handler: { connection in
                // Echo the well-behaved client only: an echo to the trickler could still be on
                // its way when the timeout closes the connection (a slow machine), ending the
                // handler with that send's error instead.
                continuation.yield(
                    await serve(connection, echoes: { $0.messageID.hasPrefix("polite") }))
            }
        ) { port in
            async let trickled: Void = {
                let peer = try await HostilePeer.connect(port: port)
                try await peer.write(try Self.good[0].delimitedBytes())
                // One byte every 100 ms of a 40-byte frame: 4 s to finish, cut off at 0.5 s.
                let slow = try Fixtures.text("slow", String(repeating: "s", count: 20))
                    .delimitedBytes()
                for byte in slow where peer.channel.isActive {
                    try? await peer.write([byte])
                    try await Task.sleep(nanoseconds: 100_000_000)
                }
                try await peer.waitUntilClosed()
            }()
            // Meanwhile a well-behaved client talks for 1.5 s, across the other's timeout.
            let echoed = try await TCPLoopback.withConnection(
                port: port, configuration: configuration
            ) { connection in
                var echoed: [Envelope] = []
                for envelope in polite {
                    try await connection.send(envelope)
                    if let echo = try await connection.receive() { echoed.append(echo) }
                    try await Task.sleep(nanoseconds: 100_000_000)
                }
                await connection.close()
                return echoed
            }
            try await trickled
            return echoed
        }
        continuation.finish()
        var seen: [ServerOutcome] = []
        for await outcome in outcomes { seen.append(outcome) }
        #expect(echoed == polite)
        let cutOff = try #require(seen.first { $0.error != nil })
        #expect(cutOff.envelopes == [Self.good[0]])
        #expect((cutOff.error as? TransportError)?.code == .frameTimedOut)
        let served = try #require(seen.first { $0.error == nil })
        #expect(served.envelopes == polite)
    }

    @Test func aPeerOpeningConnectionsWithoutEndIsRefusedPastTheLimit() async throws {
        let limit = 4
        let attempts = 40
        let configuration = TCPConfiguration(limits: ConnectionLimits(maxConnections: limit))
        let served = NIOLockedValueBox(0)
        let hello = Fixtures.text("after")
        let (closed, open, echoed) = try await TCPLoopback.withServer(
            configuration: configuration,
            handler: { connection in
                served.withLockedValue { $0 += 1 }
                _ = await serve(connection, echo: true)
            }
        ) { port in
            var peers: [HostilePeer] = []
            for _ in 0..<attempts { peers.append(try await HostilePeer.connect(port: port)) }
            // The refused ones are closed by the server; wait (bounded) until they are.
            var closed = 0
            for _ in 0..<200 {
                closed = peers.filter { !$0.channel.isActive }.count
                if closed >= attempts - limit { break }
                try await Task.sleep(nanoseconds: 25_000_000)
            }
            let open = peers.filter { $0.channel.isActive }.count
            for peer in peers { try? await peer.channel.close() }
            // Room again once the held connections ended (their handlers finish first).
            var echoed: Envelope?
            for _ in 0..<200 where echoed == nil {
                echoed = try? await TCPLoopback.withConnection(port: port) { connection in
                    try await connection.send(hello)
                    return try await connection.receive()
                }
                if echoed == nil { try await Task.sleep(nanoseconds: 25_000_000) }
            }
            return (closed, open, echoed)
        }
        // Exactly the limit was served (the boundary), the next one (and every later) refused.
        #expect(open == limit)
        #expect(closed == attempts - limit)
        #expect(echoed == hello)
        #expect(served.withLockedValue { $0 } >= limit + 1)
    }

    @Test func aHalfCloseMidFrameDeliversEveryWholeEnvelopeOnceThenTruncatedFrame() async throws {
        let (outcomes, continuation) = AsyncStream<ServerOutcome>.makeStream()
        // No echoes: the server closes a stream that broke its framing, and an echo racing that
        // close would end the handler with its own error.
        try await TCPLoopback.withServer(handler: { connection in
            continuation.yield(await serve(connection, echo: false))
        }) { port in
            let peer = try await HostilePeer.connect(port: port)
            let partial = try Fixtures.text("cut", "never finished").delimitedBytes().prefix(6)
            try await peer.write(try Self.good.flatMap { try $0.delimitedBytes() } + partial)
            try await peer.closeOutput()
            // The server ends the connection by itself.
            #expect(try await peer.bytesRead().isEmpty)
        }
        continuation.finish()
        let outcome = try #require(await outcomes.first { _ in true })
        #expect(outcome.envelopes == Self.good)
        #expect((outcome.error as? RTMWireError)?.code == .truncatedFrame)
    }

    @Test func aResetMidFrameDeliversEveryWholeEnvelopeOnceThenATypedError() async throws {
        let (outcomes, continuation) = AsyncStream<ServerOutcome>.makeStream()
        let echoes = try await TCPLoopback.withServer(handler: { connection in
            continuation.yield(await serve(connection, echo: true))
        }) { port in
            let peer = try await HostilePeer.connect(port: port)
            try await peer.write(try Self.good.flatMap { try $0.delimitedBytes() })
            // Wait for both echoes, so both envelopes were accepted before the reset.
            var echoes: [Envelope] = []
            for _ in 0..<400 where echoes.count < Self.good.count {
                try await Task.sleep(nanoseconds: 5_000_000)
                echoes = try decodeAll(try await peer.bytesReadSoFar())
            }
            try await peer.write(Array(try Fixtures.text("cut").delimitedBytes().prefix(5)))
            try await peer.reset()
            return echoes
        }
        continuation.finish()
        let outcome = try #require(await outcomes.first { _ in true })
        #expect(echoes == Self.good)
        #expect(outcome.envelopes == Self.good)
        let error = try #require(outcome.error)
        // A reset (or the truncated frame, if the end is read before the reset) — typed either way.
        let code = (error as? TransportError)?.code.name ?? (error as? RTMWireError)?.code.name
        #expect(code == "reset" || code == "truncatedFrame", "\(error)")
    }

}
