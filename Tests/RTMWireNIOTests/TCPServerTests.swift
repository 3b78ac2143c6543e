import InMemoryLogging
import Logging
import MetricsTestKit
import NIOCore
import NIOPosix
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// Servers on any address, clients, the user's own channels, logging and metrics.
@Suite struct TCPServerTests {
    /// An echo handler: every envelope comes back, then the connection half-closes.
    static let echo: @Sendable (TCPEnvelopeConnection) async -> Void = { connection in
        do {
            for try await envelope in connection.inbound { try await connection.send(envelope) }
        } catch {}
        await connection.close()
    }

    @Test func aServerOnTheWildcardAddressServesLoopbackClients() async throws {
        let hello = Fixtures.text("wildcard")
        let echoed = try await TCPServer.withServer(host: "0.0.0.0", port: 0, handler: Self.echo) {
            address in
            #expect(address.port != 0)
            return try await TCPClient.withConnection(host: "127.0.0.1", port: address.port!) {
                connection in
                try await connection.send(hello)
                return try await connection.receive()
            }
        }
        #expect(echoed == hello)
    }

    @Test func aServerBindsTheGivenPort() async throws {
        // Find a free port, then ask for exactly it. Between the two binds another test's
        // connection or wildcard server may take the port (the suite opens hundreds at once),
        // so "address in use" draws another free port, and only that error does.
        var attempts = 0
        while true {
            attempts += 1
            let port = try await TCPServer.withServer(
                host: "127.0.0.1", port: 0, handler: Self.echo
            ) { $0.port! }
            do {
                let bound = try await TCPServer.withServer(
                    host: "127.0.0.1", port: port, handler: Self.echo
                ) { $0.port! }
                #expect(bound == port)
                return
            } catch let error as TransportError where error.code == .addressInUse && attempts < 20 {
                continue
            }
        }
    }

    @Test func aPortInUseIsRefusedAsAddressInUse() async throws {
        // The error aServerBindsTheGivenPort retries on.
        let refusal = try await TCPServer.withServer(
            host: "127.0.0.1", port: 0, handler: Self.echo
        ) { held in
            await #expect(throws: TransportError.self) {
                try await TCPServer.withServer(
                    host: "127.0.0.1", port: held.port!, handler: Self.echo
                ) { _ in }
            }
        }
        #expect(refusal?.code == .addressInUse)
    }

    @Test func aRefusedSendLeavesTheConnectionUsable() async throws {
        let configuration = TCPConfiguration(
            codec: CodecOptions(limits: Limits(maxMessageBytes: 80)))
        let received = try await TCPLoopback.withConnectedPair(configuration: configuration) {
            client, server in
            await #expect {
                try await client.send(Fixtures.text("big", String(repeating: "z", count: 100)))
            } throws: { ($0 as? RTMWireError)?.code == .limitExceeded }
            try await client.send(Fixtures.text("small"))
            await client.close()
            var received: [Envelope] = []
            for try await envelope in server.inbound { received.append(envelope) }
            return received
        }
        #expect(received == [Fixtures.text("small")])
    }

    @Test func theLibraryWrapsAChannelTheAppConnectedItself() async throws {
        let hello = Fixtures.text("own-channel")
        let echoed = try await TCPLoopback.withServer(handler: Self.echo) { port in
            // The app's own bootstrap and options; RTMWire adds its handlers after the app's.
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.allowRemoteHalfClosure, value: true)
                .connect(host: TCPLoopback.host, port: port).get()
            return try await TCPEnvelopeConnection.withConnection(over: channel) { connection in
                try await connection.send(hello)
                return try await connection.receive()
            }
        }
        #expect(echoed == hello)
    }

    @Test func connectionsAndFrameErrorsAreLoggedAndCounted() async throws {
        let logs = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .debug
        let metrics = TestMetrics()
        let configuration = TCPConfiguration(
            telemetry: FramingTelemetry(logger: logger, metricsFactory: metrics))
        let frame = try Fixtures.text("counted").delimitedBytes()
        try await TCPLoopback.withServer(
            configuration: configuration,
            handler: { connection in
                do { while try await connection.receive() != nil {} } catch {}
            }
        ) { port in
            try await RawBytesClient.send(frame + [0x03, 0x00, 0x01, 0x02], toPort: port)
        }
        // The server saw one good frame, then a frame whose tag has field number 0.
        let inbound = [("direction", "inbound")]
        #expect(try metrics.expectCounter("rtmwire_frames_total", inbound).totalValue == 1)
        #expect(
            try metrics.expectCounter("rtmwire_frame_bytes_total", inbound).totalValue
                == Int64(frame.count))
        let errors = try metrics.expectCounter(
            "rtmwire_frame_errors_total",
            [("direction", "inbound"), ("code", "invalidFieldNumber")])
        #expect(errors.totalValue == 1)
        #expect(try metrics.expectCounter("rtmwire_connections_total", inbound).totalValue == 1)

        let rejected = try #require(
            logs.entries.first { $0.message.description == "rtmwire: inbound frame rejected" })
        #expect(rejected.level == .warning)
        #expect(rejected.metadata["rtmwire.error.code"] == "invalidFieldNumber")
        #expect(rejected.metadata["rtmwire.error.offset"] == "\(frame.count + 1)")
        #expect(logs.entries.contains { $0.message.description == "rtmwire: connection opened" })
        #expect(logs.entries.contains { $0.message.description == "rtmwire: connection closed" })
    }

    @Test func outboundFramesAndRefusalsAreCounted() async throws {
        let metrics = TestMetrics()
        let configuration = TCPConfiguration(
            codec: CodecOptions(limits: Limits(maxMessageBytes: 80)),
            telemetry: FramingTelemetry(metricsFactory: metrics))
        try await TCPLoopback.withConnectedPair(configuration: configuration) { client, server in
            let small = Fixtures.text("s")
            try await client.send(small)
            _ = try? await client.send(Fixtures.text("big", String(repeating: "z", count: 100)))
            #expect(try await server.receive() == small)
        }
        let outbound = [("direction", "outbound")]
        #expect(try metrics.expectCounter("rtmwire_frames_total", outbound).totalValue == 1)
        #expect(
            try metrics.expectCounter(
                "rtmwire_frame_errors_total",
                [("direction", "outbound"), ("code", "limitExceeded")]
            ).totalValue == 1)
    }
}

/// A client that writes raw bytes and waits for the server to close.
enum RawBytesClient {
    static func send(_ bytes: [UInt8], toPort port: Int) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: TCPLoopback.host, port: port).get()
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
        // The server closes the connection after the bad frame.
        try await channel.closeFuture.get()
    }
}
