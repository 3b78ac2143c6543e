import RTMWire

/// One golden vector from `Vectors/*.json` (format `rtmwire-vectors/1`, see Vectors/README.md).
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

    /// What another implementation did with the bytes.
    public struct PeerResult: Sendable, Hashable {
        /// True when the implementation accepted the bytes.
        public var accepts: Bool
        /// Its re-encoding of the bytes, when it accepted them and the vector records it.
        public var reencoded: [UInt8]?
    }

    /// The kind file the vector belongs to (e.g. `image`).
    public var kind: String
    /// Valid, non-canonical or reject.
    public var category: Category
    /// Unique name within the file.
    public var name: String
    /// What the vector exercises.
    public var description: String
    /// Protobuf full name of the message type.
    public var typeName: String
    /// The input bytes.
    public var bytes: [UInt8]
    /// For noncanonical vectors: the canonical re-encoding.
    public var canonicalBytes: [UInt8]?
    /// The message as proto3 JSON (valid and noncanonical vectors).
    public var json: JSONValue?
    /// For reject vectors: the expected ``RTMWireError/Code`` name.
    public var expectedError: String?
    /// For reject vectors: the level.
    public var level: Level?
    /// For limitExceeded rejections: the limit's name.
    public var expectedLimit: String?
    /// What protobuf-c 1.4.1 did with the bytes, as recorded at generation time.
    public var protobufC: PeerResult?
    /// What Google's protobuf did with the bytes, as recorded at generation time.
    public var google: PeerResult?
}
