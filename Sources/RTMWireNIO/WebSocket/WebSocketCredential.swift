import NIOHTTP1

/// The credential (a bearer token) a client presents in its WebSocket handshake, and how a
/// server refuses one.
///
/// A client presents it in `Authorization: Bearer <token>`, or — from a browser, which cannot
/// set headers on a WebSocket — as an entry `rtmwire.bearer.<token>` of the subprotocols it
/// offers, beside `rtmwire.v1.binary` or `rtmwire.v1.json` (JSON Web Tokens hold only characters
/// a subprotocol may: letters, digits, `-`, `_` and `.`). The server never names the entry in
/// its answer: it answers with the RTMWire subprotocol alone.
public enum WebSocketCredential {
    /// The prefix of the subprotocol entry that carries a token.
    public static let subprotocolPrefix = "rtmwire.bearer."

    /// The token `head` presents: the `Authorization` header's, else the subprotocol entry's;
    /// nil when there is none.
    static func presented(in head: HTTPRequestHead) -> String? {
        if let authorization = head.headers.first(name: "Authorization") {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return parts[1].trimmingWhitespace()
            }
        }
        let offered = head.headers["Sec-WebSocket-Protocol"].flatMap {
            $0.split(separator: ",").map { $0.trimmingWhitespace() }
        }
        return offered.first { $0.hasPrefix(subprotocolPrefix) }.map {
            String($0.dropFirst(subprotocolPrefix.count))
        }
    }
}

/// A server's refusal of a handshake's credential (``WebSocketConfiguration/credentialCheck``):
/// the HTTP status (401 Unauthorized, 403 Forbidden) and a sentence the client can show.
public struct WebSocketCredentialRefusal: Hashable, Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Why, for a person (never the token itself).
    public var reason: String

    /// Creates a refusal.
    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }
}
