import NIOCore
import NIOPosix
import RTMWire
import RTMWireTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SwiftNIO plumbing behind ``TCPServer``, ``TCPClient``, ``TCPLoopback`` and
/// ``TCPEnvelopeConnection/withConnection(over:configuration:isolation:_:)``: the pipeline every
/// connection gets, listening and connecting.
enum TCPChannels {
    /// A listening socket whose accepted connections are configured envelope channels.
    typealias Listener = NIOAsyncChannel<Configured, Never>
    /// A channel with the envelope pipeline.
    typealias Configured = ConfiguredChannel<Envelope>

    /// A channel with an RTMWire pipeline and the budget of its outbound bytes. Inbound: the
    /// values decoded from one read (envelopes, or a relay's frames); outbound: frames the
    /// connection checked and encoded.
    struct ConfiguredChannel<Inbound: Sendable>: Sendable {
        let channel: NIOAsyncChannel<[Inbound], ByteBuffer>
        let budget: OutboundBudget
    }

    /// Installs the envelope pipeline on a channel; runs on the channel's event loop.
    static func configure(_ channel: any Channel, _ configuration: TCPConfiguration) throws
        -> Configured
    {
        try configure(channel, configuration) { pipeline in
            try pipeline.addMessageDecoder(
                Envelope.self, options: configuration.codec, telemetry: configuration.telemetry)
        }
    }

    /// Installs the frame deadline, the decoder `addDecoder` adds (bytes in, `Inbound` values
    /// out), the batching, the outbound budget and the async bridge on a channel; runs on the
    /// channel's event loop.
    static func configure<Inbound: Sendable>(
        _ channel: any Channel, _ configuration: TCPConfiguration,
        addDecoder: (ChannelPipeline.SynchronousOperations) throws -> Void
    ) throws -> ConfiguredChannel<Inbound> {
        let limits = configuration.limits
        let pipeline = channel.pipeline.syncOperations
        if let frameTimeout = limits.frameTimeout {
            try pipeline.addHandler(
                FrameDeadlineHandler<FrameBoundaryTracker>(timeout: frameTimeout))
        }
        try addDecoder(pipeline)
        try pipeline.addHandler(MessageBatchHandler<Inbound>())
        let budget = try OutboundBudget.install(on: channel, limits: limits) {
            (buffer: ByteBuffer) in buffer.readableBytes
        }
        let asyncChannel = try NIOAsyncChannel<[Inbound], ByteBuffer>(
            wrappingChannelSynchronously: channel,
            configuration: .init(
                backPressureStrategy: .init(
                    lowWatermark: configuration.inboundLowWatermark,
                    highWatermark: configuration.inboundHighWatermark)))
        // After the async bridge has seen an error, close the socket: the stream is out of sync.
        try pipeline.addHandler(NIOCloseOnErrorHandler())
        return ConfiguredChannel(channel: asyncChannel, budget: budget)
    }

    /// Listens on `host`:`port` (0: an ephemeral port) for envelope connections.
    static func listen(host: String, port: Int, _ configuration: TCPConfiguration) async throws
        -> Listener
    {
        try await listen(host: host, port: port, configuration) { channel in
            try configure(channel, configuration)
        }
    }

    /// Listens on `host`:`port` (0: an ephemeral port); `configure` sets up each accepted
    /// channel on its event loop.
    static func listen<Accepted: Sendable>(
        host: String, port: Int, _ configuration: TCPConfiguration,
        configure: @escaping @Sendable (any Channel) throws -> Accepted
    ) async throws -> NIOAsyncChannel<Accepted, Never> {
        do {
            return try await ServerBootstrap(group: configuration.eventLoopGroup)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture { try configure(channel) }
                }
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw TransportError(
                code: .addressInUse, detail: "cannot listen on \(host):\(port): \(error)")
        } catch {
            throw TransportError(
                code: .ioFailure, detail: "cannot listen on \(host):\(port): \(error)")
        }
    }

    /// Connects to `host`:`port`. An IP address is connected to as it is: NIO's resolver would
    /// run `getaddrinfo` on a Dispatch thread for every connection, a hop (and Dispatch's cache of
    /// work items, which fills over the first thousands of connections) that `127.0.0.1` does
    /// not need.
    static func connect(host: String, port: Int, _ configuration: TCPConfiguration) async throws
        -> Configured
    {
        let bootstrap = ClientBootstrap(group: configuration.eventLoopGroup)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Configured> = { channel in
            channel.eventLoop.makeCompletedFuture { try configure(channel, configuration) }
        }
        do {
            if let address = try? SocketAddress(ipAddress: host, port: port) {
                return try await bootstrap.connect(to: address, channelInitializer: initializer)
            }
            return try await bootstrap.connect(
                host: host, port: port, channelInitializer: initializer)
        } catch {
            throw TransportError(
                code: .ioFailure, detail: "cannot connect to \(host):\(port): \(error)")
        }
    }

    /// The address a listener is bound to (its port is the one chosen for port 0).
    static func boundAddress<Accepted>(_ listener: NIOAsyncChannel<Accepted, Never>) throws
        -> SocketAddress
    {
        guard let address = listener.channel.localAddress, address.port != nil else {
            throw TransportError(code: .ioFailure, detail: "the server socket has no port")
        }
        return address
    }
}
