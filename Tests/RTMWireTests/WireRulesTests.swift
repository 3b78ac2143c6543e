import Testing

@testable import RTMWire

/// Accept/reject rules of the wire format, on crafted bytes (wire-only decoding, so semantic
/// rules stay out of the way).
@Suite("Wire rules")
struct WireRulesTests {
    func decode(_ bytes: String, as type: (some RTMMessage).Type = Envelope.self)
        throws(RTMWireError) -> some RTMMessage
    {
        try type.init(serializedBytes: hex(bytes), options: .wireOnly)
    }

    func code(_ bytes: String) -> RTMWireError.Code? {
        caught { () throws(RTMWireError) in
            try Envelope(serializedBytes: hex(bytes), options: .wireOnly)
        }?.code
    }

    @Test func emptyInputIsTheEmptyMessage() throws {
        #expect(try Envelope(serializedBytes: [], options: .wireOnly) == Envelope())
    }

    @Test func fieldsInAnyOrder() throws {
        // send_time_ms (3) before message_id (1).
        let envelope = try Envelope(serializedBytes: hex("18 05 0a 01 61"), options: .wireOnly)
        #expect(envelope.messageID == "a")
        #expect(envelope.sendTimeMs == 5)
        #expect(try envelope.serializedBytes(options: .wireOnly) == hex("0a 01 61 18 05"))
    }

    @Test func lastScalarWins() throws {
        let envelope = try Envelope(
            serializedBytes: hex("0a 01 61 18 05 0a 01 62 18 07"), options: .wireOnly)
        #expect(envelope.messageID == "b")
        #expect(envelope.sendTimeMs == 7)
    }

    @Test func repeatedSubMessageMerges() throws {
        // sender split in two occurrences: user_id then display_name.
        let envelope = try Envelope(
            serializedBytes: hex("12 03 0a 01 75 12 03 12 01 64"), options: .wireOnly)
        #expect(envelope.sender == Sender(userID: "u", displayName: "d"))
    }

    @Test func oneofMemberRepeatedMerges() throws {
        // image (17) twice: media_id then size.
        let envelope = try Envelope(
            serializedBytes: hex("8a 01 03 0a 01 6d 8a 01 02 18 09"), options: .wireOnly)
        #expect(envelope.body == .image(ImageMessage(mediaID: "m", size: 9)))
    }

    @Test func oneofLastMemberWins() throws {
        let envelope = try Envelope(
            serializedBytes: hex("82 01 03 0a 01 74 8a 01 03 0a 01 6d"), options: .wireOnly)
        #expect(envelope.body == .image(ImageMessage(mediaID: "m")))
    }

    @Test func emptyOneofMemberIsEncoded() throws {
        let chunk = StreamChunk(event: .initial(StreamInit()))
        #expect(try chunk.serializedBytes(options: .wireOnly) == hex("1a 00"))
        #expect(try StreamChunk(serializedBytes: hex("1a 00"), options: .wireOnly) == chunk)
    }

    @Test func setEmptySubMessageIsEncoded() throws {
        let envelope = Envelope(deliveryOptions: DeliveryOptions())
        #expect(try envelope.serializedBytes(options: .wireOnly) == hex("2a 00"))
    }

    @Test func packedAndUnpackedRepeated() throws {
        let unpacked = try DeliveryReceipt(
            serializedBytes: hex("10 01 10 02 10 03"), options: .wireOnly)
        let packed = try DeliveryReceipt(serializedBytes: hex("12 03 01 02 03"), options: .wireOnly)
        let split = try DeliveryReceipt(
            serializedBytes: hex("12 01 01 10 02 12 01 03"), options: .wireOnly)
        #expect(unpacked.deliveredAtMs == [1, 2, 3])
        #expect(packed == unpacked)
        #expect(split == unpacked)
        #expect(try unpacked.serializedBytes(options: .wireOnly) == hex("12 03 01 02 03"))
    }

    @Test func overlongVarintsAreAccepted() throws {
        // send_time_ms = 1 as a 10-byte varint; message_id length as 2-byte varint.
        let envelope = try Envelope(
            serializedBytes: hex("18 81 80 80 80 80 80 80 80 80 00 0a 81 00 61"), options: .wireOnly
        )
        #expect(envelope.sendTimeMs == 1)
        #expect(envelope.messageID == "a")
        #expect(try envelope.serializedBytes(options: .wireOnly) == hex("0a 01 61 18 01"))
    }

    @Test func negativeInt32IsTenBytes() throws {
        let message = StreamMessage(completeReason: -1)
        #expect(
            try message.serializedBytes(options: .wireOnly)
                == hex("28 ff ff ff ff ff ff ff ff ff 01"))
    }

    @Test func int32KeepsLow32BitsOfA64BitVarint() throws {
        // complete_reason = 0x1_0000_0005 → 5.
        let message = try StreamMessage(
            serializedBytes: hex("28 85 80 80 80 10"), options: .wireOnly)
        #expect(message.completeReason == 5)
    }

    @Test func anyNonZeroBoolIsTrue() throws {
        let options = try DeliveryOptions(
            serializedBytes: hex("08 02 10 80 01"), options: .wireOnly)
        #expect(options.deliveryReceipt && options.readReceipt)
        #expect(try options.serializedBytes(options: .wireOnly) == hex("08 01 10 01"))
    }

    @Test func boolIgnoresBitsPastSixtyFour() throws {
        // Only bit 65 set: Google (and RTMWire) read false; protobuf-c reads true.
        let options = try DeliveryOptions(
            serializedBytes: hex("08 80 80 80 80 80 80 80 80 80 02"), options: .wireOnly)
        #expect(!options.deliveryReceipt)
    }

    @Test func emptySubMessageTwiceMerges() throws {
        // protobuf-c rejects this (see RTMWirePeerTests); Google and RTMWire merge.
        let response = try MetadataResponse(serializedBytes: hex("1a 00 1a 00"), options: .wireOnly)
        #expect(response.target == MetadataTarget())
        #expect(try response.serializedBytes(options: .wireOnly) == hex("1a 00"))
    }

    @Test func unknownEnumValueIsKept() throws {
        let status = try StatusMessage(serializedBytes: hex("08 63"), options: .wireOnly)
        #expect(status.presence.rawValue == 99)
        #expect(status.presence.protoName == nil)
        #expect(try status.serializedBytes(options: .wireOnly) == hex("08 63"))
    }

    @Test func knownFieldWithWrongWireTypeIsKeptAsUnknown() throws {
        // message_id (1) sent as a varint: Google keeps it as unknown (protobuf-c rejects).
        let envelope = try Envelope(serializedBytes: hex("08 05"), options: .wireOnly)
        #expect(envelope.messageID == "")
        #expect(envelope.unknownFields.bytes == hex("08 05"))
        #expect(try envelope.serializedBytes(options: .wireOnly) == hex("08 05"))
    }

    @Test(arguments: [
        ("0a", RTMWireError.Code.truncated),  // tag, no length
        ("0a 05 61", .lengthPastEnd),  // length past end
        ("18 80", .truncated),  // truncated varint
        ("18 80 80 80 80 80 80 80 80 80 80 01", .varintTooLong),  // 11-byte varint
        ("00 00", .invalidFieldNumber),  // field number 0
        ("80 80 80 80 10 00", .invalidFieldNumber),  // field number 2^29
        ("0e", .invalidWireType),  // wire type 6
        ("0f", .invalidWireType),  // wire type 7
        ("0c", .mismatchedGroupEnd),  // end group without start
        ("fb 07 84 08", .mismatchedGroupEnd),  // group 127 closed by an end tag of 128
        ("fb 07", .unterminatedGroup),  // group never ends
        ("0d 01 02", .truncated),  // truncated fixed32
        ("09 01 02 03 04 05 06 07", .truncated),  // truncated fixed64
        ("0a 02 c0 80", .invalidUTF8),  // overlong encoding
        ("0a 03 ed a0 80", .invalidUTF8),  // surrogate
        ("0a 02 e4 b8", .invalidUTF8),  // truncated multibyte
        ("0a 01 ff", .invalidUTF8),
        ("12 02 0a 05", .lengthPastEnd),  // inner length past sub-message end
        ("12 01 18", .trailingBytes),  // sub-message ends inside a field's tag value
        ("12 02 18 80", .trailingBytes),  // sub-message ends inside a varint
    ])
    func rejects(bytes: String, expected: RTMWireError.Code) {
        #expect(code(bytes) == expected, "\(bytes)")
    }

    @Test func maxFieldNumberIsAnAcceptedUnknown() throws {
        // Field 2^29-1, varint 1: tag f8 ff ff ff 0f.
        let envelope = try Envelope(serializedBytes: hex("f8 ff ff ff 0f 01"), options: .wireOnly)
        #expect(envelope.unknownFields.bytes == hex("f8 ff ff ff 0f 01"))
    }

    @Test func errorsNameFieldPathAndOffset() {
        let error = caught { () throws(RTMWireError) in
            try Envelope(serializedBytes: hex("0a 01 61 8a 01 04 12 02 c0 80"), options: .wireOnly)
        }
        #expect(error?.code == .invalidUTF8)
        #expect(error?.fieldPath == "image.file_name")
        #expect(error?.offset == 8)
    }

    @Test func depthLimitAtBoundary() throws {
        // Unknown groups nested n deep inside an envelope: field 100 start-group tag a3 06, end a4 06.
        func nested(_ n: Int) -> [UInt8] {
            Array(repeating: hex("a3 06"), count: n).flatMap { $0 }
                + Array(repeating: hex("a4 06"), count: n).flatMap { $0 }
        }
        let limits = Limits(maxDepth: 32)
        let ok = try Envelope(
            serializedBytes: nested(32),
            options: CodecOptions(limits: limits, checksSemantics: false))
        #expect(ok.unknownFields.bytes == nested(32))
        let error = caught { () throws(RTMWireError) in
            try Envelope(
                serializedBytes: nested(33),
                options: CodecOptions(limits: limits, checksSemantics: false))
        }
        #expect(error?.code == .depthLimitExceeded)
        #expect(error?.limit == .init(name: "maxDepth", allowed: 32, actual: 33))
    }

    @Test func depthLimitCountsSubMessages() throws {
        // Envelope → metadata → request → metadata → item: items sit at depth 4.
        let envelope = Envelope(
            body: .metadata(
                MetadataMessage(
                    kind: .request(
                        MetadataRequest(
                            metadata: Metadata(items: [MetadataItem(key: "k")]))))))
        let bytes = try envelope.serializedBytes(options: .wireOnly)
        #expect(throws: Never.self) {
            try Envelope(
                serializedBytes: bytes,
                options: CodecOptions(limits: Limits(maxDepth: 4), checksSemantics: false))
        }
        let error = caught { () throws(RTMWireError) in
            try Envelope(
                serializedBytes: bytes,
                options: CodecOptions(limits: Limits(maxDepth: 3), checksSemantics: false))
        }
        #expect(error?.code == .depthLimitExceeded)
        #expect(error?.fieldPath == "metadata.request.metadata.items")
    }

    @Test func nulInsideStringsIsKeptOnTheWireButRejectedWhenChecked() throws {
        var envelope = header(.text(TextMessage(text: "hi")))
        envelope.messageID = "a\u{0}b"
        let bytes = try envelope.serializedBytes(options: .wireOnly)
        #expect(try Envelope(serializedBytes: bytes, options: .wireOnly).messageID == "a\u{0}b")
        let error = caught { () throws(RTMWireError) in try envelope.validate() }
        #expect(error?.code == .invalidValue)
        #expect(error?.fieldPath == "message_id")
    }
}
