import NIOCore
import NIOWebSocket
import RTMWire
import RTMWireJSON
import RTMWireTransport

/// One end of a WebSocket connection carrying envelopes, one per message: protobuf bytes in
/// binary messages (`rtmwire.v1.binary`) or proto3 JSON in text messages (`rtmwire.v1.json`).
///
/// The same `EnvelopeConnection` contract as ``TCPEnvelopeConnection``, with the same
/// ``ConnectionLimits``: each send checks its envelopes once against the codec's limits and
/// rules on the caller's task (a refused envelope throws before anything is queued), sends
/// suspend while more than ``ConnectionLimits/maxOutboundBufferedBytes`` wait for the socket, and
/// reading pauses while the receiver lags. ``close()`` sends the close frame (1000): the peer's
/// receive then returns nil, and this side keeps receiving until the peer closes too. Obtain one
/// from ``WebSocketServer`` or ``WebSocketClient``; it is valid inside the closure it is handed
/// to, and its close frame is sent when that closure returns.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
public struct WebSocketEnvelopeConnection: EnvelopeConnection {
    /// The settings of this connection.
    public let configuration: WebSocketConfiguration
    /// The subprotocol agreed in the handshake.
    public let subprotocol: WebSocketSubprotocol
    /// The local port.
    public let localPort: Int?
    /// The peer's port.
    public let remotePort: Int?

    private let channel: any Channel
    private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    fileprivate let inbox: EnvelopeInbox
    private let counters: FrameCounters
    private let budget: OutboundBudget
    private let isServer: Bool
    private let closeWritten: EventLoopFuture<Void>

    init(
        _ configured: WebSocketChannels.Configured<Envelope>,
        outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        configuration: WebSocketConfiguration
    ) {
        self.channel = configured.channel.channel
        self.budget = configured.budget
        self.subprotocol = configured.subprotocol
        self.isServer = configured.isServer
        self.closeWritten = configured.closeWritten
        self.outbound = outbound
        self.inbox = EnvelopeInbox(capacity: 4)
        self.configuration = configuration
        self.localPort = channel.localAddress?.port
        self.remotePort = channel.remoteAddress?.port
        self.counters = configuration.telemetry.counters(.outbound)
    }

    /// Bytes sent on this connection that the socket has not taken yet.
    public var outboundBufferedBytes: Int { budget.bufferedBytes }

    /// Checks and sends one envelope as one message; waits for room under
    /// ``ConnectionLimits/maxOutboundBufferedBytes``, and throws
    /// `TransportError.Code.sendTimedOut` (nothing queued) after
    /// ``ConnectionLimits/sendTimeout``.
    public func send(_ envelope: Envelope) async throws {
        try await write(CollectionOfOne(envelope))
    }

    /// Checks every envelope, then writes their messages together with one flush.
    public func send(contentsOf envelopes: [Envelope]) async throws {
        try await write(envelopes)
    }

    private func write(_ envelopes: some Collection<Envelope>) async throws {
        let frames: [WebSocketFrame]
        do {
            frames = try envelopes.map { envelope throws(RTMWireError) in try frame(envelope) }
        } catch {
            ConnectionScope.refused(
                error, channel: channel, telemetry: configuration.telemetry, counters: counters)
            throw error
        }
        guard !frames.isEmpty else { return }
        try await budget.write(frames, bytes: frames.reduce(0) { $0 + $1.length }, to: outbound)
        for frame in frames { counters.frame(size: frame.length) }
    }

    /// The message of one envelope, checked against the codec's limits and rules.
    private func frame(_ envelope: Envelope) throws(RTMWireError) -> WebSocketFrame {
        let payload: ByteBuffer
        switch subprotocol {
        case .binary:
            payload = channel.allocator.buffer(
                bytes: try envelope.serializedBytes(options: configuration.codec))
        case .json:
            // The same check as binary: the envelope must be one this side may send.
            _ = try OutboundFrame(envelope, options: configuration.codec)
            payload = channel.allocator.buffer(
                string: envelope.jsonString(options: configuration.jsonEncoding))
        }
        return WebSocketFrame(
            fin: true, opcode: subprotocol == .binary ? .binary : .text,
            maskKey: isServer ? nil : .random(), data: payload)
    }

    /// The next envelope; nil once the peer sent its close frame and everything before it was
    /// delivered.
    public func receive() async throws -> Envelope? {
        try await inbox.receive()
    }

    /// The envelopes of one socket read (at least one); [] at the clean end.
    public func receiveBatch() async throws -> [Envelope] {
        try await inbox.receiveBatch()
    }

    /// Sends the close frame (1000, normal closure) after everything sent, and waits until it is
    /// written; later sends throw `TransportError.Code.closed`. Receiving goes on until the
    /// peer's close frame.
    public func close() async {
        var data = channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: .normalClosure)
        let frame = WebSocketFrame(
            fin: true, opcode: .connectionClose, maskKey: isServer ? nil : .random(), data: data)
        // A second close finds the writer finished: the first one's frame is what counts.
        try? await outbound.write(frame)
        outbound.finish()
        try? await closeWritten.get()
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension WebSocketEnvelopeConnection {
    /// Runs `body` with a connection over an upgraded channel; when `body` returns or throws,
    /// sends the close frame (unless sent) and closes the socket.
    static func run<Result: Sendable>(
        _ configured: WebSocketChannels.Configured<Envelope>,
        configuration: WebSocketConfiguration,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (WebSocketEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        let channel = configured.channel.channel
        return try await configured.channel.executeThenClose { inbound, outbound in
            let connection = WebSocketEnvelopeConnection(
                configured, outbound: outbound, configuration: configuration)
            return try await ConnectionScope.run(
                channel: channel, telemetry: configuration.telemetry,
                metadata: ["rtmwire.subprotocol": "\(configured.subprotocol.name)"],
                inbound: inbound, inbox: connection.inbox
            ) {
                do {
                    let result = try await body(connection)
                    await connection.close()
                    return result
                } catch {
                    await connection.close()
                    throw error
                }
            }
        }
    }
}
