import NIOCore
import NIOPosix
import RTMWire
import RTMWireNIO
import RTMWireTransport

/// A TCP client that writes raw bytes, for fault injection against a ``TCPLoopback`` server.
struct RawTCPClient {
    let channel: any Channel
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Writes bytes (one write, one flush).
    func write(_ bytes: [UInt8]) async throws {
        try await outbound.write(ByteBuffer(bytes: bytes))
    }

    /// Writes every byte separately, each flushed on its own.
    func writeEachByte(_ bytes: [UInt8]) async throws {
        for byte in bytes { try await outbound.write(ByteBuffer(bytes: [byte])) }
    }

    /// Shuts down the sending direction after pending writes: the server reads the end.
    func closeOutput() async throws {
        try await channel.close(mode: .output).get()
    }

    /// Connects to 127.0.0.1:`port`, runs `body`, then waits until the server closes.
    static func withConnection<Result: Sendable>(
        port: Int, _ body: (RawTCPClient) async throws -> Result
    ) async throws -> Result {
        let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .connect(host: TCPLoopback.host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await client.executeThenClose { inbound, outbound in
            let result = try await body(RawTCPClient(channel: client.channel, outbound: outbound))
            do {
                for try await _ in inbound {}
            } catch {
                // A reset also ends the connection.
            }
            return result
        }
    }
}

/// What a server-side connection saw before it ended.
struct FaultOutcome: Sendable {
    var envelopes: [Envelope]
    var error: (any Error)?
    /// The error of one more receive after the first fault (a fault must stick).
    var secondError: (any Error)?

    var wireError: RTMWireError? { error as? RTMWireError }
}

/// Runs a ``TCPLoopback`` server whose single connection is read until it ends, lets `client`
/// talk to it, and returns what the server saw.
func tcpServerOutcome(
    configuration: TCPConfiguration = TCPConfiguration(),
    client: @escaping @Sendable (Int) async throws -> Void
) async throws -> FaultOutcome {
    let (stream, continuation) = AsyncStream<FaultOutcome>.makeStream()
    try await TCPLoopback.withServer(
        configuration: configuration,
        handler: { connection in
            continuation.yield(await readUntilFault(connection))
        }
    ) { port in
        try await client(port)
    }
    continuation.finish()
    for await outcome in stream { return outcome }
    throw TestFailure("the server saw no connection")
}

/// Receives until the end or a fault, then tries once more.
func readUntilFault(_ connection: any EnvelopeConnection) async -> FaultOutcome {
    let (envelopes, error) = await receiveUntilFault(connection)
    var outcome = FaultOutcome(envelopes: envelopes, error: error)
    if error != nil {
        do { _ = try await connection.receive() } catch { outcome.secondError = error }
    }
    return outcome
}
