import RTMWire
import RTMWireConformance
import RTMWireJSON
import RTMWirePeer

/// RTMWire's wire-only decoder against protobuf-c (through `ProtobufCPeer.repack`).
///
/// Input layout: the first byte picks the message type (`RTMMessageTypes.all[byte %
/// RTMMessageTypes.all.count]`), the rest is the message. A new message type shifts the
/// selector of the types after it: the inputs kept in FailCases/ then get their first byte
/// rewritten, so each keeps testing the type it was found with (`FailCasesTests` pins them).
/// `WireWalker` classifies the message first; then:
/// 1. each decoder accepts exactly when the walk says it must: both reject a malformed input,
///    and a documented difference lets only the side it names reject; RTMWire's error is the
///    one for the first difference it rejects, in its parse order;
/// 2. when both accept and the walk found no difference that changes the re-encoding,
///    protobuf-c's repack equals RTMWire's re-encoding after `ProtobufCNormalizer`;
/// 3. RTMWire's re-encoding goes through 1 and 2 again as an input of its own (so protobuf-c
///    must accept it), and protobuf-c's repack is a fixed point of RTMWire: it decodes and
///    re-encodes byte for byte;
/// 4. the Swift-only properties of `BinaryDecodingCheck` hold for the message type.
/// Any disagreement is a ``CheckFailure`` naming both results and the walk.
public enum DifferentialCheck {
    static let types = RTMMessageTypes.allJSON

    /// Checks one input: a type selector byte, then the message.
    public static func run(_ input: [UInt8]) throws(CheckFailure) {
        if let tablesDiffer { throw tablesDiffer }
        guard let selector = input.first else { return }
        let index = Int(selector) % types.count
        let message = Array(input.dropFirst())
        try compare(types[index], index: index, message, depth: 0)
        try BinaryDecodingCheck.run(types[index], message)
    }

    /// Whether the schema table, the Swift types and the C peer's registry list the same
    /// messages in the same order (checked once).
    static let tablesDiffer: CheckFailure? = {
        let swiftNames = types.map { $0.protoFullName }
        if swiftNames != SchemaTable.messages.map(\.fullName) {
            return CheckFailure("schema table out of date")
        }
        if swiftNames != ProtobufCPeer.messageNames {
            return CheckFailure("C peer registry differs")
        }
        return nil
    }()

    /// Steps 1 to 3 for `bytes` as `M`; `depth` 1 is RTMWire's re-encoding of an input.
    static func compare<M: RTMJSONMessage>(_ type: M.Type, index: Int, _ bytes: [UInt8], depth: Int)
        throws(CheckFailure)
    {
        let walk = WireWalker.walk(bytes, as: index)
        let swift = outcome { () throws(RTMWireError) in
            try M(serializedBytes: bytes, options: .wireOnly).serializedBytes(options: .wireOnly)
        }
        let peer = ProtobufCPeer.repack(bytes, as: M.protoFullName)
        func report() -> String {
            let swiftText =
                switch swift {
                case .success(let out): "accepts, re-encodes as \(hex(out))"
                case .failure(let error): "rejects: \(error)"
                }
            let peerText =
                switch peer {
                case .success(let out): "accepts, repacks as \(hex(out))"
                case .failure(let error): "rejects: \(error)"
                }
            return """
                \(M.protoFullName) \(hex(bytes))\(depth > 0 ? " (RTMWire's re-encoding)" : "")
                  walk: \(walk)
                  RTMWire: \(swiftText)
                  protobuf-c: \(peerText)
                """
        }

        // 1. Accept or reject, and RTMWire's error.
        switch swift {
        case .success:
            try check(walk.swiftAccepts, "RTMWire accepts what it must reject\n" + report())
        case .failure(let error):
            try check(!walk.swiftAccepts, "RTMWire rejects what it must accept\n" + report())
            if let difference = walk.firstSwiftRejection {
                try check(
                    error.code == difference.swiftError,
                    "RTMWire's error is not \(difference)\n" + report())
            } else {
                try check(
                    KnownCodes.wire.contains(error.code), "unexpected RTMWire error\n" + report())
            }
        }
        switch peer {
        case .success:
            try check(
                walk.protobufCAccepts != false,
                "protobuf-c accepts what it must reject\n" + report())
        case .failure(.rejected):
            try check(
                walk.protobufCAccepts != true, "protobuf-c rejects what it must accept\n" + report()
            )
        case .failure(let error):
            throw CheckFailure("protobuf-c failed: \(error)\n" + report())
        }
        guard case .success(let swiftOut) = swift else { return }

        // 3a. RTMWire's re-encoding, as an input of its own.
        if depth == 0 { try compare(M.self, index: index, swiftOut, depth: 1) }
        guard case .success(let peerOut) = peer else { return }

        // 2. The re-encodings agree.
        if walk.reencodingsComparable {
            let expected = ProtobufCNormalizer.normalize(swiftOut, as: index)
            try check(
                peerOut == expected,
                "re-encodings differ: normalized RTMWire \(hex(expected))\n" + report())
        }

        // 3b. protobuf-c's repack is a fixed point of RTMWire.
        let again = outcome { () throws(RTMWireError) in
            try M(serializedBytes: peerOut, options: .wireOnly).serializedBytes(options: .wireOnly)
        }
        try check(
            again == .success(peerOut),
            "RTMWire does not reproduce protobuf-c's repack \(hex(peerOut)): \(again)\n"
                + report())
    }
}
