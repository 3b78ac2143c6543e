import NIOCore
import NIOPosix
import RTMWire
import RTMWireTransport

/// TCP on 127.0.0.1: a server bound to an ephemeral port (port 0) and clients, each connection
/// an ``TCPEnvelopeConnection``. Every helper is scoped: sockets are closed when its closure
/// returns or throws.
public enum TCPLoopback {
    /// The only address the helpers bind and connect to.
    public static let host = "127.0.0.1"

    /// Runs `body` with the two ends of one fresh connection: a client and the server side that
    /// accepted it.
    public static func withConnectedPair<Result: Sendable>(
        configuration: TCPConfiguration = TCPConfiguration(),
        _ body: (_ client: TCPEnvelopeConnection, _ server: TCPEnvelopeConnection) async throws ->
            Result
    ) async throws -> Result {
        let server = try await bind(configuration)
        let port = try boundPort(server)
        return try await server.executeThenClose { accepted in
            var incoming = accepted.makeAsyncIterator()
            let client = try await connectChannel(port: port, configuration)
            guard let serverSide = try await incoming.next() else {
                throw TransportError(
                    code: .ioFailure, detail: "the server stopped before accepting")
            }
            return try await client.executeThenClose { clientIn, clientOut in
                try await serverSide.executeThenClose { serverIn, serverOut in
                    try await TCPEnvelopeConnection.withConnection(
                        channel: client.channel, inbound: clientIn, outbound: clientOut,
                        configuration: configuration
                    ) { clientConnection in
                        try await TCPEnvelopeConnection.withConnection(
                            channel: serverSide.channel, inbound: serverIn, outbound: serverOut,
                            configuration: configuration
                        ) { serverConnection in
                            try await body(clientConnection, serverConnection)
                        }
                    }
                }
            }
        }
    }

    /// Runs a server on 127.0.0.1 (ephemeral port) while `body` runs with its port. Each
    /// accepted connection is handed to `handler` in its own child task and closed when the
    /// handler returns. When `body` returns the server stops accepting and waits for the running
    /// handlers; when it throws, they are cancelled.
    public static func withServer<Result: Sendable>(
        configuration: TCPConfiguration = TCPConfiguration(),
        handler: @escaping @Sendable (TCPEnvelopeConnection) async -> Void,
        _ body: (_ port: Int) async throws -> Result
    ) async throws -> Result {
        let server = try await bind(configuration)
        let port = try boundPort(server)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.executeThenClose { accepted in
                    try await withThrowingDiscardingTaskGroup { connections in
                        for try await child in accepted {
                            connections.addTask {
                                try? await child.executeThenClose { inbound, outbound in
                                    try await TCPEnvelopeConnection.withConnection(
                                        channel: child.channel, inbound: inbound,
                                        outbound: outbound, configuration: configuration
                                    ) { connection in
                                        await handler(connection)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            do {
                let result = try await body(port)
                try? await server.channel.close().get()
                try await group.waitForAll()
                return result
            } catch {
                group.cancelAll()
                try? await server.channel.close().get()
                throw error
            }
        }
    }

    /// Connects to a server on 127.0.0.1 and runs `body` with the connection.
    public static func withConnection<Result: Sendable>(
        port: Int,
        configuration: TCPConfiguration = TCPConfiguration(),
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        let client = try await connectChannel(port: port, configuration)
        return try await client.executeThenClose { inbound, outbound in
            try await TCPEnvelopeConnection.withConnection(
                channel: client.channel, inbound: inbound, outbound: outbound,
                configuration: configuration, body)
        }
    }

    // MARK: Plumbing

    /// Inbound: the envelopes of one read; outbound: frames the connection checked and encoded.
    typealias EnvelopeChannel = NIOAsyncChannel<[Envelope], ByteBuffer>

    /// Installs the frame decoder, the batching and the async bridge on a new channel.
    static func configure(_ channel: any Channel, _ configuration: TCPConfiguration) throws
        -> EnvelopeChannel
    {
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addEnvelopeDecoder(options: configuration.codec)
        try pipeline.addHandler(EnvelopeBatchHandler())
        let asyncChannel = try EnvelopeChannel(
            wrappingChannelSynchronously: channel,
            configuration: .init(
                backPressureStrategy: .init(
                    lowWatermark: configuration.inboundLowWatermark,
                    highWatermark: configuration.inboundHighWatermark)))
        // After the async bridge has seen an error, close the socket: the stream is out of sync.
        try pipeline.addHandler(NIOCloseOnErrorHandler())
        return asyncChannel
    }

    static func bind(
        _ configuration: TCPConfiguration
    ) async throws -> NIOAsyncChannel<EnvelopeChannel, Never> {
        do {
            return try await ServerBootstrap(group: configuration.eventLoopGroup)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: 0) { channel in
                    channel.eventLoop.makeCompletedFuture { try configure(channel, configuration) }
                }
        } catch {
            throw TransportError(code: .ioFailure, detail: "cannot listen on \(host): \(error)")
        }
    }

    static func connectChannel(port: Int, _ configuration: TCPConfiguration) async throws
        -> EnvelopeChannel
    {
        do {
            return try await ClientBootstrap(group: configuration.eventLoopGroup)
                .channelOption(.allowRemoteHalfClosure, value: true)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture { try configure(channel, configuration) }
                }
        } catch {
            throw TransportError(
                code: .ioFailure, detail: "cannot connect to \(host):\(port): \(error)")
        }
    }

    static func boundPort(_ server: NIOAsyncChannel<EnvelopeChannel, Never>) throws -> Int {
        guard let port = server.channel.localAddress?.port else {
            throw TransportError(code: .ioFailure, detail: "the server socket has no port")
        }
        return port
    }
}
