import Testing

@testable import RTMWire
@testable import RTMWireViews

/// The layout the generator plans for views (Scripts/codegen/view_layout.py): the views that
/// are payloads of `EnvelopeView.Body` fit 128 bytes, so that Swift moves the body in registers
/// rather than through `memcpy`; the oneof members it records lazily to get there read as the
/// decoder decodes them, merged over their occurrences.
@Suite("View layout")
struct ViewLayoutTests {
    @Test func anEnvelopeViewsBodyFitsInRegisters() {
        #expect(MemoryLayout<EnvelopeView.Body?>.size <= 128)
        #expect(MemoryLayout<ReceiptView>.size <= 128)
        #expect(MemoryLayout<MetadataMessageView>.size <= 128)
    }

    /// `group_read`, recorded when read, given in two occurrences whose fields merge.
    @Test func aLazilyRecordedMemberMergesItsOccurrences() throws {
        let first = Receipt(kind: .groupRead(GroupReadReceipt(messageID: "m1", groupID: "g")))
        let second = Receipt(
            kind: .groupRead(GroupReadReceipt(messageID: "m2", readTimeMs: 7, readerUserID: "u")))
        let bytes = try [first, second].flatMap { try $0.serializedBytes(options: .wireOnly) }
        let decoded = try Receipt(serializedBytes: bytes, options: .wireOnly)
        let view = try Receipt.view(of: bytes, options: .wireOnly)
        guard case .groupRead(let read)? = view.kind else {
            Issue.record("the member is group_read")
            return
        }
        #expect(read.messageID == "m2")
        #expect(read.groupID == "g")
        #expect(read.readTimeMs == 7)
        #expect(try view.materialized() == decoded)
    }

    /// A metadata request, recorded when read, whose items (a repeated field that the recording
    /// walk skips by length) still read as decoded.
    @Test func aLazilyRecordedMemberReadsItsRepeatedElements() throws {
        var request = MetadataRequest(requestID: "r")
        request.metadata = Metadata(
            items: [MetadataItem(key: "a", value: "1"), MetadataItem(key: "b", revision: 3)],
            majorRevision: 9)
        let message = MetadataMessage(kind: .request(request))
        let bytes = try message.serializedBytes(options: .wireOnly)
        let view = try MetadataMessage.view(of: bytes)
        guard case .request(let viewed)? = view.kind else {
            Issue.record("the member is request")
            return
        }
        #expect(viewed.requestID == "r")
        #expect(viewed.metadata?.majorRevision == 9)
        let items = try #require(viewed.metadata?.items)
        var keys: [String] = []
        for item in items { keys.append(try item.key.string) }
        #expect(keys == ["a", "b"])
        #expect(try view.materialized() == message)
    }

    /// The pass still checks a member it does not record: a truncated field inside
    /// `group_read` is the decoder's error, thrown when the view is made.
    @Test func thePassChecksALazilyRecordedMember() throws {
        // receipt.group_read (4) holding message_id (1) whose length runs past the end.
        let bytes = hex("22 03 0a 05 61")
        let decoderError = #expect(throws: RTMWireError.self) {
            try Receipt(serializedBytes: bytes)
        }
        let viewError = #expect(throws: RTMWireError.self) {
            try Receipt.view(of: bytes)
        }
        #expect(viewError?.code == decoderError?.code)
        #expect(viewError?.fieldPath == decoderError?.fieldPath)
        #expect(viewError?.offset == decoderError?.offset)
    }
}
