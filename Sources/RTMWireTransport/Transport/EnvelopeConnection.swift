import RTMWire

/// One end of a connection that carries `Envelope`s with the protobuf delimited framing.
///
/// Both transports implement it: ``InMemoryConnection`` (two peers in one process) and
/// `TCPEnvelopeConnection` (SwiftNIO over TCP on any address, in RTMWireNIO), so peers and tests
/// are written once.
///
/// Errors: an envelope the sender's limits or rules refuse throws `RTMWireError` before any
/// byte is written; inbound bytes that break the framing or the codec end the connection with the
/// `RTMWireError` that describes them (for example `RTMWireError.Code.truncatedFrame` or
/// `RTMWireError.Code.limitExceeded`), after every envelope decoded before the fault was
/// delivered; transport faults throw ``TransportError``.
public protocol EnvelopeConnection: Sendable {
    /// Encodes and sends one envelope; suspends while the transport's buffer is full.
    func send(_ envelope: Envelope) async throws

    /// Sends several envelopes as one write. Every envelope is checked before any is written, so
    /// a refused envelope sends nothing.
    func send(contentsOf envelopes: [Envelope]) async throws

    /// The next inbound envelope, or nil once the peer has closed its side and everything it sent
    /// has been delivered. One receiver at a time: a concurrent call throws
    /// ``TransportError/Code/concurrentReceive``.
    func receive() async throws -> Envelope?

    /// The envelopes that arrived together: waits for at least one, then returns it with every
    /// other envelope already received. Empty once the peer has closed its side.
    func receiveBatch() async throws -> [Envelope]

    /// Half-closes the connection: everything already sent is delivered, then the peer's
    /// ``receive()`` returns nil. Later sends throw ``TransportError/Code/closed``; receiving goes
    /// on until the peer closes too.
    func close() async
}

extension EnvelopeConnection {
    /// The inbound envelopes as an `AsyncSequence` (unicast: iterate it from one task).
    public var inbound: InboundEnvelopes { InboundEnvelopes(connection: self) }
}
