import RTMWire
import RTMWireJSON

/// The properties of the JSON parser and the proto3 JSON mapping (FuzzJSON).
///
/// - `JSONValue(parsing:)` gives the same result for the bytes and, when they are UTF-8, for
///   the same text as a `String`; what parses re-serializes (compact and pretty) to text that
///   parses to an equal value and serializes identically; rejections are `invalidJSON`.
/// - For wire-only and checked options, `Envelope(jsonValue:)` rejects only with JSON or
///   semantic codes; what the checked decoding accepts, wire-only accepts equally; whatever
///   decodes re-encodes to JSON that decodes to an equal message with identical JSON, and
///   round-trips through binary to an equal message with identical JSON.
public enum JSONCheck {
    /// Checks one fuzzer input; throws ``CheckFailure`` when a property does not hold.
    public static func run(_ bytes: [UInt8]) throws(CheckFailure) {
        let parsed = outcome { () throws(RTMWireError) in try JSONValue(parsing: bytes) }
        if let text = String(validating: bytes, as: UTF8.self) {
            let fromText = outcome { () throws(RTMWireError) in try JSONValue(parsing: text) }
            try check(
                fromText == parsed, "parsing bytes gave \(parsed), the same text \(fromText)")
            let envelope = outcome { () throws(RTMWireError) in
                try Envelope(jsonString: text, options: .wireOnly)
            }
            let fromValue = parsed.flatMap { value in
                outcome { () throws(RTMWireError) in
                    try Envelope(jsonValue: value, options: .wireOnly)
                }
            }
            try check(
                envelope == fromValue, "Envelope(jsonString:) and Envelope(jsonValue:) differ")
        }
        let value: JSONValue
        switch parsed {
        case .success(let parsedValue):
            value = parsedValue
        case .failure(let error):
            try check(error.code == .invalidJSON, "unexpected JSON parse error \(error)")
            return
        }
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            switch outcome({ () throws(RTMWireError) in try JSONValue(parsing: text) }) {
            case .success(let again):
                try check(again == value, "serialized JSON \(text) parses to a different value")
                try check(
                    again.serialized(pretty: pretty) == text,
                    "JSON serialization of \(text) is not stable")
            case .failure(let error):
                throw CheckFailure("serialized JSON \(text) does not parse: \(error)")
            }
        }

        let wire = outcome { () throws(RTMWireError) in
            try Envelope(jsonValue: value, options: .wireOnly)
        }
        let full = outcome { () throws(RTMWireError) in
            try Envelope(jsonValue: value, options: .default)
        }
        if case .failure(let error) = wire {
            try check(
                KnownCodes.json.contains(error.code), "unexpected wire-only JSON error \(error)")
        }
        if case .failure(let error) = full {
            try check(
                KnownCodes.jsonMessage.contains(error.code), "unexpected JSON error \(error)")
        }
        if case .success(let message) = full {
            try check(
                wire == .success(message),
                "checked JSON decoding accepted what wire-only gave as \(wire)")
        }
        if case .success(let message) = wire { try checkRoundTrip(message, options: .wireOnly) }
        if case .success(let message) = full { try checkRoundTrip(message, options: .default) }
    }

    static func checkRoundTrip(_ message: Envelope, options: CodecOptions) throws(CheckFailure) {
        let json = message.jsonString()
        for text in [json, message.jsonString(pretty: true)] {
            switch outcome({ () throws(RTMWireError) in
                try Envelope(jsonString: text, options: options)
            }) {
            case .success(let again):
                try check(again == message, "JSON \(text) decodes to a different message")
                try check(again.jsonString() == json, "JSON of \(text) is not stable")
            case .failure(let error):
                throw CheckFailure("the message's own JSON \(text) does not decode: \(error)")
            }
        }
        let binary: [UInt8]
        switch outcome({ () throws(RTMWireError) in try message.serializedBytes(options: options) })
        {
        case .success(let bytes):
            binary = bytes
        case .failure(let error):
            try check(
                BinaryDecodingCheck.isMessageSizeLimit(error, message, options),
                "a message decoded from JSON does not encode: \(error)")
            return
        }
        switch outcome({ () throws(RTMWireError) in
            try Envelope(serializedBytes: binary, options: options)
        }) {
        case .success(let again):
            try check(
                again == message, "binary \(hex(binary)) of a JSON message decodes differently")
            try check(again.jsonString() == json, "binary round trip changed the JSON \(json)")
        case .failure(let error):
            throw CheckFailure("binary \(hex(binary)) of a JSON message does not decode: \(error)")
        }
    }
}
