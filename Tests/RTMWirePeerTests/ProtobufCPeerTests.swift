// Tests of the C peer (protobuf-c 1.4.1 through RTMWirePeer). Besides checking the wrapper, they
// pin what protobuf-c does with unusual or malformed input, so that RTMWire's documentation of
// its differences from protobuf-c stays true. Every expected byte string is computed by hand from
// the schemas; the comments give the decoding.

import RTMWirePeer
import Testing

/// Bytes from hex pairs separated by spaces, e.g. `"0a 03 61 62 63"`.
private func bytes(_ hex: String) -> [UInt8] {
    hex.split(separator: " ").map { pair in
        guard pair.count == 2, let byte = UInt8(pair, radix: 16) else {
            preconditionFailure("bad hex byte \"\(pair)\"")
        }
        return byte
    }
}

/// protobuf-c's repacking of the hex bytes `input` as the message `type` (short name).
private func repack(_ input: String, as type: String) -> Result<[UInt8], ProtobufCPeerError> {
    ProtobufCPeer.repack(bytes(input), as: "rtmwire.v1.\(type)")
}

/// `.success` with the hex bytes `expected`.
private func repacked(_ expected: String) -> Result<[UInt8], ProtobufCPeerError> {
    .success(bytes(expected))
}

@Suite("Message registry")
struct RegistryTests {
    /// Every message of Schemas/rtmwire/v1/*.proto, counted by hand from the files
    /// (content 7, edit 2, envelope 5, group 3, history 3, metadata 9, reaction 3, recall 1,
    /// receipt 8, session 3, status 1, stream 8, typing 1 = 54), in byte order.
    static let schemaMessages = [
        "rtmwire.v1.Acknowledgement",
        "rtmwire.v1.AppDataEntry",
        "rtmwire.v1.AppDataUpdate",
        "rtmwire.v1.Caption",
        "rtmwire.v1.ChannelTarget",
        "rtmwire.v1.Conversation",
        "rtmwire.v1.ConversationReadReceipt",
        "rtmwire.v1.CustomMessage",
        "rtmwire.v1.DeliveryOptions",
        "rtmwire.v1.DeliveryReceipt",
        "rtmwire.v1.Envelope",
        "rtmwire.v1.FileMessage",
        "rtmwire.v1.GroupAckPage",
        "rtmwire.v1.GroupAckQuery",
        "rtmwire.v1.GroupMember",
        "rtmwire.v1.GroupReadCount",
        "rtmwire.v1.GroupReadReceipt",
        "rtmwire.v1.GroupRequest",
        "rtmwire.v1.GroupResponse",
        "rtmwire.v1.HistoryEntry",
        "rtmwire.v1.HistoryPage",
        "rtmwire.v1.HistoryRequest",
        "rtmwire.v1.ImageMessage",
        "rtmwire.v1.Mentions",
        "rtmwire.v1.MessageEdit",
        "rtmwire.v1.MessageReadReceipt",
        "rtmwire.v1.MessageRecall",
        "rtmwire.v1.MessageReference",
        "rtmwire.v1.Metadata",
        "rtmwire.v1.MetadataItem",
        "rtmwire.v1.MetadataMessage",
        "rtmwire.v1.MetadataOptions",
        "rtmwire.v1.MetadataRequest",
        "rtmwire.v1.MetadataResponse",
        "rtmwire.v1.MetadataTarget",
        "rtmwire.v1.Reaction",
        "rtmwire.v1.ReactionCount",
        "rtmwire.v1.ReactionSummary",
        "rtmwire.v1.Receipt",
        "rtmwire.v1.Refusal",
        "rtmwire.v1.Sender",
        "rtmwire.v1.SignIn",
        "rtmwire.v1.StatusMessage",
        "rtmwire.v1.StorageEvent",
        "rtmwire.v1.StreamChunk",
        "rtmwire.v1.StreamComplete",
        "rtmwire.v1.StreamDelta",
        "rtmwire.v1.StreamInit",
        "rtmwire.v1.StreamMessage",
        "rtmwire.v1.StreamPullRequest",
        "rtmwire.v1.StreamPullResponse",
        "rtmwire.v1.StreamReference",
        "rtmwire.v1.TextMessage",
        "rtmwire.v1.TypingIndicator",
    ]

    @Test func messageNamesAreEveryMessageOfTheSchemasSorted() {
        #expect(Self.schemaMessages.count == 54)
        #expect(ProtobufCPeer.messageNames == Self.schemaMessages)
    }

    @Test(arguments: schemaMessages)
    func everyNameFindsItsOwnDescriptor(name: String) throws {
        let message = try #require(ProtobufCPeer.Message(unpacking: [], as: name))
        #expect(message.fullName == name)
        #expect(message.packedSize == 0)
        #expect(ProtobufCPeer.repack([], as: name) == .success([]))
    }

    @Test func unknownTypeNames() {
        for name in [
            "rtmwire.v1.Nope", "Envelope", "rtmwire.v1.envelope", "", "rtmwire.v1.Envelope ",
            ".rtmwire.v1.Envelope", "rtmwire.v1.Envelope\u{0}", "rtmwire.v1.Envelope\u{0}x",
        ] {
            #expect(
                ProtobufCPeer.repack(bytes("0a 01 61"), as: name) == .failure(.unknownType(name)))
            #expect(ProtobufCPeer.Message(unpacking: [], as: name) == nil)
            #expect(throws: ProtobufCPeerError.unknownType(name)) {
                try ProtobufCPeer.Message.unpack([], as: name).get()
            }
        }
    }
}

@Suite("Message (unpacked, for benchmarks)")
struct MessageTests {
    @Test func packIntoALargerBufferWritesOnlyPackedSizeBytes() throws {
        // Envelope{message_id: "a", send_time_ms: 5}, fields out of order on input.
        let message = try #require(
            ProtobufCPeer.Message(unpacking: bytes("18 05 0a 01 61"), as: "rtmwire.v1.Envelope"))
        #expect(message.fullName == "rtmwire.v1.Envelope")
        #expect(message.packedSize == 5)
        var buffer = [UInt8](repeating: 0xee, count: 8)
        let written = buffer.withUnsafeMutableBytes { message.pack(into: $0) }
        #expect(written == 5)
        #expect(buffer == bytes("0a 01 61 18 05 ee ee ee"))
        #expect(message.packed() == bytes("0a 01 61 18 05"))
        // Packing twice gives the same bytes: the message is not consumed.
        #expect(message.packed() == bytes("0a 01 61 18 05"))
    }

    @Test func emptyMessagePacksIntoAnEmptyBuffer() throws {
        let message = try #require(ProtobufCPeer.Message(unpacking: [], as: "rtmwire.v1.Sender"))
        #expect(message.pack(into: UnsafeMutableRawBufferPointer(start: nil, count: 0)) == 0)
        #expect(message.packed() == [])
    }

    @Test func unpackTellsWhyItFailed() {
        #expect(
            ProtobufCPeer.Message(unpacking: bytes("0a 03 61 62"), as: "rtmwire.v1.Envelope") == nil
        )
        #expect(throws: ProtobufCPeerError.rejected) {
            try ProtobufCPeer.Message.unpack(bytes("0a 03 61 62"), as: "rtmwire.v1.Envelope").get()
        }
    }

    @Test func agreesWithRepack() throws {
        // Envelope{message_id "m1", sender{user_id "u"}, conversation{PEER, "p"},
        //          text{text "hi"}}.
        let input = bytes("0a 02 6d 31 12 03 0a 01 75 22 05 08 01 12 01 70 82 01 04 0a 02 68 69")
        let message = try #require(
            ProtobufCPeer.Message(unpacking: input, as: "rtmwire.v1.Envelope"))
        #expect(message.packed() == input)
        #expect(ProtobufCPeer.repack(input, as: "rtmwire.v1.Envelope") == .success(input))
    }

    @Test func errorDescriptions() {
        #expect(
            ProtobufCPeerError.unknownType("x.Y").description
                == "no message named \"x.Y\" in the schemas")
        #expect(ProtobufCPeerError.rejected.description == "protobuf-c rejected the input")
        #expect(ProtobufCPeerError.outOfMemory.description == "out of memory")
    }
}

@Suite("Canonical re-packing")
struct CanonicalTests {
    @Test func canonicalInputRepacksIdentically() {
        // Envelope{message_id: "abc"}.
        #expect(repack("0a 03 61 62 63", as: "Envelope") == repacked("0a 03 61 62 63"))
        #expect(repack("", as: "Envelope") == repacked(""))
    }

    @Test func fieldsAreWrittenInFieldNumberOrder() {
        // send_time_ms (3) = 5 before message_id (1) = "a".
        #expect(repack("18 05 0a 01 61", as: "Envelope") == repacked("0a 01 61 18 05"))
        // Conversation: id (2) before type (1).
        #expect(repack("12 01 61 08 07", as: "Conversation") == repacked("08 07 12 01 61"))
    }

    @Test func zeroValuesOnTheWireAreDropped() {
        // send_time_ms = 0, message_id = "": proto3 writes neither.
        #expect(repack("18 00 0a 00", as: "Envelope") == repacked(""))
        // DeliveryReceipt: empty packed delivered_at_ms.
        #expect(repack("12 00", as: "DeliveryReceipt") == repacked(""))
    }

    @Test func aSetOneofMemberIsWrittenEvenWhenEmpty() {
        // Envelope.text (16) = TextMessage{}: tag 82 01, length 0.
        #expect(repack("82 01 00", as: "Envelope") == repacked("82 01 00"))
        // MetadataTarget.user_id (2) = "" and MetadataTarget.channel (1) = ChannelTarget{}.
        #expect(repack("12 00", as: "MetadataTarget") == repacked("12 00"))
        #expect(repack("0a 00", as: "MetadataTarget") == repacked("0a 00"))
    }

    @Test func unknownEnumValuesArePreserved() {
        // Conversation.type = 7 (not a ConversationType).
        #expect(repack("08 07", as: "Conversation") == repacked("08 07"))
    }

    @Test func negativeInt32IsWrittenAsTenBytes() {
        // StreamComplete.code = -1, written as 5 bytes (0xffffffff), re-written sign-extended.
        #expect(
            repack("08 ff ff ff ff 0f", as: "StreamComplete")
                == repacked("08 ff ff ff ff ff ff ff ff ff 01"))
        #expect(
            repack("08 ff ff ff ff ff ff ff ff ff 01", as: "StreamComplete")
                == repacked("08 ff ff ff ff ff ff ff ff ff 01"))
    }
}

@Suite("Rejected input")
struct RejectedTests {
    @Test func truncatedInput() {
        // message_id announces 3 bytes, 2 follow.
        #expect(repack("0a 03 61 62", as: "Envelope") == .failure(.rejected))
        // A tag without its value.
        #expect(repack("18", as: "Envelope") == .failure(.rejected))
        // A varint whose last byte is missing.
        #expect(repack("18 85", as: "Envelope") == .failure(.rejected))
        // sender announces 5 bytes, 3 follow.
        #expect(repack("12 05 0a 01 61", as: "Envelope") == .failure(.rejected))
        // sender fits, but its user_id announces 5 bytes inside a 3-byte sender.
        #expect(repack("12 03 0a 05 61", as: "Envelope") == .failure(.rejected))
        // An unknown length-delimited field (1000) announces 2 bytes, 1 follows.
        #expect(repack("c2 3e 02 61", as: "Envelope") == .failure(.rejected))
    }

    @Test func fieldNumberZero() {
        #expect(repack("00 05", as: "Envelope") == .failure(.rejected))
        #expect(repack("02 00", as: "Envelope") == .failure(.rejected))
    }

    @Test func wireTypesSixAndSeven() {
        #expect(repack("c6 3e", as: "Envelope") == .failure(.rejected))
        #expect(repack("c7 3e", as: "Envelope") == .failure(.rejected))
        #expect(repack("0f", as: "Envelope") == .failure(.rejected))
    }
}

/// Observed: a known field with a wire type that does not fit its type makes protobuf-c reject
/// the whole message — except for `bool` fields, which protobuf-c reads from any wire type.
@Suite("Known field, wrong wire type")
struct WrongWireTypeTests {
    @Test func rejectedForEveryTypeButBool() {
        // string message_id (1) as varint.
        #expect(repack("08 05", as: "Envelope") == .failure(.rejected))
        // int64 send_time_ms (3) as length-delimited.
        #expect(repack("1a 01 05", as: "Envelope") == .failure(.rejected))
        // int64 send_time_ms (3) as fixed64, after a valid field.
        #expect(
            repack("0a 01 61 19 05 00 00 00 00 00 00 00", as: "Envelope") == .failure(.rejected))
        // message sender (2) as varint.
        #expect(repack("10 05", as: "Envelope") == .failure(.rejected))
        // enum Conversation.type (1) as length-delimited.
        #expect(repack("0a 01 01", as: "Conversation") == .failure(.rejected))
        // uint32 GroupReadCount.read_count (3) as fixed32.
        #expect(repack("1d 01 00 00 00", as: "GroupReadCount") == .failure(.rejected))
        // bytes CustomMessage.payload (2) as varint.
        #expect(repack("10 01", as: "CustomMessage") == .failure(.rejected))
        // repeated string DeliveryReceipt.message_ids (1) as varint.
        #expect(repack("08 01", as: "DeliveryReceipt") == .failure(.rejected))
        // repeated int64 DeliveryReceipt.delivered_at_ms (2) as fixed64.
        #expect(repack("11 01 00 00 00 00 00 00 00", as: "DeliveryReceipt") == .failure(.rejected))
    }

    /// A bool is true when any byte of the raw field (after the tag) has one of its low 7 bits
    /// set; for a length-delimited field that includes the length prefix.
    @Test func boolAcceptsAnyWireType() {
        // DeliveryOptions.delivery_receipt (1) as fixed32 1 and fixed32 0.
        #expect(repack("0d 01 00 00 00", as: "DeliveryOptions") == repacked("08 01"))
        #expect(repack("0d 00 00 00 00", as: "DeliveryOptions") == repacked(""))
        // ... as fixed64 0.
        #expect(repack("09 00 00 00 00 00 00 00 00", as: "DeliveryOptions") == repacked(""))
        // ... as length-delimited: one byte 00 reads as true (the length byte 01 is non-zero),
        // no bytes as false.
        #expect(repack("0a 01 00", as: "DeliveryOptions") == repacked("08 01"))
        #expect(repack("0a 00", as: "DeliveryOptions") == repacked(""))
        // ... but not as a group.
        #expect(repack("0b", as: "DeliveryOptions") == .failure(.rejected))
    }

    @Test func boolVarintValues() {
        // 2 and 128 (80 01) read as true and are written as 1; 80 00 (over-long 0) is false.
        #expect(repack("08 02", as: "DeliveryOptions") == repacked("08 01"))
        #expect(repack("08 80 01", as: "DeliveryOptions") == repacked("08 01"))
        #expect(repack("08 80 00", as: "DeliveryOptions") == repacked(""))
        #expect(
            repack("08 ff ff ff ff ff ff ff ff ff 01", as: "DeliveryOptions") == repacked("08 01"))
    }
}

/// Observed: protobuf-c does not support groups at all (wire types 3 and 4): any group, even an
/// unknown field's, makes it reject the message.
@Suite("Groups")
struct GroupTests {
    @Test func groupsAreRejected() {
        // Unknown field 1000: start group (c3 3e), end group (c4 3e).
        #expect(repack("0a 01 61 c3 3e c4 3e", as: "Envelope") == .failure(.rejected))
        // ... with a varint inside.
        #expect(repack("0a 01 61 c3 3e 08 01 c4 3e", as: "Envelope") == .failure(.rejected))
        // A lone end group.
        #expect(repack("0a 01 61 c4 3e", as: "Envelope") == .failure(.rejected))
        // A group on a known field number (sender, 2).
        #expect(repack("13 14", as: "Envelope") == .failure(.rejected))
    }
}

@Suite("Strings")
struct StringTests {
    /// Observed: protobuf-c stores strings NUL-terminated and measures them with strlen when
    /// packing, so a string is cut at its first NUL byte; a string that starts with NUL becomes
    /// empty and (outside a oneof) is no longer written at all. Bytes fields keep NUL bytes.
    @Test func aStringIsCutAtItsFirstNul() {
        // message_id = "a\0b".
        #expect(repack("0a 03 61 00 62", as: "Envelope") == repacked("0a 01 61"))
        #expect(repack("0a 03 61 62 00", as: "Envelope") == repacked("0a 02 61 62"))
        // message_id = "\0": empty, so dropped.
        #expect(repack("0a 01 00", as: "Envelope") == repacked(""))
        // Nested: sender{user_id = "a\0b"}.
        #expect(repack("12 05 0a 03 61 00 62", as: "Envelope") == repacked("12 03 0a 01 61"))
        // Oneof string MetadataTarget.user_id = "\0": still set, so written empty.
        #expect(repack("12 01 00", as: "MetadataTarget") == repacked("12 00"))
        // Repeated: message_ids ["a\0b", "\0"] become ["a", ""].
        #expect(
            repack("0a 03 61 00 62 0a 01 00", as: "DeliveryReceipt") == repacked("0a 01 61 0a 00"))
    }

    @Test func bytesKeepNul() {
        // CustomMessage{type "t", payload 61 00 62}.
        #expect(
            repack("0a 01 74 12 03 61 00 62", as: "CustomMessage")
                == repacked("0a 01 74 12 03 61 00 62"))
    }

    /// Observed: protobuf-c does not validate UTF-8; string bytes are kept as they are.
    @Test func invalidUTF8IsAcceptedAndKept() {
        #expect(repack("0a 02 ff fe", as: "Envelope") == repacked("0a 02 ff fe"))
        // A UTF-16 surrogate (U+D800) encoded as UTF-8.
        #expect(repack("0a 03 ed a0 80", as: "Envelope") == repacked("0a 03 ed a0 80"))
        // A truncated two-byte sequence.
        #expect(repack("0a 02 c3 28", as: "Envelope") == repacked("0a 02 c3 28"))
    }
}

/// Observed: unknown fields (including reserved field numbers) are kept and written after all
/// known fields, in the order they arrived, with their tag re-encoded minimally and their value
/// bytes copied as they were.
@Suite("Unknown fields")
struct UnknownFieldTests {
    @Test func keptAfterTheKnownFields() {
        // Field 1000 varint 7 (c0 3e 07), then message_id "a".
        #expect(repack("c0 3e 07 0a 01 61", as: "Envelope") == repacked("0a 01 61 c0 3e 07"))
        #expect(repack("0a 01 61 c0 3e 07", as: "Envelope") == repacked("0a 01 61 c0 3e 07"))
    }

    @Test func keptInArrivalOrderNotSorted() {
        // Field 1001 (c8 3e) arrives before field 1000 (c0 3e) and stays before it.
        #expect(
            repack("c8 3e 01 0a 01 61 c0 3e 07", as: "Envelope")
                == repacked("0a 01 61 c8 3e 01 c0 3e 07"))
        // Repeated unknown fields are all kept.
        #expect(repack("c0 3e 01 c0 3e 02", as: "Envelope") == repacked("c0 3e 01 c0 3e 02"))
    }

    @Test func everyWireTypeButGroupsIsKept() {
        // 1001 fixed32, 1001 fixed64, 1000 length-delimited "a", then message_id "a".
        #expect(
            repack(
                "cd 3e 01 02 03 04 c9 3e 01 02 03 04 05 06 07 08 c2 3e 01 61 0a 01 61",
                as: "Envelope")
                == repacked("0a 01 61 cd 3e 01 02 03 04 c9 3e 01 02 03 04 05 06 07 08 c2 3e 01 61"))
    }

    @Test func reservedFieldNumbersAreUnknownFields() {
        // Envelope reserves 6 to 15: field 6 varint 1, field 7 length-delimited "".
        #expect(repack("30 01 0a 01 61", as: "Envelope") == repacked("0a 01 61 30 01"))
        #expect(repack("3a 00 0a 01 61", as: "Envelope") == repacked("0a 01 61 3a 00"))
    }

    @Test func valueBytesAreCopiedTagIsReencoded() {
        // Over-long varint value 5 (85 80 00) of field 1000: kept as is.
        #expect(repack("c0 3e 85 80 00", as: "Envelope") == repacked("c0 3e 85 80 00"))
        // Over-long tag of field 1000 (c0 be 00): written minimally (c0 3e).
        #expect(repack("c0 be 00 07", as: "Envelope") == repacked("c0 3e 07"))
    }

    @Test func fieldNumberLimits() {
        // Field 2^29 - 1, the largest valid field number (tag f8 ff ff ff 0f).
        #expect(repack("f8 ff ff ff 0f 01", as: "Envelope") == repacked("f8 ff ff ff 0f 01"))
        // Field 2^30 - 1, beyond the valid range: accepted and kept.
        #expect(repack("f8 ff ff ff 1f 01", as: "Envelope") == repacked("f8 ff ff ff 1f 01"))
        // A six-byte tag is rejected.
        #expect(repack("f8 ff ff ff ff 01 01", as: "Envelope") == .failure(.rejected))
        // Field 0 written with an over-long tag (80 00) is accepted as an unknown field and
        // written back as 00 05, which protobuf-c itself then rejects.
        #expect(repack("80 00 05", as: "Envelope") == repacked("00 05"))
        #expect(repack("00 05", as: "Envelope") == .failure(.rejected))
    }
}

@Suite("Varints")
struct VarintTests {
    /// Observed: over-long varints (up to 10 bytes) are accepted and written back minimally.
    @Test func overlongVarintsAreReencodedMinimally() {
        // send_time_ms = 5 in 2 and in 10 bytes.
        #expect(repack("18 85 00", as: "Envelope") == repacked("18 05"))
        #expect(repack("18 85 80 80 80 80 80 80 80 80 00", as: "Envelope") == repacked("18 05"))
        // Over-long tag of send_time_ms (98 00).
        #expect(repack("98 00 05", as: "Envelope") == repacked("18 05"))
        // Over-long length prefix (81 00) of message_id "a".
        #expect(repack("0a 81 00 61", as: "Envelope") == repacked("0a 01 61"))
    }

    @Test func tooLongVarintsAreRejected() {
        // An 11-byte varint, for a known and for an unknown field.
        #expect(
            repack("18 85 80 80 80 80 80 80 80 80 80 00", as: "Envelope") == .failure(.rejected))
        #expect(
            repack("c0 3e 85 80 80 80 80 80 80 80 80 80 00", as: "Envelope") == .failure(.rejected))
        // A 6-byte length prefix.
        #expect(repack("0a 81 80 80 80 80 00 61", as: "Envelope") == .failure(.rejected))
    }

    /// Observed: bits beyond the field's width are dropped silently (no rejection).
    @Test func excessBitsAreDropped() {
        // 10th byte 7f: only its lowest bit (bit 63) fits in an int64; 5 | 1 << 63 is kept.
        #expect(
            repack("18 85 80 80 80 80 80 80 80 80 7f", as: "Envelope")
                == repacked("18 85 80 80 80 80 80 80 80 80 01"))
        // uint32 read_count = 2^32 truncates to 0 (not written), 2^32 + 1 to 1.
        #expect(repack("18 80 80 80 80 10", as: "GroupReadCount") == repacked(""))
        #expect(repack("18 81 80 80 80 10", as: "GroupReadCount") == repacked("18 01"))
    }
}

/// Observed: for a singular field given more than once, the last value wins.
@Suite("Duplicated scalars")
struct DuplicatedScalarTests {
    @Test func lastValueWins() {
        #expect(repack("18 05 18 07", as: "Envelope") == repacked("18 07"))
        #expect(repack("0a 01 61 0a 01 62", as: "Envelope") == repacked("0a 01 62"))
        // An explicit empty string last wins too.
        #expect(repack("0a 01 61 0a 00", as: "Envelope") == repacked(""))
    }
}

@Suite("Packed repeated int64")
struct PackedTests {
    /// DeliveryReceipt.delivered_at_ms (2) is packed: protobuf-c accepts the unpacked form and
    /// the packed form, mixed, concatenates them in arrival order and always writes packed.
    @Test func unpackedInputIsWrittenPacked() {
        #expect(repack("10 01 10 02 10 03", as: "DeliveryReceipt") == repacked("12 03 01 02 03"))
        #expect(
            repack("12 02 01 02 10 03 12 01 04", as: "DeliveryReceipt")
                == repacked("12 04 01 02 03 04"))
        // -1 (10 bytes) and 0.
        #expect(
            repack("10 ff ff ff ff ff ff ff ff ff 01 10 00", as: "DeliveryReceipt")
                == repacked("12 0b ff ff ff ff ff ff ff ff ff 01 00"))
    }

    @Test func packedElementsAreReencodedMinimally() {
        // Element 1 written over-long (81 00).
        #expect(repack("12 02 81 00", as: "DeliveryReceipt") == repacked("12 01 01"))
    }

    @Test func malformedPackedDataIsRejected() {
        // Length 2, one byte follows.
        #expect(repack("12 02 01", as: "DeliveryReceipt") == .failure(.rejected))
        // Last element unterminated.
        #expect(repack("12 02 01 80", as: "DeliveryReceipt") == .failure(.rejected))
        // An 11-byte element.
        #expect(
            repack("12 0b 85 80 80 80 80 80 80 80 80 80 00", as: "DeliveryReceipt")
                == .failure(.rejected))
    }
}

/// A singular sub-message given more than once must be merged (protobuf encoding spec).
/// Observed in protobuf-c 1.4.1 for proto3 sub-messages outside a oneof: strings, sub-messages
/// (recursively) and repeated fields are merged, but numeric, enum and bool fields of the
/// earlier occurrences are lost (the last occurrence's value, 0 when absent, wins) and so are
/// the earlier occurrences' unknown fields.
@Suite("Split sub-messages")
struct SplitMessageTests {
    @Test func stringsAreMerged() {
        // sender{user_id "a"} + sender{display_name "b"} = sender{"a", "b"}.
        #expect(
            repack("12 03 0a 01 61 12 03 12 01 62", as: "Envelope")
                == repacked("12 06 0a 01 61 12 01 62"))
        // sender{user_id "a"} + sender{}: "a" kept.
        #expect(repack("12 03 0a 01 61 12 00", as: "Envelope") == repacked("12 03 0a 01 61"))
        // sender{user_id "a"} + sender{user_id ""}: the explicit "" wins.
        #expect(repack("12 03 0a 01 61 12 02 0a 00", as: "Envelope") == repacked("12 00"))
    }

    @Test func subMessagesAreMergedRecursively() {
        // StreamMessage: reference{message_uid "a"} + reference{sender_user_id "b"}.
        #expect(
            repack("42 03 0a 01 61 42 03 12 01 62", as: "StreamMessage")
                == repacked("42 06 0a 01 61 12 01 62"))
    }

    @Test func repeatedFieldsAreConcatenated() {
        // MetadataRequest: metadata{items [{key "a"}]} + metadata{items [{key "b"}],
        // major_revision 5} = metadata{items [a, b], major_revision 5}.
        #expect(
            repack("22 05 0a 03 0a 01 61 22 07 0a 03 0a 01 62 10 05", as: "MetadataRequest")
                == repacked("22 0c 0a 03 0a 01 61 0a 03 0a 01 62 10 05"))
    }

    @Test func scalarsOfEarlierOccurrencesAreLost() {
        // conversation{type PEER} + conversation{}: the spec keeps PEER; protobuf-c drops it.
        #expect(repack("22 02 08 01 22 00", as: "Envelope") == repacked("22 00"))
        // conversation{type PEER} + conversation{id "b"}: spec {PEER, "b"}; protobuf-c {"b"}.
        #expect(repack("22 02 08 01 22 03 12 01 62", as: "Envelope") == repacked("22 03 12 01 62"))
        // delivery_options{delivery_receipt} + delivery_options{read_receipt}: spec both.
        #expect(repack("2a 02 08 01 2a 02 10 01", as: "Envelope") == repacked("2a 02 10 01"))
        // MetadataRequest: metadata{major_revision 5} + metadata{}: spec 5; protobuf-c 0.
        #expect(repack("22 02 10 05 22 00", as: "MetadataRequest") == repacked("22 00"))
    }

    @Test func unknownFieldsOfEarlierOccurrencesAreLost() {
        // sender{1000: 1} + sender{user_id "a"} + sender{1000: 2} keeps only 1000: 2.
        #expect(
            repack("12 03 c0 3e 01 12 03 0a 01 61 12 03 c0 3e 02", as: "Envelope")
                == repacked("12 06 0a 01 61 c0 3e 02"))
    }
}

/// Observed: a oneof member given again replaces the earlier one, also when it is the same
/// member (the spec merges the same sub-message member; protobuf-c does not).
@Suite("Oneof")
struct OneofTests {
    @Test func sameMemberAgainReplacesInsteadOfMerging() {
        // text{text "a"} + text{}: spec text{"a"}; protobuf-c text{}.
        #expect(repack("82 01 03 0a 01 61 82 01 00", as: "Envelope") == repacked("82 01 00"))
        // Receipt: delivery{message_ids ["a"]} + delivery{["b"]}: spec ["a", "b"];
        // protobuf-c ["b"].
        #expect(
            repack("0a 03 0a 01 61 0a 03 0a 01 62", as: "Receipt") == repacked("0a 03 0a 01 62"))
    }

    @Test func lastMemberWins() {
        // text{text "a"} then status{hand_raised true}, and the other way round.
        #expect(
            repack("82 01 03 0a 01 61 9a 01 02 10 01", as: "Envelope") == repacked("9a 01 02 10 01")
        )
        #expect(
            repack("9a 01 02 10 01 82 01 03 0a 01 61", as: "Envelope")
                == repacked("82 01 03 0a 01 61"))
    }
}

/// Observed by the differential fuzzer (Sources/RTMWireFuzzCheck/Differential), pinned here.
@Suite("Differences found by fuzzing")
struct FuzzFoundDifferenceTests {
    @Test func boolWithOnlyBitsAboveBit63IsTrue() {
        // Google's parsers (and RTMWire) drop bits past 64 and read false; protobuf-c reads true.
        #expect(
            repack("08 80 80 80 80 80 80 80 80 80 02", as: "DeliveryOptions") == repacked("08 01"))
    }

    @Test func unknownFieldTagIsRewrittenMinimally() {
        // RTMWire keeps the unknown field byte-exact (c0 be 00 07); protobuf-c shortens the tag.
        #expect(repack("0a 01 61 c0 be 00 07", as: "TextMessage") == repacked("0a 01 61 c0 3e 07"))
    }

    @Test func subMessageTwiceWithNoOneofSetIsRejected() {
        // MetadataResponse.target (field 3) given twice, both empty: RTMWire merges them.
        #expect(repack("1a 00 1a 00", as: "MetadataResponse") == .failure(.rejected))
    }
}
