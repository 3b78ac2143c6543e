import NIOHTTP1

/// What a server decides about an upgrade request: the subprotocol it speaks with the client
/// and the credential the client presented, or why it refuses (an HTTP status and a sentence
/// the client can show).
enum WebSocketHandshake: Sendable, Equatable {
    case accept(WebSocketSubprotocol, credential: String?)
    case refuse(status: HTTPResponseStatus, reason: String)

    /// Decides on `head`: the first subprotocol of the client's offer that the server accepts,
    /// an `Origin` the allowed list names (when there is a list), and a credential that passes
    /// ``WebSocketConfiguration/credentialCheck`` (when there is one).
    static func evaluate(_ head: HTTPRequestHead, _ configuration: WebSocketConfiguration)
        -> WebSocketHandshake
    {
        if let allowed = configuration.allowedOrigins {
            guard let origin = head.headers.first(name: "Origin"), allowed.contains(origin) else {
                let shown = head.headers.first(name: "Origin").map { "origin \($0)" } ?? "no origin"
                return .refuse(
                    status: .forbidden,
                    reason: "\(shown) is not allowed to connect to this server")
            }
        }
        let offer = head.headers["Sec-WebSocket-Protocol"]
        let accepted = configuration.subprotocols
        let names = accepted.map(\.name).joined(separator: " or ")
        let offered = offer.flatMap { $0.split(separator: ",").map { $0.trimmingWhitespace() } }
        guard
            let subprotocol = offered.lazy.compactMap(WebSocketSubprotocol.init).first(where: {
                accepted.contains($0)
            })
        else {
            let shown = offered.isEmpty ? "none" : offered.joined(separator: ", ")
            return .refuse(
                status: .badRequest,
                reason:
                    "no RTMWire subprotocol: offer \(names) in Sec-WebSocket-Protocol "
                    + "(offered: \(shown))")
        }
        let credential = WebSocketCredential.presented(in: head)
        if let refusal = configuration.credentialCheck?(credential) {
            return .refuse(
                status: HTTPResponseStatus(statusCode: refusal.status), reason: refusal.reason)
        }
        return .accept(subprotocol, credential: credential)
    }
}

/// A response to a plain HTTP request on a WebSocket server's port (one that asks for no
/// upgrade), for ``WebSocketConfiguration/httpResponder``: a server can serve the page of a web
/// client beside its WebSocket endpoint.
public struct WebSocketHTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Header fields besides `Content-Length` and `Connection`, which the server sets.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
