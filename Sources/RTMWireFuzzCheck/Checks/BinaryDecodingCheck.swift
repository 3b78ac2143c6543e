import RTMWire
import RTMWireJSON

/// The properties of binary decoding (FuzzEnvelopeBinary; also the Swift side of
/// FuzzDifferential for every message type).
///
/// For wire-only decoding and for decoding with semantic checks:
/// - a non-contiguous collection (decoded from a copy) gives the same result;
/// - a rejection carries a code of the right family, and semantic checking never turns a
///   wire-level rejection into a different error (the size limit aside);
/// - whatever decodes with semantic checks also decodes wire-only, to the same value;
/// - whatever decodes re-encodes (exactly `serializedSize` bytes), decodes again to an equal
///   value, and re-encoding that is byte-identical (the encoding is canonical); encoding into a
///   caller's buffer (`serialize(into:)`) writes the same bytes and nothing past them;
/// - it travels as one delimited frame through `FrameReader`;
/// - its proto3 JSON (compact and pretty) decodes to a message with the same JSON.
public enum BinaryDecodingCheck {
    /// Checks one fuzzer input as a message of `type`; throws ``CheckFailure`` when a property does not hold.
    public static func run<M: RTMJSONMessage>(_ type: M.Type, _ bytes: [UInt8]) throws(CheckFailure)
    {
        let wire = outcome { () throws(RTMWireError) in
            try M(serializedBytes: bytes, options: .wireOnly)
        }
        let full = outcome { () throws(RTMWireError) in
            try M(serializedBytes: bytes, options: .default)
        }
        let copied = outcome { () throws(RTMWireError) in
            // Not contiguous: the decoder copies it first.
            try M(serializedBytes: bytes.lazy.map { $0 }, options: .wireOnly)
        }
        try check(
            copied == wire, "\(M.protoFullName): decoding a non-contiguous collection differs")
        switch (wire, full) {
        case (.success(let wireMessage), .success(let fullMessage)):
            try check(
                wireMessage == fullMessage,
                "\(M.protoFullName): wire-only and checked decoding differ")
        case (.failure(let error), .success):
            throw CheckFailure(
                "\(M.protoFullName): semantic decoding accepted what wire-only decoding rejected: \(error)"
            )
        case (.failure(let wireError), .failure(let fullError)):
            let sizeLimited = bytes.count > Limits.default.maxMessageBytes
            try check(
                sizeLimited || wireError == fullError,
                "\(M.protoFullName): wire error \(wireError) became \(fullError) with semantic checks"
            )
        case (.success, .failure):
            break
        }
        if case .failure(let error) = wire {
            try check(
                KnownCodes.wire.contains(error.code),
                "\(M.protoFullName): unexpected wire-only error \(error)")
        }
        if case .failure(let error) = full {
            try check(
                KnownCodes.binary.contains(error.code),
                "\(M.protoFullName): unexpected error \(error)")
        }
        if case .success(let message) = wire { try checkRoundTrip(message, options: .wireOnly) }
        if case .success(let message) = full { try checkRoundTrip(message, options: .default) }
    }

    /// Re-encoding, framing and JSON of a message that decoded with `options`.
    public static func checkRoundTrip<M: RTMJSONMessage>(_ message: M, options: CodecOptions)
        throws(CheckFailure)
    {
        let name = M.protoFullName
        let encoded: [UInt8]
        switch outcome({ () throws(RTMWireError) in try message.serializedBytes(options: options) })
        {
        case .success(let bytes):
            encoded = bytes
        case .failure(let error):
            // Canonical re-encoding can be larger than the input (one unpacked element takes
            // 2 bytes, packed 3), so only the size limit may stop a decoded message here.
            try check(
                isMessageSizeLimit(error, message, options),
                "\(name): a decoded message does not re-encode: \(error)")
            return
        }
        try check(
            encoded.count == message.serializedSize,
            "\(name): serializedSize differs from the encoding")
        let again: M
        switch outcome({ () throws(RTMWireError) in
            try M(serializedBytes: encoded, options: options)
        }) {
        case .success(let value): again = value
        case .failure(let error):
            throw CheckFailure("\(name): re-encoding \(hex(encoded)) does not decode: \(error)")
        }
        try check(
            again == message,
            "\(name): re-encoding \(hex(encoded)) decodes to a different message")
        let twice = outcome { () throws(RTMWireError) in try again.serializedBytes(options: options)
        }
        try check(twice == .success(encoded), "\(name): re-encoding is not idempotent")

        // Into a caller's buffer of exactly the size (AddressSanitizer sees a write past it),
        // and into a larger one, whose tail must stay untouched.
        let exact = UnsafeMutableRawBufferPointer.allocate(byteCount: encoded.count, alignment: 1)
        defer { exact.deallocate() }
        let exactCount = outcome { () throws(RTMWireError) in
            try message.serialize(into: exact, options: options)
        }
        try check(
            exactCount == .success(encoded.count),
            "\(name): serialize(into:) returned \(exactCount)")
        try check(exact.elementsEqual(encoded), "\(name): serialize(into:) wrote other bytes")
        var larger = [UInt8](repeating: 0xA5, count: encoded.count + 16)
        let largerCount = larger.withUnsafeMutableBytes { buffer in
            outcome { () throws(RTMWireError) in
                try message.serialize(into: buffer, options: options)
            }
        }
        try check(
            largerCount == .success(encoded.count),
            "\(name): serialize(into:) returned \(largerCount)")
        try check(
            larger[..<encoded.count].elementsEqual(encoded)
                && larger[encoded.count...].allSatisfy { $0 == 0xA5 },
            "\(name): serialize(into:) into a larger buffer wrote \(hex(larger))")

        // One delimited frame through the frame reader.
        let frame = outcome { () throws(RTMWireError) in
            try message.delimitedBytes(options: options)
        }
        try check(
            frame == .success(VarintBytes.encode(UInt64(encoded.count)) + encoded),
            "\(name): delimited frame differs")
        var reader = FrameReader<M>(options: options)
        reader.append(VarintBytes.encode(UInt64(encoded.count)) + encoded)
        let first = outcome { () throws(RTMWireError) in try reader.next() }
        try check(first == .success(message), "\(name): frame reader returned \(first)")
        let second = outcome { () throws(RTMWireError) in try reader.next() }
        try check(second == .success(nil), "\(name): frame reader returned a second message")
        try check(reader.bufferedByteCount == 0, "\(name): frame reader kept bytes")

        // proto3 JSON: unknown fields have no JSON form, so compare the JSON texts. They are
        // decoded with the wire rules; the semantic rules must hold for them too unless the JSON
        // lost unknown fields: a body of a newer kind is one, and without it there is no body.
        let json = message.jsonString()
        let wireRules = CodecOptions(limits: options.limits, checksSemantics: false)
        for text in [json, message.jsonString(pretty: true)] {
            switch outcome({ () throws(RTMWireError) in
                try M(jsonString: text, options: wireRules)
            }) {
            case .success(let fromJSON):
                try check(
                    fromJSON.jsonString() == json, "\(name): JSON round trip changed \(json)")
                let lostNothing =
                    (try? fromJSON.serializedBytes(options: wireRules))
                    == (try? message.serializedBytes(options: wireRules))
                if options.checksSemantics, lostNothing,
                    case .failure(let error) = outcome({ () throws(RTMWireError) in
                        try fromJSON.validate(limits: options.limits)
                    })
                {
                    throw CheckFailure("\(name): its own JSON \(text) is invalid: \(error)")
                }
            case .failure(let error):
                throw CheckFailure("\(name): its own JSON \(text) does not decode: \(error)")
            }
        }
    }

    /// True when `error` is the size limit refusing a message whose canonical encoding
    /// exceeds it.
    static func isMessageSizeLimit<M: RTMJSONMessage>(
        _ error: RTMWireError, _ message: M, _ options: CodecOptions
    ) -> Bool {
        options.checksSemantics && error.code == .limitExceeded
            && error.limit?.name == "maxMessageBytes"
            && message.serializedSize > options.limits.maxMessageBytes
    }
}
