/// A transport fault on an ``EnvelopeConnection``: closed, reset, misuse, a socket failure or a
/// connection limit (a peer too slow to read or to write).
///
/// Codec and framing faults are not transport faults: they are thrown as `RTMWireError`.
/// Like `RTMWireError`, this is an open struct: switch on ``code`` and keep a `default:` branch.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// A human-readable sentence.
    public var detail: String

    /// Creates an error.
    public init(code: Code, detail: String) {
        self.code = code
        self.detail = detail
    }

    /// `<code>: <detail>`.
    public var description: String { "\(code.name): \(detail)" }

    /// The kind of a ``TransportError``: an open set of named values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable, machine-readable name.
        public let name: String

        /// Creates a code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The name.
        public var description: String { name }

        /// This side closed its sending direction (``EnvelopeConnection/close()``); nothing more
        /// can be sent.
        public static let closed = Code("closed")
        /// The peer tore the connection down (after a fault, or a reset socket): what is still
        /// in flight is not delivered.
        public static let reset = Code("reset")
        /// ``EnvelopeConnection/receive()`` was called while another receive was waiting.
        public static let concurrentReceive = Code("concurrentReceive")
        /// A socket operation (bind, connect, read, write) failed; the detail names the cause.
        public static let ioFailure = Code("ioFailure")
        /// A server could not listen because its address and port are taken (another socket,
        /// a listener or a connection, holds them); choose another port or port 0.
        public static let addressInUse = Code("addressInUse")
        /// A send waited longer than its limit for room in the connection's outbound buffer (the
        /// peer does not read); nothing of it was queued, and the connection stays open.
        public static let sendTimedOut = Code("sendTimedOut")
        /// The peer took longer than its limit to finish a frame; the connection ended after
        /// every envelope that arrived whole.
        public static let frameTimedOut = Code("frameTimedOut")
        /// The peer broke the rules of the transport's own protocol (for WebSocket: an unmasked
        /// client frame, a fragmented control frame, a continuation without a message); the
        /// connection ended after every envelope that arrived whole.
        public static let protocolViolation = Code("protocolViolation")
        /// The peer sent a kind of message the connection does not carry (for WebSocket: text on
        /// `rtmwire.v1.binary`, binary on `rtmwire.v1.json`); the connection ended after every
        /// envelope that arrived whole.
        public static let unsupportedMessageType = Code("unsupportedMessageType")
        /// The peer answered no keep-alive ping within its limit; the connection ended after
        /// every envelope that arrived whole.
        public static let keepAliveTimedOut = Code("keepAliveTimedOut")
        /// The server refused to open the connection (for WebSocket: an HTTP status other than
        /// 101, or no subprotocol both sides speak); the detail names the status and the reason.
        public static let handshakeRefused = Code("handshakeRefused")
        /// The peer closed the connection with an error of its own (for WebSocket: a close code
        /// other than normal closure or going away); the detail names the code and the reason.
        public static let closedByPeer = Code("closedByPeer")
    }
}
