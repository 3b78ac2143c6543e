import RTMWire
import RTMWireJSON

/// RTMWire as a conformance testee: answers a ``TesteeRequest`` with the Swift codec.
///
/// Binary and JSON, both ways; *validate* decodes (binary or JSON) with ``CodecOptions/default``
/// (semantic rules and default limits), otherwise with ``CodecOptions/wireOnly``. The output is
/// the decoded message re-encoded as it is (wire rules only), like `rtmwire decode`. Parse
/// errors carry RTMWire's error (`<code>: <detail>`).
public enum SwiftTestee {
    /// The answer to one request.
    public static func answer(_ request: TesteeRequest) -> TesteeResponse {
        guard let type = RTMMessageTypes.jsonType(named: request.typeName) else {
            return .runtimeError("unknown message type \(request.typeName)")
        }
        return answer(type, request)
    }

    private static func answer<M: RTMJSONMessage>(_ type: M.Type, _ request: TesteeRequest)
        -> TesteeResponse
    {
        let options: CodecOptions = request.validate ? .default : .wireOnly
        let message: M
        do {
            switch request.input {
            case .binary: message = try M(serializedBytes: request.payload, options: options)
            case .json:
                message = try M(
                    jsonValue: try JSONValue(parsing: request.payload), options: options)
            }
        } catch {
            return .parseError("\(error)")
        }
        switch request.output {
        case .binary:
            do {
                return .output(try message.serializedBytes(options: .wireOnly))
            } catch {
                return .serializeError("\(error)")
            }
        case .json:
            return .output(Array(message.jsonString().utf8))
        }
    }
}
