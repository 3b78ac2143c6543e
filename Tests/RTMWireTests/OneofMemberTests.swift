import Testing

@testable import RTMWire

/// A oneof member of a newer schema version: kept as an unknown field, reported as an unknown
/// kind (`<oneof>Member`), accepted by the semantic rules, re-encoded byte for byte.
@Suite("Oneof members of newer schema versions")
struct OneofMemberTests {
    /// A valid header (id, sender, conversation) with no body.
    static let headerBytes: [UInt8] = try! header(nil).serializedBytes(options: .wireOnly)

    @Test func aNewerBodyKindIsAnUnknownKindNotAnError() throws {
        // Field 40 (length-delimited), in the room the envelope reserves for body kinds (40-63).
        let newer = hex("c2 02 03 0a 01 78")
        let bytes = Self.headerBytes + newer
        let envelope = try Envelope(serializedBytes: bytes)  // checked decoding accepts it
        #expect(envelope.body == nil)
        #expect(envelope.bodyMember == .unknown(fieldNumber: 40))
        #expect(envelope.messageID == "m-1" && envelope.sender?.userID == "alice")
        #expect(try envelope.serializedBytes() == bytes)  // checked encoding too, byte for byte
    }

    @Test func theLastUnknownMemberIsReported() throws {
        let envelope = try Envelope(
            serializedBytes: Self.headerBytes + hex("f0 01 01") + hex("c2 02 00"))  // 30, then 40
        #expect(envelope.bodyMember == .unknown(fieldNumber: 40))
    }

    @Test func aKnownBodyWinsOverAnUnknownOne() throws {
        let text = try header(.text(TextMessage(text: "hi"))).serializedBytes()
        let envelope = try Envelope(serializedBytes: text + hex("c2 02 00"))
        #expect(envelope.bodyMember == .known(.text(TextMessage(text: "hi"))))
    }

    @Test(arguments: [
        ("80 01 05", "a known body number (16) with the wrong wire type"),
        ("88 04 01", "field 65, past the body room (64 is reply_to)"),
        ("30 01", "field 6, the reserved header room"),
    ])
    func fieldsOutsideTheRoomAreNoBody(unknown: String, why: String) throws {
        let bytes = Self.headerBytes + hex(unknown)
        let envelope = try Envelope(serializedBytes: bytes, options: .wireOnly)
        #expect(envelope.bodyMember == .absent, "\(why)")
        let error = caught { () throws(RTMWireError) in try Envelope(serializedBytes: bytes) }
        #expect(error?.code == .missingField && error?.fieldPath == "body", "\(why)")
    }

    @Test func nestedOneofsHaveRoomToo() throws {
        // A receipt kind 8, a stream chunk event 6, a metadata kind 4, a target 3 and an edit
        // content 5: each the first number of its oneof's reserved room.
        let receipt = try Receipt(serializedBytes: hex("42 00"))
        #expect(receipt.kindMember == .unknown(fieldNumber: 8))
        #expect(throws: Never.self) {
            try header(.receipt(receipt), conversation: .peer).validate()
        }
        let chunk = try StreamChunk(serializedBytes: hex("0a 01 73 32 00"), options: .wireOnly)
        #expect(chunk.eventMember == .unknown(fieldNumber: 6))
        #expect(throws: Never.self) { try header(.streamChunk(chunk)).validate() }
        let metadata = try MetadataMessage(serializedBytes: hex("22 00"), options: .wireOnly)
        #expect(metadata.kindMember == .unknown(fieldNumber: 4))
        let target = try MetadataTarget(serializedBytes: hex("1a 00"), options: .wireOnly)
        #expect(target.targetMember == .unknown(fieldNumber: 3))
        let edit = try MessageEdit(serializedBytes: hex("0a 01 6d 10 01 2a 00"))
        #expect(edit.contentMember == .unknown(fieldNumber: 5))
        #expect(throws: Never.self) { try header(.edit(edit)).validate() }
    }

    @Test func unknownFieldNumbersInOrder() {
        // varint 102, group 106 (holding fields 1 and 107), fixed32 105, length-delimited 40.
        let fields = UnknownFields(
            encodedFields: hex("b0 06 01 d3 06 08 01 db 06 dc 06 d4 06 cd 06 01 02 03 04 c2 02 00"))
        #expect(fields.fieldNumbers == [102, 106, 105, 40])
        #expect(fields.lastFieldNumber(in: 100...110) == 105)
        #expect(fields.lastFieldNumber(in: 1...10) == nil)
    }

    @Test func aMalformedTailStopsTheScan() {
        // Hand-made unknown fields: a varint 102, then a length prefix running past the end.
        let fields = UnknownFields(encodedFields: hex("b0 06 01 c2 02 05 00"))
        #expect(fields.fieldNumbers == [102, 40])
        #expect(fields.lastFieldNumber(in: 100...110) == 102)
        #expect(UnknownFields(encodedFields: hex("ff")).fieldNumbers == [])
    }
}
