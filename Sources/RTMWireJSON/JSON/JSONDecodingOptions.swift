import RTMWire

/// How proto3 JSON is read. The defaults are strict: a member the schema does not have is an
/// error, as Google's parsers do by default.
public struct JSONDecodingOptions: Hashable, Sendable {
    /// Skips object members the message does not have, and enum value names the schema does not
    /// know (the field stays unset; in a repeated field the element is left out), instead of
    /// failing with `RTMWireError/Code/unknownJSONField` or `RTMWireError/Code/invalidJSON`.
    /// Turn it on to read JSON from peers on a newer schema: unlike binary, JSON has no way to
    /// keep what it does not know, so skipped members are dropped. Default false.
    public var ignoreUnknownFields: Bool
    /// Deepest nesting of JSON arrays and objects the parser follows (`[[1]]` has depth 2): it
    /// bounds the parser's memory on hostile input. Default 64, well above the deepest message.
    public var maxDepth: Int

    /// Creates options; every parameter defaults to the strict reading.
    public init(ignoreUnknownFields: Bool = false, maxDepth: Int = 64) {
        self.ignoreUnknownFields = ignoreUnknownFields
        self.maxDepth = maxDepth
    }

    /// Strict: unknown members and enum names are errors.
    public static let `default` = JSONDecodingOptions()
}
