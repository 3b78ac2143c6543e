import RTMWire

/// One end of an in-process connection. Envelopes travel as bytes: each is encoded to a
/// delimited frame, cut into pieces (``InMemoryConfiguration/chunking``), queued in a bounded
/// buffer (senders suspend while it is full) and decoded by the peer's `FrameReader`, so the
/// codec and the framing are exercised exactly as over a socket.
public struct InMemoryConnection: EnvelopeConnection {
    /// The settings both ends share.
    public let configuration: InMemoryConfiguration
    private let outgoing: InMemoryPipe
    private let incoming: InMemoryPipe

    private init(
        configuration: InMemoryConfiguration, outgoing: InMemoryPipe, incoming: InMemoryPipe
    ) {
        self.configuration = configuration
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// Two connected ends: what one sends, the other receives.
    public static func makePair(
        configuration: InMemoryConfiguration = InMemoryConfiguration()
    ) -> (InMemoryConnection, InMemoryConnection) {
        let forward = InMemoryPipe(capacity: configuration.capacity, codec: configuration.codec)
        let backward = InMemoryPipe(capacity: configuration.capacity, codec: configuration.codec)
        return (
            InMemoryConnection(configuration: configuration, outgoing: forward, incoming: backward),
            InMemoryConnection(configuration: configuration, outgoing: backward, incoming: forward)
        )
    }

    /// Encodes (checking limits and rules first) and sends one envelope.
    public func send(_ envelope: Envelope) async throws {
        let frame = try envelope.delimitedBytes(options: configuration.codec)
        try await outgoing.write(configuration.chunking.pieces(of: frame))
    }

    /// Encodes every envelope first, then sends their frames as one write.
    public func send(contentsOf envelopes: [Envelope]) async throws {
        var bytes: [UInt8] = []
        for envelope in envelopes {
            bytes += try envelope.delimitedBytes(options: configuration.codec)
        }
        guard !bytes.isEmpty else { return }
        try await outgoing.write(configuration.chunking.pieces(of: bytes))
    }

    /// Writes raw bytes, bypassing the encoder: lets tests inject garbage, oversized length
    /// prefixes or partial frames. Cut by `chunking`, or by the connection's chunking when nil.
    public func sendRawBytes(_ bytes: [UInt8], chunking: ByteChunking? = nil) async throws {
        try await outgoing.write((chunking ?? configuration.chunking).pieces(of: bytes))
    }

    /// The next envelope; nil once the peer closed and everything was delivered. A decoding
    /// fault throws its `RTMWireError` (here and on every later call) and closes this side.
    public func receive() async throws -> Envelope? {
        do {
            return try await incoming.receive()
        } catch let error as RTMWireError {
            await outgoing.closeWrite()
            throw error
        }
    }

    /// The envelopes decodable from what has arrived (at least one); [] at the clean end.
    public func receiveBatch() async throws -> [Envelope] {
        do {
            return try await incoming.receiveBatch()
        } catch let error as RTMWireError {
            await outgoing.closeWrite()
            throw error
        }
    }

    /// Half-closes: the peer receives everything already sent, then nil.
    public func close() async {
        await outgoing.closeWrite()
    }

    /// Bytes this end's frame reader holds that are not yet a whole frame (stays below one
    /// piece when a length prefix over the frame cap is refused).
    public var inboundBufferedByteCount: Int {
        get async { await incoming.decoderBufferedByteCount }
    }

    /// Pieces this end sent that the peer has not taken yet (at most the capacity).
    public var outboundQueuedPieceCount: Int {
        get async { await outgoing.queuedPieceCount }
    }

    /// Sends of this end suspended because the buffer is full.
    public var outboundSuspendedSendCount: Int {
        get async { await outgoing.suspendedWriteCount }
    }
}
