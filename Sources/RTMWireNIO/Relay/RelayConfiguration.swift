import NIOCore

/// Settings of an ``EnvelopeRelay``: the TCP and WebSocket settings of its connections (codec,
/// limits, keep-alive, allowed origins, a page beside the WebSocket endpoint), how much it queues
/// for one reader, what it remembers for receipts, and how long it drains at shutdown.
public struct RelayConfiguration: Sendable {
    /// Settings of TCP connections; `Limits.maxMessageBytes` of its codec caps their frames.
    public var tcp: TCPConfiguration
    /// Settings of WebSocket connections (both subprotocols).
    public var webSocket: WebSocketConfiguration
    /// Most envelopes queued for one connection. A reader that falls this far behind its
    /// conversations is closed (counted as `slowReader`) instead of holding memory or the
    /// others. Default 1,024.
    public var maxQueuedEnvelopes: Int
    /// How many recent message ids the relay remembers the sender of, to send receipts back to
    /// it. Default 65,536 (a few MB).
    public var recentMessages: Int
    /// Decode and check every envelope in full before forwarding it, as its receivers will.
    /// Off, the relay checks what the view checks (structure, the header strings it reads) and
    /// never decodes a body: one client can then send bytes that every receiver refuses (and
    /// ends its own connection over). On, that client's connection ends instead, at the relay,
    /// for the price of a decode per envelope. Default false.
    public var checksBodies: Bool
    /// Longest a shutdown waits for connections to take what was queued for them and close;
    /// then the rest are closed. Default 5 seconds.
    public var drainTimeout: TimeAmount
    /// Where the relay logs and counts (the connections' own telemetry is in ``tcp`` and
    /// ``webSocket``).
    public var telemetry: FramingTelemetry

    /// Creates settings.
    public init(
        tcp: TCPConfiguration = TCPConfiguration(),
        webSocket: WebSocketConfiguration = WebSocketConfiguration(),
        maxQueuedEnvelopes: Int = 1_024,
        recentMessages: Int = 65_536,
        checksBodies: Bool = false,
        drainTimeout: TimeAmount = .seconds(5),
        telemetry: FramingTelemetry = FramingTelemetry()
    ) {
        self.tcp = tcp
        self.webSocket = webSocket
        self.maxQueuedEnvelopes = max(1, maxQueuedEnvelopes)
        self.recentMessages = max(1, recentMessages)
        self.checksBodies = checksBodies
        self.drainTimeout = drainTimeout
        self.telemetry = telemetry
    }
}

/// Where an ``EnvelopeRelay`` listens: a host and a port (0: an ephemeral port).
public struct RelayEndpoint: Hashable, Sendable {
    /// The address to bind (`0.0.0.0`, `127.0.0.1`, a host name).
    public var host: String
    /// The port; 0 picks a free one (see ``RelayAddresses``).
    public var port: Int

    /// Creates an endpoint.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
}

/// The addresses an ``EnvelopeRelay`` is bound to, with the ports chosen for port 0.
public struct RelayAddresses: Sendable {
    /// The TCP listener's address, when the relay listens on TCP.
    public var tcp: SocketAddress?
    /// The WebSocket listener's address, when the relay listens on WebSocket.
    public var webSocket: SocketAddress?
}

/// What an ``EnvelopeRelay`` has done so far (also counted with swift-metrics).
public struct RelayStatistics: Hashable, Sendable {
    /// Envelopes received from connections.
    public var received = 0
    /// Envelopes queued for recipients (one envelope to three members counts three).
    public var deliveries = 0
    /// Envelopes decoded in full: read from, or written to, `rtmwire.v1.json` connections.
    /// Binary and TCP envelopes are never decoded, only viewed.
    public var jsonConversions = 0
    /// Envelopes that had nowhere to go (no conversation, a receipt for an unknown message).
    public var dropped = 0
    /// Connections closed for falling behind (``RelayConfiguration/maxQueuedEnvelopes``) or for
    /// speaking as another user.
    public var closed = 0
    /// Connections served so far.
    public var connections = 0
}
