/// The six wire types of the protobuf encoding (3 and 4 are the deprecated groups).
@usableFromInline
package enum WireType: UInt8, Sendable {
    case varint = 0
    case fixed64 = 1
    case lengthDelimited = 2
    case startGroup = 3
    case endGroup = 4
    case fixed32 = 5
}

/// A decoded field tag: field number plus wire type.
@usableFromInline
package struct FieldTag: Sendable {
    @usableFromInline package let fieldNumber: UInt32
    @usableFromInline package let wireType: WireType

    /// The largest field number protobuf allows (2^29 - 1).
    package static let maxFieldNumber: UInt32 = (1 << 29) - 1
}
