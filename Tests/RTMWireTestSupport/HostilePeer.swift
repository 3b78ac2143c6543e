import NIOCore
import NIOPosix
import RTMWire
import RTMWireNIO
import RTMWireTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP client that misbehaves on purpose: writes bytes it chooses, reads nothing unless
/// told to, resets. Its channel carries plain `ByteBuffer`s (no RTMWire handlers).
public struct HostilePeer: Sendable {
    /// The peer's channel.
    public let channel: any Channel
    /// Every byte read, once the peer half-closed or the channel closed.
    public let received: EventLoopFuture<[UInt8]>

    /// Connects to 127.0.0.1:`port`. With `reading: false` it never reads (and asks for a small
    /// receive buffer, so the server's writes back up sooner).
    public static func connect(port: Int, reading: Bool = true) async throws -> HostilePeer {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
        if !reading {
            bootstrap = bootstrap.channelOption(.autoRead, value: false)
                .channelOption(.socketOption(.so_rcvbuf), value: 4096)
        }
        // By address: connect(host:) would run getaddrinfo on a Dispatch thread each time, whose
        // work items the soak's heap profile then counts (see Soak/README.md).
        let address = try SocketAddress(ipAddress: TCPLoopback.host, port: port)
        return try await bootstrap.connect(to: address) { channel in
            channel.eventLoop.makeCompletedFuture {
                let collector = ByteCollector(channel.eventLoop.makePromise())
                try channel.pipeline.syncOperations.addHandler(collector)
                return HostilePeer(channel: channel, received: collector.bytes.futureResult)
            }
        }
    }

    /// Writes and flushes `bytes`.
    public func write(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Shuts down the sending direction; reading goes on. Nothing to do when the server has
    /// closed the connection already.
    public func closeOutput() async throws {
        do {
            try await channel.close(mode: .output).get()
        } catch  where !channel.isActive {
            // The server ended the connection first (the soak's 5 s frame timeout, on a machine
            // where this task waited longer than that between its write and this call): what
            // the test checks is the server's side, and the connection is gone as it should be.
        }
    }

    /// Tears the connection down with a TCP reset (SO_LINGER 0), not a clean end; nothing to do
    /// when the server has closed it already.
    public func reset() async throws {
        guard let socket = channel as? any SocketOptionProvider else {
            throw TransportError(code: .ioFailure, detail: "not a socket channel")
        }
        do {
            try await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            try await channel.close().get()
        } catch  where !channel.isActive {
            // The server ended the connection first (a frame timeout on a loaded machine, say):
            // there is nothing left to reset, and the server's side is what the test checks.
        }
    }

    /// Waits until the connection is closed (by the server, or by a reset).
    public func waitUntilClosed() async throws {
        try await channel.closeFuture.get()
    }

    /// Every byte read; waits until the peer half-closed or the channel closed.
    public func bytesRead() async throws -> [UInt8] {
        try await received.get()
    }

    /// The bytes read so far, without waiting.
    public func bytesReadSoFar() async throws -> [UInt8] {
        let channel = self.channel
        return try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: ByteCollector.self).collected
        }.get()
    }
}

/// Collects every byte a ``HostilePeer`` reads; completes at the end of input or close.
public final class ByteCollector: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer

    /// The bytes read so far.
    public private(set) var collected: [UInt8] = []
    /// Completed with every byte read at the end of input or close.
    public let bytes: EventLoopPromise<[UInt8]>
    private var isComplete = false

    /// A collector that completes `bytes`.
    public init(_ bytes: EventLoopPromise<[UInt8]>) {
        self.bytes = bytes
    }

    private func complete() {
        guard !isComplete else { return }
        isComplete = true
        bytes.succeed(collected)
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        collected += Self.unwrapInboundIn(data).readableBytesView
    }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent {
            // The server ended the connection (or refused it): hang up too.
            complete()
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        complete()
        context.fireChannelInactive()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset ends the collection like a close does.
        context.close(promise: nil)
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        // A test cancelled (by its time limit) may drop its peer without the channel going
        // inactive first: the promise must still be completed, or NIO traps on its leak.
        complete()
    }
}

@available(*, unavailable)
extension ByteCollector: Sendable {}
