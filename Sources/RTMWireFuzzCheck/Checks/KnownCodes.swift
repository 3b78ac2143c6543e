import RTMWire

/// The error codes each entry point may raise. Typed throws already guarantee an
/// `RTMWireError`; these sets pin which kinds are possible, so a new failure path that
/// reports the wrong kind (a limit error from the wire layer, a wire error from JSON, ...) is a
/// finding.
public enum KnownCodes {
    /// Wire-level rejections: all that wire-only binary decoding may raise.
    public static let wire: Set<RTMWireError.Code> = [
        .truncated, .varintTooLong, .invalidFieldNumber, .invalidWireType, .lengthPastEnd,
        .mismatchedGroupEnd, .unterminatedGroup, .invalidUTF8, .trailingBytes,
        .depthLimitExceeded,
    ]
    /// Limits and semantic rules, added by `CodecOptions.default`.
    public static let semantic: Set<RTMWireError.Code> = [
        .limitExceeded, .missingField, .invalidValue,
    ]
    /// Binary decoding with semantic checks.
    public static let binary = wire.union(semantic)
    /// A delimited stream: binary decoding of each frame plus the framing errors.
    public static let framing = binary.union([.truncatedFrame])
    /// JSON text that does not parse, or does not fit the message.
    public static let json: Set<RTMWireError.Code> = [.invalidJSON, .unknownJSONField]
    /// JSON decoding with semantic checks.
    public static let jsonMessage = json.union(semantic)
    /// The image probe.
    public static let imageProbe: Set<RTMWireError.Code> = [
        .unrecognizedImageFormat, .malformedImageHeader,
    ]
}
