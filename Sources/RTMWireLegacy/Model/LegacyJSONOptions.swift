import RTMWire

/// How a legacy timestamp is written.
public enum LegacyTimestampStyle: Hashable, Sendable {
    /// `2021-03-12T09:05:16Z`: what the tutorial's `ISO8601DateFormatter()` writes and the only
    /// form its clients read back (they drop a message whose timestamp has a fraction). A time
    /// with a millisecond part is an error rather than silently cut.
    case wholeSeconds
    /// The same text, dropping any millisecond part: an explicit choice for bridges that must
    /// reach tutorial clients from senders that stamp milliseconds.
    case truncatedToSeconds
    /// `2021-03-12T09:05:16.250Z`, always three digits: for clients whose formatter has
    /// `.withFractionalSeconds` (which then requires the fraction).
    case milliseconds
}

/// Options of the legacy JSON bridge.
public struct LegacyJSONOptions: Hashable, Sendable {
    /// How timestamps are written. Reading accepts every form ``ISO8601`` reads.
    public var timestampStyle: LegacyTimestampStyle
    /// When false (the default), a member the tutorial's message of that type does not have is
    /// an `RTMWireError/Code/unknownJSONField` error; when true it is ignored (and so lost:
    /// choose this only for fields known to be disposable).
    public var ignoreUnknownFields: Bool
    /// Limits for the envelopes the bridge builds or reads; the legacy JSON text itself is an
    /// RTM message and must fit `Limits/maxContentBytes` (32 KB by default).
    public var limits: Limits
    /// Nesting allowed in the JSON text (unknown message types may nest; known ones need 2).
    public var maxDepth: Int

    /// Creates options; the defaults print what the tutorial's clients expect and parse
    /// strictly.
    public init(
        timestampStyle: LegacyTimestampStyle = .wholeSeconds, ignoreUnknownFields: Bool = false,
        limits: Limits = .default, maxDepth: Int = 16
    ) {
        self.timestampStyle = timestampStyle
        self.ignoreUnknownFields = ignoreUnknownFields
        self.limits = limits
        self.maxDepth = maxDepth
    }

    /// Tutorial-compatible printing, strict parsing, default limits.
    public static let `default` = LegacyJSONOptions()
}

extension LegacyJSONOptions {
    /// Renamed ``ignoreUnknownFields``, the name `JSONDecodingOptions` and swift-protobuf use.
    @available(*, deprecated, renamed: "ignoreUnknownFields")
    public var ignoresUnknownFields: Bool {
        get { ignoreUnknownFields }
        set { ignoreUnknownFields = newValue }
    }
}
