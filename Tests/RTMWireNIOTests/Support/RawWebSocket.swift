import NIOCore
import RTMWire
import RTMWireNIO

/// Byte-level WebSocket for the hostile-peer tests: a client handshake written by hand, frames
/// built bit by bit (masked, as a client must), and the server's bytes parsed back into its
/// HTTP answer and frames.
enum RawWebSocket {
    /// An upgrade request for 127.0.0.1 offering `protocols` (none: no header at all), with
    /// `headers` added.
    static func request(protocols: [String], origin: String? = nil, headers: [String] = [])
        -> [UInt8]
    {
        var lines = [
            "GET / HTTP/1.1", "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        if !protocols.isEmpty {
            lines.append("Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))")
        }
        if let origin { lines.append("Origin: \(origin)") }
        lines += headers
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// One client frame: FIN bit, opcode, masked payload.
    static func frame(
        opcode: UInt8, _ payload: [UInt8], fin: Bool = true, mask: [UInt8] = [1, 2, 3, 4],
        declaredLength: UInt64? = nil
    ) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let length = declaredLength ?? UInt64(payload.count)
        if length < 126 {
            bytes.append(0x80 | UInt8(length))
        } else if length <= 0xFFFF {
            bytes.append(0x80 | 126)
            bytes += [UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(0x80 | 127)
            bytes += (0..<8).reversed().map { UInt8((length >> (8 * UInt64($0))) & 0xFF) }
        }
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return bytes
    }

    /// A binary message holding `envelope`'s bytes.
    static func binary(_ envelope: Envelope) throws -> [UInt8] {
        frame(opcode: 0x2, try envelope.serializedBytes())
    }

    /// What the server sent: its HTTP status line and the frames after the handshake.
    struct ServerBytes {
        var statusLine: String
        var httpBody: String
        var frames: [(opcode: UInt8, payload: [UInt8])]

        /// The close frame's code and reason, if the server sent one.
        var close: (code: Int, reason: String)? {
            guard let frame = frames.first(where: { $0.opcode == 0x8 }), frame.payload.count >= 2
            else { return nil }
            return (
                Int(frame.payload[0]) << 8 | Int(frame.payload[1]),
                String(decoding: frame.payload.dropFirst(2), as: UTF8.self)
            )
        }
    }

    /// Parses a server's bytes (unmasked frames after a 101, or an HTTP answer).
    static func parse(_ bytes: [UInt8]) -> ServerBytes {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.firstRange(of: separator) else {
            return ServerBytes(statusLine: "", httpBody: "", frames: [])
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        let statusLine = String(head.split(separator: "\r\n").first ?? "")
        var rest = Array(bytes[end.upperBound...])
        guard statusLine.contains(" 101 ") else {
            return ServerBytes(
                statusLine: statusLine, httpBody: String(decoding: rest, as: UTF8.self), frames: [])
        }
        var frames: [(UInt8, [UInt8])] = []
        while rest.count >= 2 {
            var length = Int(rest[1] & 0x7F)
            var offset = 2
            if length == 126 {
                guard rest.count >= 4 else { break }
                length = Int(rest[2]) << 8 | Int(rest[3])
                offset = 4
            } else if length == 127 {
                guard rest.count >= 10 else { break }
                length = rest[2..<10].reduce(0) { $0 << 8 | Int($1) }
                offset = 10
            }
            guard rest.count >= offset + length else { break }
            frames.append((rest[0] & 0x0F, Array(rest[offset..<(offset + length)])))
            rest.removeFirst(offset + length)
        }
        return ServerBytes(statusLine: statusLine, httpBody: "", frames: frames)
    }
}
