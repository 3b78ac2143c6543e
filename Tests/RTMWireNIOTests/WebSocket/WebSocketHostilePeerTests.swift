import NIOConcurrencyHelpers
import NIOCore
import RTMWire
import RTMWireJSON
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// The TCP hostile peers, over WebSocket: each fault ends the connection with a typed error on
/// the server and a close frame whose code and reason name it, after every envelope that arrived
/// whole, while other connections go on.
// A hang detector, as for the TCP suites: these take seconds.
@Suite(.timeLimit(.minutes(5)))
struct WebSocketHostilePeerTests {
    static let good = [Fixtures.text("g1", "first"), Fixtures.text("g2", "둘째 👋🏽")]
    /// The handshake timeout of the servers whose tests are not about it: under
    /// ThreadSanitizer on a busy machine a handshake took longer than the default 10 s.
    static let patient = TimeAmount.minutes(2)

    /// Runs a server whose handler records what each connection saw; `body` gets the port.
    static func withRecordingServer<Result: Sendable>(
        configuration: WebSocketConfiguration = WebSocketConfiguration(handshakeTimeout: patient),
        echo: Bool = false,
        _ body: (_ port: Int) async throws -> Result
    ) async throws -> (Result, [ServerOutcome]) {
        let (outcomes, continuation) = AsyncStream<ServerOutcome>.makeStream()
        let result = try await WebSocketServer.withServer(
            host: WebSocketLoopback.host, port: 0, configuration: configuration,
            handler: { connection in
                continuation.yield(await serve(connection, echo: echo))
            }
        ) { address in
            try await body(address.port!)
        }
        continuation.finish()
        var seen: [ServerOutcome] = []
        for await outcome in outcomes { seen.append(outcome) }
        return (result, seen)
    }

    /// Upgrades a raw peer with `protocols`, writes `bytes` and reads until the server closes.
    static func exchange(
        port: Int, protocols: [String] = ["rtmwire.v1.binary"], _ bytes: [UInt8]
    ) async throws -> RawWebSocket.ServerBytes {
        let peer = try await HostilePeer.connect(port: port)
        try await peer.write(RawWebSocket.request(protocols: protocols) + bytes)
        return RawWebSocket.parse(try await peer.bytesRead())
    }

    @Test func aHandshakeWithoutAnRTMWireSubprotocolIsRefusedWithHTTP400() async throws {
        let (answers, outcomes) = try await Self.withRecordingServer { port in
            [
                try await Self.exchange(port: port, protocols: [], []),
                try await Self.exchange(port: port, protocols: ["chat", "mqtt"], []),
            ]
        }
        for answer in answers {
            #expect(answer.statusLine.hasPrefix("HTTP/1.1 400"))
            #expect(answer.httpBody.contains("rtmwire.v1.binary or rtmwire.v1.json"))
        }
        #expect(answers[1].httpBody.contains("offered: chat, mqtt"))
        #expect(outcomes.isEmpty)
    }

    @Test func theNIOClientReportsARefusedHandshakeWithTheServersReason() async throws {
        let configuration = WebSocketConfiguration(
            handshakeTimeout: Self.patient, allowedOrigins: ["https://chat.example"])
        let (errors, _) = try await Self.withRecordingServer(configuration: configuration) {
            port in
            var errors: [TransportError] = []
            for origin in ["https://evil.example", nil] {
                do {
                    try await WebSocketClient.withConnection(
                        host: WebSocketLoopback.host, port: port, origin: origin
                    ) { _ in }
                } catch let error as TransportError {
                    errors.append(error)
                }
            }
            // The allowed origin gets in.
            let echoed = try await WebSocketClient.withConnection(
                host: WebSocketLoopback.host, port: port, origin: "https://chat.example"
            ) { connection in
                try await connection.send(Self.good[0])
                await connection.close()
                return try await connection.receive()
            }
            #expect(echoed == nil)
            return errors
        }
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.code == .handshakeRefused && $0.detail.contains("403") })
        #expect(errors[0].detail.contains("origin https://evil.example is not allowed"))
    }

    @Test func anOversizedFrameIsRefusedFromItsHeaderWith1009AfterTheWholeOnes() async throws {
        let configuration = WebSocketConfiguration(
            codec: CodecOptions(limits: Limits(maxMessageBytes: 4_096)),
            handshakeTimeout: Self.patient)
        // Declares 1 GB and sends 10 bytes of it: refused from the header, nothing buffered.
        let hostile =
            try Self.good.flatMap { try RawWebSocket.binary($0) }
            + RawWebSocket.frame(
                opcode: 0x2, Array(repeating: 0, count: 10), declaredLength: 1 << 30)
        let (answer, outcomes) = try await Self.withRecordingServer(configuration: configuration) {
            port in try await Self.exchange(port: port, hostile)
        }
        let outcome = try #require(outcomes.first)
        #expect(outcome.envelopes == Self.good)
        let error = try #require(outcome.error as? RTMWireError)
        #expect(error.code == .limitExceeded)
        #expect(error.limit?.name == "maxMessageBytes")
        #expect(answer.close?.code == 1009)
        #expect(answer.close?.reason.hasPrefix("limitExceeded:") == true)
    }

    @Test func endlessFragmentsStopAtTheMessageLimitWith1009() async throws {
        let configuration = WebSocketConfiguration(
            codec: CodecOptions(limits: Limits(maxMessageBytes: 4_096)),
            handshakeTimeout: Self.patient)
        // 1,000 fragments of 100 bytes, never final: the 41st passes 4,096.
        var hostile = try RawWebSocket.binary(Self.good[0])
        hostile += RawWebSocket.frame(opcode: 0x2, Array(repeating: 7, count: 100), fin: false)
        for _ in 0..<999 {
            hostile += RawWebSocket.frame(opcode: 0x0, Array(repeating: 7, count: 100), fin: false)
        }
        let (answer, outcomes) = try await Self.withRecordingServer(configuration: configuration) {
            port in try await Self.exchange(port: port, hostile)
        }
        let outcome = try #require(outcomes.first)
        #expect(outcome.envelopes == [Self.good[0]])
        let error = try #require(outcome.error as? RTMWireError)
        #expect(error.limit == .init(name: "maxMessageBytes", allowed: 4_096, actual: 4_100))
        #expect(answer.close?.code == 1009)
    }

    @Test func fragmentsWithAPingBetweenThemMakeOneEnvelopeAndAPong() async throws {
        let bytes = try Self.good[1].serializedBytes()
        let split = bytes.count / 2
        let fragmented =
            RawWebSocket.frame(opcode: 0x2, Array(bytes[..<split]), fin: false)
            + RawWebSocket.frame(opcode: 0x9, Array("are you there".utf8))
            + RawWebSocket.frame(opcode: 0x0, Array(bytes[split...]))
            + RawWebSocket.frame(opcode: 0x8, [0x03, 0xE8])
        let (answer, outcomes) = try await Self.withRecordingServer(echo: true) { port in
            try await Self.exchange(port: port, fragmented)
        }
        let outcome = try #require(outcomes.first)
        #expect(outcome.error == nil)
        #expect(outcome.envelopes == [Self.good[1]])
        let pong = try #require(answer.frames.first { $0.opcode == 0xA })
        #expect(pong.payload == Array("are you there".utf8))
        // The echo, as one binary message, then the closing handshake's normal closure.
        #expect(answer.frames.first { $0.opcode == 0x2 }?.payload == bytes)
        #expect(answer.close?.code == 1000)
    }

    @Test func aFragmentedControlFrameIsAProtocolViolationClosedWith1002() async throws {
        let hostile =
            try RawWebSocket.binary(Self.good[0])
            + RawWebSocket.frame(opcode: 0x9, Array("half a ping".utf8), fin: false)
        let (answer, outcomes) = try await Self.withRecordingServer { port in
            try await Self.exchange(port: port, hostile)
        }
        let outcome = try #require(outcomes.first)
        #expect(outcome.envelopes == [Self.good[0]])
        #expect((outcome.error as? TransportError)?.code == .protocolViolation)
        #expect(answer.close?.code == 1002)
        #expect(answer.close?.reason.hasPrefix("protocolViolation:") == true)
    }

    @Test func invalidUTF8InAJSONTextMessageClosesWith1007() async throws {
        let json = Array(Self.good[0].jsonString().utf8)
        // A lone continuation byte inside the text's string value.
        var broken = Array(Fixtures.text("bad", "xx").jsonString().utf8)
        let index = try #require(broken.firstIndex(of: UInt8(ascii: "x")))
        broken[index] = 0x80
        let hostile =
            RawWebSocket.frame(opcode: 0x1, json) + RawWebSocket.frame(opcode: 0x1, broken)
        let (answer, outcomes) = try await Self.withRecordingServer { port in
            try await Self.exchange(port: port, protocols: ["rtmwire.v1.json"], hostile)
        }
        let outcome = try #require(outcomes.first)
        #expect(outcome.envelopes == [Self.good[0]])
        #expect((outcome.error as? RTMWireError)?.code == .invalidJSON)
        #expect(answer.close?.code == 1007)
        #expect(answer.close?.reason.hasPrefix("invalidJSON:") == true)
    }

    @Test func aTextMessageOnTheBinarySubprotocolClosesWith1003() async throws {
        let hostile = RawWebSocket.frame(opcode: 0x1, Array(Self.good[0].jsonString().utf8))
        let (answer, outcomes) = try await Self.withRecordingServer { port in
            try await Self.exchange(port: port, hostile)
        }
        #expect((outcomes.first?.error as? TransportError)?.code == .unsupportedMessageType)
        #expect(answer.close?.code == 1003)
    }

    @Test func anEnvelopePastAContentLimitIsPolicyClosedWith1008() async throws {
        // Well-formed protobuf, refused by the receiver's content limit: policy, not data.
        let big = Fixtures.text("big", String(repeating: "가", count: 20_000))
        let unchecked = try big.serializedBytes(options: .wireOnly)
        let (answer, outcomes) = try await Self.withRecordingServer { port in
            try await Self.exchange(port: port, RawWebSocket.frame(opcode: 0x2, unchecked))
        }
        let error = try #require(outcomes.first?.error as? RTMWireError)
        #expect(error.limit?.name == "maxContentBytes")
        #expect(answer.close?.code == 1008)
    }

    @Test func aHandshakeThatNeverFinishesIsClosedAndOthersAreServed() async throws {
        // Long enough for the well-behaved client's handshake on a busy machine.
        let configuration = WebSocketConfiguration(handshakeTimeout: .seconds(10))
        let (echo, _) = try await Self.withRecordingServer(configuration: configuration, echo: true)
        { port in
            let stalled = try await HostilePeer.connect(port: port)
            // Half a request line, then nothing. (On a slow machine the server may have closed
            // the socket already, before the write: the same outcome.)
            try? await stalled.write(Array("GET / HTTP/1.1\r\nHost: 127".utf8))
            let echo = try await WebSocketClient.withConnection(
                host: WebSocketLoopback.host, port: port
            ) { connection in
                try await connection.send(Self.good[0])
                return try await connection.receive()
            }
            // The server closes the stalled socket by itself.
            try await stalled.waitUntilClosed()
            #expect(try await stalled.bytesRead().isEmpty)
            return echo
        }
        #expect(echo == Self.good[0])
    }

    @Test func aTricklingMessageIsCutOffAtTheFrameTimeoutWith1008() async throws {
        let configuration = WebSocketConfiguration(
            limits: ConnectionLimits(frameTimeout: .milliseconds(500)),
            handshakeTimeout: Self.patient)
        let (answer, outcomes) = try await Self.withRecordingServer(configuration: configuration) {
            port in
            let peer = try await HostilePeer.connect(port: port)
            try await peer.write(
                RawWebSocket.request(protocols: ["rtmwire.v1.binary"])
                    + (try RawWebSocket.binary(Self.good[0])))
            // One byte every 100 ms of a message that needs 4 s.
            let slow = try RawWebSocket.binary(
                Fixtures.text("slow", String(repeating: "s", count: 20)))
            for byte in slow where peer.channel.isActive {
                try? await peer.write([byte])
                try await Task.sleep(nanoseconds: 100_000_000)
            }
            return RawWebSocket.parse(try await peer.bytesRead())
        }
        let outcome = try #require(outcomes.first)
        #expect(outcome.envelopes == [Self.good[0]])
        #expect((outcome.error as? TransportError)?.code == .frameTimedOut)
        #expect(answer.close?.code == 1008)
    }

    @Test func aPeerThatAnswersNoPingIsClosedWith1008() async throws {
        let configuration = WebSocketConfiguration(
            pingInterval: .milliseconds(100), pingTimeout: .milliseconds(200),
            handshakeTimeout: Self.patient)
        let (answer, outcomes) = try await Self.withRecordingServer(configuration: configuration) {
            port in
            // Reads (so it sees the pings) but never answers one.
            try await Self.exchange(port: port, [])
        }
        #expect(answer.frames.contains { $0.opcode == 0x9 })
        #expect((outcomes.first?.error as? TransportError)?.code == .keepAliveTimedOut)
        #expect(answer.close?.code == 1008)
    }

    @Test func theNIOClientAnswersPingsSoAQuietConnectionStaysUp() async throws {
        let configuration = WebSocketConfiguration(
            // A pong that takes a minute is still a pong: the test is that pings are answered.
            pingInterval: .milliseconds(50), pingTimeout: .seconds(60),
            handshakeTimeout: Self.patient)
        let (echo, outcomes) = try await Self.withRecordingServer(
            configuration: configuration, echo: true
        ) { port in
            try await WebSocketClient.withConnection(host: WebSocketLoopback.host, port: port) {
                connection in
                // Quiet across several ping intervals of the server.
                try await Task.sleep(nanoseconds: 500_000_000)
                try await connection.send(Self.good[1])
                return try await connection.receive()
            }
        }
        #expect(echo == Self.good[1])
        #expect(outcomes.first?.error == nil)
    }

    @Test func aFloodOfConnectionsIsRefusedPastTheLimit() async throws {
        let limit = 4
        let attempts = 20
        // No handshake timeout: the held sockets, which send nothing, must stay held.
        let configuration = WebSocketConfiguration(
            limits: ConnectionLimits(maxConnections: limit), handshakeTimeout: nil)
        let ((closed, open, echo), _) = try await Self.withRecordingServer(
            configuration: configuration, echo: true
        ) { port in
            var peers: [HostilePeer] = []
            for _ in 0..<attempts { peers.append(try await HostilePeer.connect(port: port)) }
            var closed = 0
            for _ in 0..<200 {
                closed = peers.filter { !$0.channel.isActive }.count
                if closed >= attempts - limit { break }
                try await Task.sleep(nanoseconds: 25_000_000)
            }
            let open = peers.filter { $0.channel.isActive }.count
            for peer in peers { try? await peer.channel.close() }
            var echo: Envelope?
            for _ in 0..<200 where echo == nil {
                echo = try? await WebSocketClient.withConnection(
                    host: WebSocketLoopback.host, port: port
                ) { connection in
                    try await connection.send(Self.good[0])
                    return try await connection.receive()
                }
                if echo == nil { try await Task.sleep(nanoseconds: 25_000_000) }
            }
            return (closed, open, echo)
        }
        #expect(open == limit)
        #expect(closed == attempts - limit)
        #expect(echo == Self.good[0])
    }

    @Test func aPeerThatNeverReadsCostsNoMoreThanTheHighWaterMark() async throws {
        let mark = 64 * 1024
        // No keep-alive pings: the peer never reads, so it never answers one, and on a machine
        // loaded enough (CI's AddressSanitizer run beside builds) for the sends to take the
        // 30 s of the default interval, the missing pong closed the connection before the
        // send timeout this test is about (seen once in ten `Scripts/test` runs).
        let configuration = WebSocketConfiguration(
            limits: ConnectionLimits(
                maxOutboundBufferedBytes: mark, sendTimeout: .milliseconds(300)),
            pingInterval: nil, handshakeTimeout: Self.patient)
        let envelope = Fixtures.text("big", String(repeating: "x", count: 10_000))
        let (outcomes, continuation) = AsyncStream<(Int, Int, (any Error)?)>.makeStream()
        let outcome = try await WebSocketServer.withServer(
            host: WebSocketLoopback.host, port: 0, configuration: configuration,
            handler: { connection in
                var sent = 0
                var peak = 0
                do {
                    for _ in 0..<2_000 {
                        try await connection.send(envelope)
                        sent += 1
                        peak = max(peak, connection.outboundBufferedBytes)
                    }
                    continuation.yield((sent, peak, nil))
                } catch {
                    continuation.yield((sent, peak, error))
                }
            }
        ) { address in
            let peer = try await HostilePeer.connect(port: address.port!, reading: false)
            try await peer.write(RawWebSocket.request(protocols: ["rtmwire.v1.binary"]))
            var iterator = outcomes.makeAsyncIterator()
            let outcome = await iterator.next()
            try await peer.channel.close()
            return outcome
        }
        let (sent, peak, error) = try #require(outcome)
        #expect((error as? TransportError)?.code == .sendTimedOut)
        #expect(sent < 2_000)
        #expect(peak <= mark)
    }
}
