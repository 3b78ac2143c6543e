import RTMWire

/// How a message is written as proto3 JSON. The defaults give Google's canonical form.
public struct JSONEncodingOptions: Hashable, Sendable {
    /// Names fields as the `.proto` file does (`message_id`) instead of lowerCamelCase
    /// (`messageId`). Every proto3 JSON reader, RTMWire's included, accepts both. Default false.
    public var preserveProtoFieldNames: Bool
    /// Writes enum values as numbers (`2`) instead of their names (`"PRESENCE_OFFLINE"`), for
    /// readers that compare numbers or predate a value's name. Values the schema does not name are
    /// numbers either way. Default false.
    public var alwaysPrintEnumsAsInts: Bool

    /// Creates options; every parameter defaults to the canonical form.
    public init(preserveProtoFieldNames: Bool = false, alwaysPrintEnumsAsInts: Bool = false) {
        self.preserveProtoFieldNames = preserveProtoFieldNames
        self.alwaysPrintEnumsAsInts = alwaysPrintEnumsAsInts
    }

    /// The canonical form: lowerCamelCase names, enums by name.
    public static let `default` = JSONEncodingOptions()
}
