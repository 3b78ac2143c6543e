/// The two WebSocket subprotocols RTMWire speaks, chosen in the handshake
/// (`Sec-WebSocket-Protocol`): one envelope per WebSocket message, either as protobuf bytes or
/// as proto3 JSON text.
public enum WebSocketSubprotocol: String, CaseIterable, Hashable, Sendable {
    /// `rtmwire.v1.binary`: binary messages holding an envelope's protobuf bytes (no length
    /// prefix: the WebSocket message is the frame).
    case binary = "rtmwire.v1.binary"
    /// `rtmwire.v1.json`: text messages holding an envelope's proto3 JSON, for clients that have
    /// no protobuf runtime (plain JavaScript in a browser).
    case json = "rtmwire.v1.json"

    /// The subprotocol's name on the wire.
    public var name: String { rawValue }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingWhitespace() -> String {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
