/// One request of the conformance testee protocol (`Conformance/PROTOCOL.md`): parse `payload`
/// as the message `typeName` in `input` format, then answer with it in `output` format.
public struct TesteeRequest: Sendable, Hashable {
    /// A message encoding of the protocol.
    public enum Format: UInt8, Sendable, Hashable, CustomStringConvertible {
        /// Protobuf binary.
        case binary = 1
        /// Proto3 JSON, UTF-8.
        case json = 2

        public var description: String { self == .binary ? "binary" : "JSON" }
    }

    /// The format of `payload`.
    public var input: Format
    /// The format of the answer.
    public var output: Format
    /// Ask for RTMWire's semantic validation (required fields, enum values, default limits) on
    /// top of the wire rules; testees that do not implement it answer ``TesteeResponse/skipped(_:)``.
    public var validate: Bool
    /// The message's full protobuf name, e.g. `rtmwire.v1.Envelope` (ASCII, 1 to 255 bytes).
    public var typeName: String
    /// The bytes or JSON text to parse.
    public var payload: [UInt8]

    /// Creates a request.
    public init(
        input: Format, output: Format, validate: Bool = false, typeName: String, payload: [UInt8]
    ) {
        self.input = input
        self.output = output
        self.validate = validate
        self.typeName = typeName
        self.payload = payload
    }

    /// Bit 0 of the flags byte.
    static let validateFlag: UInt8 = 1

    /// The request body (without the frame's length prefix).
    public func encoded() -> [UInt8] {
        let name = Array(typeName.utf8.prefix(255))
        return [
            input.rawValue, output.rawValue, validate ? Self.validateFlag : 0, UInt8(name.count),
        ]
            + name + payload
    }

    /// Parses a request body; nil when it is malformed (too short, an unknown format, an unknown
    /// flag bit, an empty or non-ASCII type name), which a testee answers with a runtime error.
    public init?(body: [UInt8]) {
        guard body.count >= 4, body[3] > 0, body.count >= 4 + Int(body[3]),
            let input = Format(rawValue: body[0]), let output = Format(rawValue: body[1]),
            body[2] & ~Self.validateFlag == 0
        else { return nil }
        let name = body[4..<(4 + Int(body[3]))]
        guard name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        self.init(
            input: input, output: output, validate: body[2] & Self.validateFlag != 0,
            typeName: String(decoding: name, as: UTF8.self),
            payload: Array(body[(4 + Int(body[3]))...]))
    }
}
