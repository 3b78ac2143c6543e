import Testing

@testable import RTMWire

/// Unknown fields of every wire type survive decode → encode byte-exact, after the known fields.
@Suite("Unknown fields")
struct UnknownFieldsTests {
    @Test(arguments: [
        "b0 06 96 01",  // 102: varint 150
        "b9 06 01 02 03 04 05 06 07 08",  // 103: fixed64
        "c2 06 03 61 62 63",  // 104: length-delimited
        "cd 06 01 02 03 04",  // 105: fixed32
        // 106: group holding fields and a nested group 107
        "d3 06 08 01 12 01 61 db 06 dc 06 d4 06",
    ])
    func roundTripsAfterKnownFields(unknown: String) throws {
        // Unknown field first, then message_id: re-encoding puts the known field first.
        let input = hex(unknown) + hex("0a 01 61")
        let envelope = try Envelope(serializedBytes: input, options: .wireOnly)
        #expect(envelope.messageID == "a")
        #expect(envelope.unknownFields.bytes == hex(unknown))
        #expect(try envelope.serializedBytes(options: .wireOnly) == hex("0a 01 61") + hex(unknown))
    }

    @Test func unknownFieldsInsideNestedMessagesStayWithThem() throws {
        // sender { user_id "u", field 9 varint 1 }.
        let input = hex("12 05 0a 01 75 48 01")
        let envelope = try Envelope(serializedBytes: input, options: .wireOnly)
        #expect(envelope.sender?.unknownFields.bytes == hex("48 01"))
        #expect(envelope.unknownFields.isEmpty)
        #expect(try envelope.serializedBytes(options: .wireOnly) == input)
    }

    @Test func unknownFieldsCountTowardSize() throws {
        var text = TextMessage(text: "x")
        text.unknownFields = UnknownFields(encodedFields: hex("b0 06 01"))
        #expect(text.serializedSize == 6)
        #expect(try text.serializedBytes(options: .wireOnly) == hex("0a 01 78 b0 06 01"))
    }

    @Test func unknownFieldsTakePartInEquality() throws {
        let plain = try Envelope(serializedBytes: hex("0a 01 61"), options: .wireOnly)
        let extra = try Envelope(serializedBytes: hex("0a 01 61 b0 06 01"), options: .wireOnly)
        #expect(plain != extra)
    }
}
