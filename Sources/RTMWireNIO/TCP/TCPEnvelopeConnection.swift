import Logging
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

/// One end of a connection carrying envelopes over a SwiftNIO channel (TCP, or any stream channel
/// you set up yourself, TLS included), through a pipeline of ``MessageFrameDecoder`` and
/// ``MessageBatchHandler``.
///
/// Obtain one from ``TCPServer``, ``TCPClient`` or ``TCPLoopback``, or wrap your own channel with
/// ``withConnection(over:configuration:isolation:_:)``; it is valid inside the closure it is
/// handed to. Each send
/// checks its envelopes once (`OutboundFrame`) on the caller's task, so a refused envelope
/// throws before anything is queued, then serialises them straight into one `ByteBuffer`; sends
/// suspend while more than ``ConnectionLimits/maxOutboundBufferedBytes`` wait for the socket
/// (up to ``ConnectionLimits/sendTimeout``), and reading pauses while the receiver lags
/// (back-pressure both ways).
public struct TCPEnvelopeConnection: EnvelopeConnection {
    /// The settings of this connection.
    public let configuration: TCPConfiguration
    /// The local port.
    public let localPort: Int?
    /// The peer's port.
    public let remotePort: Int?

    private let channel: any Channel
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    fileprivate let inbox: EnvelopeInbox
    private let counters: FrameCounters
    private let budget: OutboundBudget

    init(
        channel: any Channel,
        budget: OutboundBudget,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        configuration: TCPConfiguration
    ) {
        self.channel = channel
        self.budget = budget
        self.outbound = outbound
        self.inbox = EnvelopeInbox(capacity: 4)
        self.configuration = configuration
        self.localPort = channel.localAddress?.port
        self.remotePort = channel.remoteAddress?.port
        self.counters = configuration.telemetry.counters(.outbound)
    }

    /// Bytes sent on this connection that the socket has not taken yet (at most
    /// ``ConnectionLimits/maxOutboundBufferedBytes``, or one larger send): what a peer that does
    /// not read costs this process.
    public var outboundBufferedBytes: Int { budget.bufferedBytes }

    /// Checks and sends one envelope; waits for room under
    /// ``ConnectionLimits/maxOutboundBufferedBytes``, and throws
    /// `TransportError.Code.sendTimedOut` (nothing queued) after
    /// ``ConnectionLimits/sendTimeout``, or `CancellationError` when its task is cancelled.
    public func send(_ envelope: Envelope) async throws {
        try await write(CollectionOfOne(envelope))
    }

    /// Checks every envelope, then writes their frames together with one flush.
    public func send(contentsOf envelopes: [Envelope]) async throws {
        try await write(envelopes)
    }

    private func write(_ envelopes: some Collection<Envelope>) async throws {
        let frames: [OutboundFrame<Envelope>]
        do {
            frames = try envelopes.map { envelope throws(RTMWireError) in
                try OutboundFrame(envelope, options: configuration.codec)
            }
        } catch {
            ConnectionScope.refused(
                error, channel: channel, telemetry: configuration.telemetry, counters: counters)
            throw error
        }
        guard !frames.isEmpty else { return }
        var buffer = channel.allocator.buffer(capacity: frames.reduce(0) { $0 + $1.size })
        for frame in frames { try buffer.writeDelimitedFrame(frame) }
        try await budget.write(CollectionOfOne(buffer), bytes: buffer.readableBytes, to: outbound)
        for frame in frames { counters.frame(size: frame.size) }
    }

    /// The next envelope; nil once the peer closed and everything it sent was delivered.
    public func receive() async throws -> Envelope? {
        try await inbox.receive()
    }

    /// The envelopes of one socket read (at least one); [] at the clean end.
    public func receiveBatch() async throws -> [Envelope] {
        try await inbox.receiveBatch()
    }

    /// Half-closes: waits until everything sent is written to the socket, then shuts down the
    /// sending direction (the peer reads the end of the stream). Receiving goes on.
    public func close() async {
        outbound.finish()
        try? await channel.close(mode: .output).get()
    }

    /// Keeps codec errors as they are; names NIO's errors as transport errors.
    static func transportError(_ error: any Error) -> any Error {
        switch error {
        case is RTMWireError, is TransportError, is CancellationError:
            return error
        case is NIOAsyncWriterError:
            return TransportError(code: .closed, detail: "this side closed its sending direction")
        case let error as ChannelError:
            switch error {
            case .ioOnClosedChannel, .alreadyClosed, .outputClosed, .eof, .inputClosed:
                return TransportError(code: .closed, detail: "the connection is closed (\(error))")
            default:
                return TransportError(code: .ioFailure, detail: "\(error)")
            }
        case let error as IOError:
            if error.errnoCode == ECONNRESET || error.errnoCode == EPIPE {
                return TransportError(
                    code: .reset, detail: "the peer reset the connection (\(error))")
            }
            return TransportError(code: .ioFailure, detail: "\(error)")
        default:
            return TransportError(code: .ioFailure, detail: "\(error)")
        }
    }
}

extension TCPEnvelopeConnection {
    /// Runs `body` with a connection over a channel you created and set up yourself — accepted
    /// by your own `ServerBootstrap`, connected by your own `ClientBootstrap`, behind a TLS
    /// handler — and closes the channel when `body` returns or throws. `body` runs on the
    /// caller's actor (`isolation`).
    ///
    /// The channel must be active and carry plain bytes at the end of its pipeline; the RTMWire
    /// handlers (``MessageFrameDecoder``, ``MessageBatchHandler``, the async bridge) are added
    /// after yours. Enable `ChannelOptions.allowRemoteHalfClosure` on it for ``close()``'s
    /// half-close to let the peer finish sending.
    public static func withConnection<Result: Sendable>(
        over channel: any Channel, configuration: TCPConfiguration = TCPConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        let configured = try await channel.eventLoop.submit {
            try TCPChannels.configure(channel, configuration)
        }.get()
        return try await run(configured, configuration: configuration, body)
    }

    /// Runs `body` with a connection over a configured channel, which is closed when `body`
    /// returns or throws.
    static func run<Result: Sendable>(
        _ configured: TCPChannels.Configured,
        configuration: TCPConfiguration,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        try await configured.channel.executeThenClose { inbound, outbound in
            try await run(
                channel: configured.channel.channel, budget: configured.budget, inbound: inbound,
                outbound: outbound, configuration: configuration, body)
        }
    }

    /// Runs `body` with a connection over `channel`, pumping its inbound side in a child task
    /// that ends with the scope; logs and counts the connection.
    static func run<Result: Sendable>(
        channel: any Channel,
        budget: OutboundBudget,
        inbound: NIOAsyncChannelInboundStream<[Envelope]>,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        configuration: TCPConfiguration,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        let connection = TCPEnvelopeConnection(
            channel: channel, budget: budget, outbound: outbound, configuration: configuration)
        return try await ConnectionScope.run(
            channel: channel, telemetry: configuration.telemetry, inbound: inbound,
            inbox: connection.inbox
        ) {
            try await body(connection)
        }
    }
}
