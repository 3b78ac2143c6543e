import NIOCore
import NIOWebSocket
import RTMWire
import RTMWireTransport

/// The close frame a connection sends when it ends on an error: a close code chosen by the kind
/// of the fault and a reason that starts with the error's code name, so the peer (a browser's
/// `CloseEvent.reason`) sees which `RTMWireError` or `TransportError` ended it.
///
/// - 1009 (message too big): a message or frame past `Limits.maxMessageBytes`.
/// - 1007 (invalid data): a message the codec refuses as malformed (protobuf that breaks a wire
///   rule, invalid JSON or UTF-8, a value a rule refuses): the bytes are not a valid envelope.
/// - 1003 (unsupported data): a text message on `rtmwire.v1.binary` or a binary one on
///   `rtmwire.v1.json` (RFC 6455's code for a data type the endpoint does not accept).
/// - 1008 (policy): a well-formed envelope past one of the receiver's other limits
///   (`RTMWireError.Code.limitExceeded` on content bytes, mentions, repeated fields: limits are
///   this side's policy, not a property of the bytes), and the connection's own limits: a
///   message that takes longer than ``ConnectionLimits/frameTimeout``, a ping unanswered past
///   ``WebSocketConfiguration/pingTimeout``.
/// - 1002 (protocol error): a frame the WebSocket protocol forbids.
struct WebSocketClose: Sendable, Equatable {
    /// The close code.
    var code: WebSocketErrorCode
    /// The reason: at most 123 bytes of UTF-8 (a control frame holds 125, two are the code).
    var reason: String

    /// The longest reason a close frame holds, in UTF-8 bytes.
    static let maxReasonBytes = 123

    init(code: WebSocketErrorCode, reason: String) {
        self.code = code
        self.reason = Self.truncated(reason)
    }

    /// The close frame for the error that ends a connection.
    init(for error: any Error) {
        switch error {
        case let error as RTMWireError:
            let code: WebSocketErrorCode
            if error.code == .limitExceeded {
                code = error.limit?.name == "maxMessageBytes" ? .messageTooLarge : .policyViolation
            } else {
                code = .dataInconsistentWithMessage
            }
            self.init(code: code, reason: "\(error.code.name): \(error.detail)")
        case let error as TransportError:
            let code: WebSocketErrorCode
            switch error.code {
            case .frameTimedOut, .keepAliveTimedOut: code = .policyViolation
            case .protocolViolation: code = .protocolError
            case .unsupportedMessageType: code = .unacceptableData
            default: code = .unexpectedServerError
            }
            self.init(code: code, reason: "\(error.code.name): \(error.detail)")
        default:
            self.init(code: .unexpectedServerError, reason: "\(error)")
        }
    }

    /// A close frame carrying this code and reason (masked by a client).
    func frame(allocator: ByteBufferAllocator, maskKey: WebSocketMaskingKey?) -> WebSocketFrame {
        var data = allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: code)
        data.writeString(reason)
        return WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey, data: data)
    }

    /// `text` cut to ``maxReasonBytes`` on a character boundary.
    static func truncated(_ text: String) -> String {
        guard text.utf8.count > maxReasonBytes else { return text }
        var result = ""
        var size = 0
        for character in text {
            let characterSize = character.utf8.count
            guard size + characterSize <= maxReasonBytes else { break }
            result.append(character)
            size += characterSize
        }
        return result
    }
}
