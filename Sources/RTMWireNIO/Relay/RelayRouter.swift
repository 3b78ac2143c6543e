import RTMWire

/// Decides, for an ``EnvelopeRelay``, who each connection is and where each envelope goes, while
/// the relay does the sockets (framing, JSON, back-pressure, slow readers, draining).
///
/// A relay made without a router applies its own open membership rule
/// (<doc:RelayingEnvelopes>). A server that signs connections in, checks who may post where, and
/// stores and acknowledges what it is sent is a router (`RTMWireServer`'s is). The relay calls a
/// router in order for each connection: ``opened(_:)`` once, ``received(_:from:)`` for each batch
/// of envelopes read together (the next batch waits for its answer, so a connection's envelopes
/// are decided in the order they came), ``closed(_:)`` once; calls for different connections
/// may run at once. The actions each call returns are carried out in their order.
public protocol RelayRouter: Sendable {
    /// A connection was opened (a WebSocket one after its handshake).
    func opened(_ connection: RelayConnection) async -> [RelayAction]

    /// `envelopes` arrived from `connection`, in this order.
    func received(_ envelopes: [RelayEnvelope], from connection: RelayConnection) async
        -> [RelayAction]

    /// `connection` ended; nothing more can be delivered to it.
    func closed(_ connection: RelayConnection) async -> [RelayAction]

    /// How often the relay calls ``tick()`` while it runs; nil (the default) for never.
    var tickInterval: Duration? { get }

    /// What is due by time alone (a connection that never signed in, a token that expired on
    /// a connection that sends nothing), called every ``tickInterval``.
    func tick() async -> [RelayAction]

    /// Actions the router decides outside any call of the relay (an envelope another server
    /// node delivered for this node's connections), carried out as they come while the relay
    /// runs; nil (the default) for none. The relay iterates it once, from one task.
    var pushedActions: AsyncStream<[RelayAction]>? { get }
}

extension RelayRouter {
    /// Never: a router without deadlines needs no ticks.
    public var tickInterval: Duration? { nil }

    /// Nothing.
    public func tick() async -> [RelayAction] { [] }

    /// None: a router that only answers the relay's calls pushes nothing.
    public var pushedActions: AsyncStream<[RelayAction]>? { nil }
}

/// One connection of a relay, as its router sees it.
public struct RelayConnection: Hashable, Sendable {
    /// How the connection carries envelopes.
    public enum Transport: String, Hashable, Sendable {
        /// TCP, length-delimited protobuf.
        case tcp
        /// WebSocket, `rtmwire.v1.binary`.
        case webSocketBinary = "websocket-binary"
        /// WebSocket, `rtmwire.v1.json`.
        case webSocketJSON = "websocket-json"
    }

    /// The relay's number for the connection, unique while the relay runs.
    public var id: Int
    /// How it carries envelopes.
    public var transport: Transport
    /// The credential presented in the WebSocket handshake (``WebSocketCredential``), which
    /// passed ``WebSocketConfiguration/credentialCheck``; nil for TCP and when none was.
    public var credential: String?

    /// Creates a connection's description (the relay makes them; tests may too).
    public init(id: Int, transport: Transport, credential: String? = nil) {
        self.id = id
        self.transport = transport
        self.credential = credential
    }
}

/// An envelope as a relay carries it: its bytes, forwarded unchanged, and the header fields the
/// relay read through the view (the body is not decoded).
public struct RelayEnvelope: Sendable {
    let frame: RelayFrame

    init(_ frame: RelayFrame) {
        self.frame = frame
    }

    /// Views `bytes` (the view's checks: wire rules, nesting, the message limit) and reads its
    /// header; throws the view's error.
    public init(bytes: [UInt8], options: CodecOptions = .default) throws(RTMWireError) {
        frame = try RelayFrame(bytes: bytes, options: options)
    }

    /// Encodes `envelope` (with every check of an encode) for a router to send.
    public init(_ envelope: Envelope, options: CodecOptions = .default) throws(RTMWireError) {
        frame = try RelayFrame(envelope, options: options)
    }

    /// The envelope's protobuf bytes (for a JSON connection, the bytes its JSON was encoded to).
    public var bytes: [UInt8] { frame.bytes }
    /// Its message id.
    public var messageID: String { frame.header.messageID }
    /// Its sender's user id (empty when it names none).
    public var senderID: String { frame.header.senderID }
    /// Its conversation, when it names one.
    public var conversation: Conversation? {
        frame.header.conversation.map { Conversation(type: $0.type, id: $0.id) }
    }
}

/// What a router asks its relay to do.
public enum RelayAction: Sendable {
    /// Queue the envelope for these connections (a connection that is gone is skipped; one that
    /// falls too far behind is closed as a slow reader).
    case deliver(RelayEnvelope, to: [Int])
    /// Close the connection once what is queued for it is written: a WebSocket connection with
    /// close code 1008 (policy violation) and `reason` (at most 123 bytes are sent), a TCP
    /// connection by closing the socket.
    case close(Int, reason: String)
}
