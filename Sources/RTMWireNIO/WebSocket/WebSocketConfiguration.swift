import NIOCore
import NIOPosix
import RTMWire
import RTMWireJSON

/// Settings of a WebSocket connection: codec, the same ``ConnectionLimits`` as TCP, keep-alive,
/// handshake, allowed origins, event loops, logging and metrics.
public struct WebSocketConfiguration: Sendable {
    /// Codec options: rules and limits. `Limits.maxMessageBytes` caps one WebSocket message,
    /// fragments included, and one frame: a frame or a message that would pass it is refused as
    /// soon as its header says so, before its bytes are buffered.
    public var codec: CodecOptions
    /// How `rtmwire.v1.json` text is read. Default: strict (an unknown member is an error).
    public var jsonDecoding: JSONDecodingOptions
    /// How `rtmwire.v1.json` text is written. Default: canonical proto3 JSON.
    public var jsonEncoding: JSONEncodingOptions
    /// Inbound back-pressure, as ``TCPConfiguration/inboundHighWatermark``. Default 16.
    public var inboundHighWatermark: Int
    /// See ``inboundHighWatermark``. Default 4.
    public var inboundLowWatermark: Int
    /// Outbound buffer, send timeout, message timeout (``ConnectionLimits/frameTimeout``: from a
    /// message's first byte to its last fragment's last byte) and connections a server holds.
    public var limits: ConnectionLimits
    /// How often a connection pings its peer when nothing else is going on; nil: never. Default
    /// 30 seconds, under the idle timeouts of common proxies and load balancers (60 s).
    public var pingInterval: TimeAmount?
    /// Longest a ping waits for its pong before the connection ends with
    /// `TransportError.Code.keepAliveTimedOut` (close code 1008). Default 10 seconds.
    public var pingTimeout: TimeAmount
    /// Longest the HTTP handshake may take, from the connection's opening to the upgrade (or
    /// to the answer of a plain HTTP request); then the socket is closed. nil: no limit.
    /// Default 10 seconds: a handshake is one small request.
    public var handshakeTimeout: TimeAmount?
    /// The `Origin` values a server accepts (`https://chat.example.com`); a handshake from any
    /// other origin is refused with HTTP 403. nil: every origin, and requests without one
    /// (native clients send none). Browsers always send it, so a list keeps other sites' pages
    /// from connecting with their visitors' browsers.
    public var allowedOrigins: Set<String>?
    /// The subprotocols a server accepts, or a client offers in this order. Default both,
    /// binary first.
    public var subprotocols: [WebSocketSubprotocol]
    /// Answers plain HTTP requests on a server's port (method, request target), for a web
    /// client's page beside the WebSocket endpoint; nil, or a nil answer: 426 Upgrade Required.
    public var httpResponder:
        (@Sendable (_ method: String, _ target: String) -> WebSocketHTTPResponse?)?
    /// Checks the credential a handshake presents (``WebSocketCredential``: a bearer token),
    /// nil when none was: returns nil to let the upgrade go on, or the refusal the client is
    /// answered with over HTTP before any WebSocket message. nil (the default): no check. An
    /// accepted credential is passed on with the connection (``RelayConnection/credential``).
    public var credentialCheck: (@Sendable (_ credential: String?) -> WebSocketCredentialRefusal?)?
    /// The event loops the sockets run on. Default: NIO's shared singleton group.
    public var eventLoopGroup: any EventLoopGroup
    /// Where connections, messages and errors are logged and counted (``FramingTelemetry``).
    public var telemetry: FramingTelemetry

    /// Creates settings.
    public init(
        codec: CodecOptions = .default,
        jsonDecoding: JSONDecodingOptions = .default,
        jsonEncoding: JSONEncodingOptions = .default,
        inboundHighWatermark: Int = 16,
        inboundLowWatermark: Int = 4,
        limits: ConnectionLimits = .default,
        pingInterval: TimeAmount? = .seconds(30),
        pingTimeout: TimeAmount = .seconds(10),
        handshakeTimeout: TimeAmount? = .seconds(10),
        allowedOrigins: Set<String>? = nil,
        subprotocols: [WebSocketSubprotocol] = WebSocketSubprotocol.allCases,
        httpResponder: (@Sendable (_ method: String, _ target: String) -> WebSocketHTTPResponse?)? =
            nil,
        credentialCheck: (@Sendable (_ credential: String?) -> WebSocketCredentialRefusal?)? = nil,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        telemetry: FramingTelemetry = FramingTelemetry()
    ) {
        self.codec = codec
        self.jsonDecoding = jsonDecoding
        self.jsonEncoding = jsonEncoding
        self.inboundHighWatermark = max(1, inboundHighWatermark)
        self.inboundLowWatermark = min(max(0, inboundLowWatermark), self.inboundHighWatermark)
        self.limits = limits
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.handshakeTimeout = handshakeTimeout
        self.allowedOrigins = allowedOrigins
        self.subprotocols = subprotocols.isEmpty ? WebSocketSubprotocol.allCases : subprotocols
        self.httpResponder = httpResponder
        self.credentialCheck = credentialCheck
        self.eventLoopGroup = eventLoopGroup
        self.telemetry = telemetry
    }

    /// The largest message (and frame) accepted, in bytes.
    var maxMessageBytes: Int { codec.limits.maxMessageBytes }
}
