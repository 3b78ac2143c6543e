/// What wire-level tools know of the schemas without decoding: for every message, its fields'
/// numbers, kinds, repetition and oneof. Tools that walk raw bytes (``InteropProfile``'s checker,
/// the differential fuzz check in RTMWireFuzzCheck) share it. The table itself
/// (`SchemaTable+Generated.swift`) is generated from Schemas/ by Scripts/generate-swift.
package enum SchemaTable {
    /// The index of the message `fullName` in ``messages``.
    package static func index(of fullName: String) -> Int? {
        messages.firstIndex { $0.fullName == fullName }
    }
}

/// One message of the schemas.
package struct MessageSchema: Sendable {
    package let fullName: String
    /// Sorted by field number.
    package let fields: [FieldSchema]

    package init(fullName: String, fields: [FieldSchema]) {
        self.fullName = fullName
        self.fields = fields
    }

    /// The field numbered `number`, or nil when the message has none.
    package func field(_ number: UInt64) -> FieldSchema? {
        fields.first { UInt64($0.number) == number }
    }
}

/// One field: its number, how its values are encoded, and whether it is repeated or in a oneof.
package struct FieldSchema: Sendable {
    package enum Kind: Hashable, Sendable {
        /// `bool`.
        case bool
        /// `int32`, `int64`, `uint32`, `uint64` or an enum.
        case varint
        case string
        case bytes
        /// A sub-message, by index in ``SchemaTable/messages``.
        case message(Int)
    }

    package let number: UInt32
    package let name: String
    package let kind: Kind
    package let isRepeated: Bool
    /// The index of the field's oneof in its message, or nil.
    package let oneof: Int?
    /// The bits a varint value of the field must fit: 32 for `uint32`, else 64.
    package let valueBits: Int
    /// An `int32` or an enum: 32 bits, a negative value sign-extended to 64.
    package let isSigned32: Bool

    package init(
        number: UInt32, name: String, kind: Kind, isRepeated: Bool, oneof: Int?,
        valueBits: Int = 64, isSigned32: Bool = false
    ) {
        self.number = number
        self.name = name
        self.kind = kind
        self.isRepeated = isRepeated
        self.oneof = oneof
        self.valueBits = valueBits
        self.isSigned32 = isSigned32
    }

    /// Repeated fields of this kind are packed (numbers and bools).
    package var isPackable: Bool { kind == .varint || kind == .bool }

    /// The wire type one value of the field is written with (a packed run is wire type 2).
    package var valueWireType: UInt8 { isPackable ? 0 : 2 }
}
