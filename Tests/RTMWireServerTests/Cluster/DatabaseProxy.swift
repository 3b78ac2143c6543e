import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP proxy on 127.0.0.1 between a server node and PostgreSQL, that a test cuts and
/// restores: what a node sees when the network to its database fails, without stopping the
/// database the other tests share.
final class DatabaseProxy: Sendable {
    private struct State {
        var isCut = false
        var open: [any Channel] = []
    }

    /// The port it listens on.
    let port: Int
    private let listener: any Channel
    private let state: NIOLockedValueBox<State>

    private init(port: Int, listener: any Channel, state: NIOLockedValueBox<State>) {
        self.port = port
        self.listener = listener
        self.state = state
    }

    /// Listens on a free port and forwards each connection to `host`:`targetPort`.
    static func start(to host: String, port targetPort: Int) async throws -> DatabaseProxy {
        let state = NIOLockedValueBox(State())
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { inbound in
                // Cut: the connection is accepted and closed at once, as by a failed network.
                if state.withLockedValue({ $0.isCut }) { return inbound.close() }
                return ClientBootstrap(group: inbound.eventLoop)
                    .connect(host: host, port: targetPort)
                    .flatMapThrowing { outbound in
                        // A cut while this connected: the pair is closed too, or it would
                        // forward through the cut.
                        let isCut = state.withLockedValue { state in
                            if !state.isCut { state.open += [inbound, outbound] }
                            return state.isCut
                        }
                        if isCut {
                            outbound.close(promise: nil)
                            throw ChannelError.ioOnClosedChannel
                        }
                        try inbound.pipeline.syncOperations.addHandler(Forward(to: outbound))
                        try outbound.pipeline.syncOperations.addHandler(Forward(to: inbound))
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = listener.localAddress?.port else {
            throw ClusterTestError("the proxy's listener has no port")
        }
        return DatabaseProxy(port: port, listener: listener, state: state)
    }

    /// Closes every forwarded connection and refuses new ones until ``restore()``.
    func cut() async {
        let open = state.withLockedValue { state in
            state.isCut = true
            defer { state.open = [] }
            return state.open
        }
        for channel in open { try? await channel.close() }
    }

    /// Forwards new connections again.
    func restore() {
        state.withLockedValue { $0.isCut = false }
    }

    /// Cuts and stops listening.
    func stop() async {
        await cut()
        try? await listener.close()
    }
}

/// Writes what one side of a forwarded connection reads to the other, and closes the other
/// when it ends.
private final class Forward: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let partner: any Channel

    init(to partner: any Channel) {
        self.partner = partner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
