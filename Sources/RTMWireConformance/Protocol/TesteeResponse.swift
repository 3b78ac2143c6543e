/// A testee's answer to a ``TesteeRequest`` (`Conformance/PROTOCOL.md`).
public enum TesteeResponse: Sendable, Hashable {
    /// The payload parsed; the output (binary bytes or JSON text) follows.
    case output([UInt8])
    /// The runtime refused the payload.
    case parseError(String)
    /// The payload parsed but the runtime could not write the output.
    case serializeError(String)
    /// The runtime cannot do this request (no JSON mapping, no semantic validation).
    case skipped(String)
    /// The request itself was wrong for the testee (unknown message type, malformed request).
    case runtimeError(String)

    /// The status byte of each case.
    enum Status: UInt8 {
        case output = 0, parseError, serializeError, skipped, runtimeError
    }

    /// The response body (without the frame's length prefix).
    public func encoded() -> [UInt8] {
        switch self {
        case .output(let bytes): [Status.output.rawValue] + bytes
        case .parseError(let text): [Status.parseError.rawValue] + Array(text.utf8)
        case .serializeError(let text): [Status.serializeError.rawValue] + Array(text.utf8)
        case .skipped(let text): [Status.skipped.rawValue] + Array(text.utf8)
        case .runtimeError(let text): [Status.runtimeError.rawValue] + Array(text.utf8)
        }
    }

    /// Parses a response body; nil when it is empty or its status byte is unknown.
    public init?(body: [UInt8]) {
        guard let first = body.first, let status = Status(rawValue: first) else { return nil }
        let rest = Array(body.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        switch status {
        case .output: self = .output(rest)
        case .parseError: self = .parseError(text)
        case .serializeError: self = .serializeError(text)
        case .skipped: self = .skipped(text)
        case .runtimeError: self = .runtimeError(text)
        }
    }
}
