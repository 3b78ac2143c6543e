import RTMWire
import RTMWireJSON

/// The outcome of checking one golden vector against the Swift codec.
public struct VectorOutcome: Sendable, Hashable {
    /// The vector checked.
    public var vector: GoldenVector
    /// What went wrong; empty when the vector passed.
    public var failures: [String]
    /// True when every check passed.
    public var passed: Bool { failures.isEmpty }
}

/// Checks golden vectors against the Swift codec, in both directions.
public enum VectorCheck {
    /// Checks one vector:
    /// - valid: bytes decode to the vector's JSON, the JSON encodes to the same bytes, and the
    ///   decoded message re-encodes to the same bytes;
    /// - noncanonical: bytes decode to the JSON and re-encode to `canonicalHex`;
    /// - reject: decoding fails with the named error code (and limit); a `wire` rejection fails
    ///   even with semantic checks off, a `semantic` one only with them on.
    public static func check(_ vector: GoldenVector) -> VectorOutcome {
        guard let type = RTMMessageTypes.jsonType(named: vector.typeName) else {
            return VectorOutcome(
                vector: vector, failures: ["unknown message type \(vector.typeName)"])
        }
        return VectorOutcome(vector: vector, failures: failures(type, vector))
    }

    private static func failures<M: RTMJSONMessage>(_ type: M.Type, _ vector: GoldenVector)
        -> [String]
    {
        var problems: [String] = []
        switch vector.category {
        case .valid, .noncanonical:
            let expected = vector.category == .valid ? vector.bytes : (vector.canonicalBytes ?? [])
            let decoded: M
            do {
                decoded = try M(serializedBytes: vector.bytes, options: .wireOnly)
            } catch {
                return ["decode failed: \(error)"]
            }
            if let json = vector.json, !decoded.jsonValue().isEquivalent(to: json) {
                problems.append(
                    "decoded JSON \(decoded.jsonString()) differs from \(json.serialized())")
            }
            do {
                let reencoded = try decoded.serializedBytes(options: .wireOnly)
                if reencoded != expected {
                    problems.append(
                        "re-encoding \(Hex.encode(reencoded)) differs from \(Hex.encode(expected))")
                }
            } catch {
                problems.append("re-encode failed: \(error)")
            }
            if let json = vector.json {
                do {
                    let fromJSON = try M(jsonValue: json, options: .wireOnly)
                    // Unknown fields (at any depth) have no JSON form, so compare what JSON can say.
                    if !fromJSON.jsonValue().isEquivalent(to: decoded.jsonValue()) {
                        problems.append("message parsed from JSON differs from decoded bytes")
                    }
                    if vector.category == .valid {
                        let bytes = try fromJSON.serializedBytes(options: .wireOnly)
                        if bytes != vector.bytes {
                            problems.append(
                                "JSON encodes to \(Hex.encode(bytes)), not the vector's bytes")
                        }
                    }
                } catch {
                    problems.append("JSON parse failed: \(error)")
                }
            }
        case .reject:
            let wire = Result { () throws(RTMWireError) in
                try M(serializedBytes: vector.bytes, options: .wireOnly)
            }
            let checked = Result { () throws(RTMWireError) in
                try M(serializedBytes: vector.bytes, options: .default)
            }
            switch vector.level {
            case .wire?:
                problems += expectFailure(wire, vector, mode: "wire-only decode")
            case .semantic?:
                if case .failure(let error) = wire {
                    problems.append("wire-only decode must accept, got \(error)")
                }
                problems += expectFailure(checked, vector, mode: "checked decode")
            case nil:
                problems.append("reject vector without level")
            }
        }
        return problems
    }

    private static func expectFailure<M>(
        _ result: Result<M, RTMWireError>, _ vector: GoldenVector, mode: String
    ) -> [String] {
        switch result {
        case .success:
            return [
                "\(mode) accepted bytes that must be rejected with \(vector.expectedError ?? "?")"
            ]
        case .failure(let error):
            var problems: [String] = []
            if error.code.name != vector.expectedError {
                problems.append(
                    "\(mode) failed with \(error.code), expected \(vector.expectedError ?? "?"): \(error)"
                )
            }
            if let limit = vector.expectedLimit, error.limit?.name != limit {
                problems.append(
                    "\(mode) named limit \(error.limit?.name ?? "none"), expected \(limit)")
            }
            return problems
        }
    }
}

extension JSONValue {
    /// Equality that ignores the order of object members (proto3 JSON does not fix it).
    public func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for member in a {
                guard let match = b.first(where: { $0.key == member.key }),
                    member.value.isEquivalent(to: match.value)
                else { return false }
            }
            return true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        default:
            return self == other
        }
    }
}
