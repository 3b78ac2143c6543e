import NIOCore
import NIOPosix
import RTMWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One end of a TCP connection carrying envelopes, over a NIO pipeline made of
/// ``EnvelopeFrameDecoder``, ``EnvelopeFrameEncoder`` and ``EnvelopeBatchHandler``.
///
/// Obtain one from ``TCPLoopback``; it is valid inside the closure it is handed to. Sends are
/// checked against the codec rules and limits before they reach the pipeline, and suspend while
/// the socket is not writable; reading pauses while the receiver lags (back-pressure both ways).
public struct TCPEnvelopeConnection: EnvelopeConnection {
    /// The settings of this connection.
    public let configuration: TCPConfiguration
    /// The local port.
    public let localPort: Int?
    /// The peer's port.
    public let remotePort: Int?

    private let channel: any Channel
    private let outbound: NIOAsyncChannelOutboundWriter<Envelope>
    private let inbox: EnvelopeInbox

    init(
        channel: any Channel,
        outbound: NIOAsyncChannelOutboundWriter<Envelope>,
        configuration: TCPConfiguration
    ) {
        self.channel = channel
        self.outbound = outbound
        self.inbox = EnvelopeInbox(capacity: 4)
        self.configuration = configuration
        self.localPort = channel.localAddress?.port
        self.remotePort = channel.remoteAddress?.port
    }

    /// Checks and sends one envelope.
    public func send(_ envelope: Envelope) async throws {
        try envelope.checkBeforeSending(configuration.codec)
        do {
            try await outbound.write(envelope)
        } catch {
            throw Self.transportError(error)
        }
    }

    /// Checks every envelope, then writes them together with one flush.
    public func send(contentsOf envelopes: [Envelope]) async throws {
        for envelope in envelopes { try envelope.checkBeforeSending(configuration.codec) }
        do {
            try await outbound.write(contentsOf: envelopes)
        } catch {
            throw Self.transportError(error)
        }
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

    /// Moves inbound batches from NIO into the inbox until the stream ends; run by the owner of
    /// the channel's scope in a child task.
    func pump(_ inbound: NIOAsyncChannelInboundStream<[Envelope]>) async {
        do {
            for try await batch in inbound {
                await inbox.push(batch)
            }
            await inbox.finish(nil)
        } catch {
            await inbox.finish(Self.transportError(error))
        }
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
    /// Runs `body` with a connection over `channel`, pumping its inbound side in a child task
    /// that ends with the scope.
    static func withConnection<Result: Sendable>(
        channel: any Channel,
        inbound: NIOAsyncChannelInboundStream<[Envelope]>,
        outbound: NIOAsyncChannelOutboundWriter<Envelope>,
        configuration: TCPConfiguration,
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        let connection = TCPEnvelopeConnection(
            channel: channel, outbound: outbound, configuration: configuration)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await connection.pump(inbound) }
            defer { group.cancelAll() }
            return try await body(connection)
        }
    }
}
