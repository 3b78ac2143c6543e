import RTMWire
import RTMWireJSON

/// One golden vector from `Vectors/*.json` (format `rtmwire-vectors/2`, see Vectors/README.md).
public struct GoldenVector: Sendable, Hashable {
    /// Which list the vector came from.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        /// Canonical bytes and their JSON: decode and encode must both match.
        case valid
        /// Non-canonical but valid bytes: decoding then encoding gives `canonicalHex`.
        case noncanonical
        /// Bytes that must be rejected with `error`.
        case reject
    }

    /// At which level a reject vector must fail.
    public enum Level: String, Sendable, Hashable {
        /// Rejected by the wire rules alone (even with semantic checks off).
        case wire
        /// Wire-valid; rejected by semantic rules or limits.
        case semantic
    }

    /// The kind file the vector belongs to (e.g. `image`).
    public var kind: String
    /// Valid, non-canonical or reject.
    public var category: Category
    /// Unique name across all files.
    public var name: String
    /// What the vector exercises.
    public var description: String
    /// Protobuf full name of the message type.
    public var typeName: String
    /// The input bytes.
    public var bytes: [UInt8]
    /// For noncanonical vectors: the canonical re-encoding.
    public var canonicalBytes: [UInt8]?
    /// The message as proto3 JSON (valid, noncanonical and semantic reject vectors).
    public var json: JSONValue?
    /// For reject vectors: the expected ``RTMWireError/Code`` name.
    public var expectedError: String?
    /// For reject vectors: the level.
    public var level: Level?
    /// For limitExceeded rejections: the limit's name.
    public var expectedLimit: String?
    /// What each runtime did with the bytes when the vectors were generated, by runtime name
    /// (`python`, `protobuf-c`, `cpp`, `java`, `java-lite`, `go`).
    public var results: [String: RuntimeResult] = [:]

    /// True when a decoder must accept the bytes at the wire level (every vector but a wire
    /// reject).
    public var acceptsAtWireLevel: Bool { !(category == .reject && level == .wire) }

    /// The bytes a decoder that accepts the input must re-encode it to: the input of a valid or
    /// semantic reject vector, `canonicalHex` of a noncanonical one, nil for a wire reject.
    public var expectedReencoding: [UInt8]? {
        switch category {
        case .valid: bytes
        case .noncanonical: canonicalBytes
        case .reject: level == .semantic ? bytes : nil
        }
    }
}

/// What one runtime did with a vector's bytes, as recorded at generation time. Members other
/// than ``outcome`` are set only where the runtime departs from the vector.
public struct RuntimeResult: Sendable, Hashable {
    /// What the runtime's parser did with the bytes.
    public enum Outcome: String, Sendable, Hashable {
        /// Parsed them.
        case accept
        /// Refused them.
        case reject
        /// Its testee crashed, hung or answered garbage.
        case crash
    }

    /// What the parser did.
    public var outcome: Outcome
    /// The runtime's re-encoding, when it differs from ``GoldenVector/expectedReencoding``
    /// (always present for an accepted wire reject).
    public var reencoded: [UInt8]?
    /// What its JSON printer printed, when that differs from the vector's `json`.
    public var json: JSONValue?
    /// Why its JSON printer failed (`serializeError`, `crash`, ...), when it did.
    public var jsonError: String?
    /// Its binary encoding of the vector's `json`, when that differs from the expected bytes.
    public var fromJSON: [UInt8]?
    /// Why encoding the vector's `json` failed (`parseError`, ...), when it did.
    public var fromJSONError: String?

    /// Creates a result.
    public init(
        outcome: Outcome, reencoded: [UInt8]? = nil, json: JSONValue? = nil,
        jsonError: String? = nil, fromJSON: [UInt8]? = nil, fromJSONError: String? = nil
    ) {
        self.outcome = outcome
        self.reencoded = reencoded
        self.json = json
        self.jsonError = jsonError
        self.fromJSON = fromJSON
        self.fromJSONError = fromJSONError
    }

    /// The runtime's re-encoding of `vector`'s bytes, or nil when it did not accept them.
    public func reencoding(of vector: GoldenVector) -> [UInt8]? {
        outcome == .accept ? reencoded ?? vector.expectedReencoding : nil
    }

    /// True when the runtime fails `vector` (what `rtmwire conformance run` reports).
    public func departs(from vector: GoldenVector) -> Bool {
        outcome != (vector.acceptsAtWireLevel ? .accept : .reject) || reencoded != nil
            || json != nil || jsonError != nil || fromJSON != nil || fromJSONError != nil
    }
}
