import NIOCore

/// What one TCP connection (and one server) may cost: bytes buffered for a peer that does not
/// read, time a peer may take to finish a frame, and connections a server holds at once.
///
/// Inbound memory is already bounded elsewhere: the frame decoder buffers at most one frame of
/// `Limits.maxMessageBytes` (plus its prefix), and reading pauses at
/// ``TCPConfiguration/inboundHighWatermark``. These limits bound the rest against slow and hostile
/// peers. Each fault is a typed error: `TransportError.Code.sendTimedOut`,
/// `TransportError.Code.frameTimedOut`; a refused connection is closed before
/// any byte is read.
public struct ConnectionLimits: Hashable, Sendable {
    /// Most bytes a connection holds for its peer: sent (``TCPEnvelopeConnection/send(_:)``) but
    /// not yet taken by the socket. A send that does not fit waits, first come first served, until
    /// the socket drains (or ``sendTimeout`` passes, or its task is cancelled: nothing of it is
    /// queued then). One send larger than the mark is let through when nothing is buffered, so
    /// the largest envelope always goes. The kernel's socket buffer comes on top. Default
    /// 2,097,152 (2 MiB): two frames of the default `Limits.maxMessageBytes`, so one large
    /// envelope can be written while the next waits, and a thousand stalled peers cost at most
    /// 2 GiB rather than everything.
    public var maxOutboundBufferedBytes: Int
    /// Longest a send waits for room under ``maxOutboundBufferedBytes`` before it throws
    /// `TransportError.Code.sendTimedOut` (nothing of it queued; the
    /// connection stays open, so the caller decides whether to retry or close). nil: wait until
    /// the task is cancelled. Default 30 seconds: a peer that takes nothing for that long is not
    /// reading.
    public var sendTimeout: TimeAmount?
    /// Longest a frame may take to arrive, from its first byte to its last. When it passes, the
    /// connection ends with `TransportError.Code.frameTimedOut` after every
    /// envelope that arrived whole (a peer that trickles a frame a byte at a time holds a buffer
    /// and a socket for nothing). Time between frames is not limited. nil: no limit. Default 30
    /// seconds: a frame of 40 KB (the content limit and an envelope's other fields) needs only
    /// about 1.4 KB/s.
    public var frameTimeout: TimeAmount?
    /// Most connections a ``TCPServer`` serves at once; one more is closed as soon as it is
    /// accepted, before any byte is read, and logged. Default 1,000: under the common default of
    /// 1,024 open files per process, so the server refuses cleanly before `accept` starts
    /// failing for lack of file descriptors.
    public var maxConnections: Int

    /// The defaults above.
    public static let `default` = ConnectionLimits()

    /// Creates limits; sizes and counts below 1 are raised to 1.
    public init(
        maxOutboundBufferedBytes: Int = 2 << 20,
        sendTimeout: TimeAmount? = .seconds(30),
        frameTimeout: TimeAmount? = .seconds(30),
        maxConnections: Int = 1_000
    ) {
        self.maxOutboundBufferedBytes = max(1, maxOutboundBufferedBytes)
        self.sendTimeout = sendTimeout
        self.frameTimeout = frameTimeout
        self.maxConnections = max(1, maxConnections)
    }
}
