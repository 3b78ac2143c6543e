import Testing

@testable import RTMWire
@testable import RTMWireJSON

/// What a swift-protobuf user reaches for works here too: `with`, optional accessors per oneof
/// member, `init(jsonString:options:)` with JSON options, byte parameters of any collection.
@Suite("swift-protobuf habits")
struct SwiftProtobufHabitsTests {
    @Test func withBuildsFromAnEmptyMessage() throws {
        let envelope = Envelope.with {
            $0.messageID = "m-1"
            $0.sender = Sender(userID: "alice")
            $0.conversation = Conversation(type: .peer, id: "bob")
            $0.text = TextMessage(text: "hi")
        }
        #expect(envelope.messageID == "m-1")
        #expect(envelope.body == .text(TextMessage(text: "hi")))
        #expect(try Envelope(serializedBytes: envelope.serializedBytes()) == envelope)
    }

    @Test func withPassesThePopulatorsErrorThrough() {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            _ = try Envelope.with { _ in throw Refused() }
        }
    }

    @Test func aMemberAccessorReadsOnlyItsMember() {
        var envelope = Envelope(body: .image(ImageMessage(mediaID: "m")))
        #expect(envelope.image?.mediaID == "m")
        #expect(envelope.text == nil)
        // Setting nil through another member leaves the body alone.
        envelope.text = nil
        #expect(envelope.image != nil)
        // Setting a member replaces the body; nil through the same member clears it.
        envelope.text = TextMessage(text: "t")
        #expect(envelope.image == nil && envelope.text?.text == "t")
        envelope.text = nil
        #expect(envelope.body == nil)
    }

    @Test func nestedOneofsHaveAccessorsToo() {
        var receipt = Receipt()
        receipt.messageRead = MessageReadReceipt(messageID: "m-1")
        #expect(receipt.kind == .messageRead(MessageReadReceipt(messageID: "m-1")))
        var chunk = StreamChunk(streamMessageID: "s", sequence: 1)
        chunk.initial = StreamInit(contentType: "text/plain")
        #expect(chunk.event == .initial(StreamInit(contentType: "text/plain")))
        #expect(chunk.delta == nil)
    }

    @Test func jsonOptionsGoWhereSwiftProtobufPutsThem() throws {
        let json =
            #"{"messageId":"m-1","sender":{"userId":"a"},"#
            + #""conversation":{"type":"CONVERSATION_TYPE_PEER","id":"b"},"#
            + #""text":{"text":"hi"},"futureField":1}"#
        #expect(throws: RTMWireError.self) { try Envelope(jsonString: json) }
        let lenient = JSONDecodingOptions(ignoreUnknownFields: true)
        let envelope = try Envelope(jsonString: json, options: lenient)
        #expect(envelope.messageID == "m-1")
        let fromBytes = try Envelope(jsonUTF8Bytes: Array(json.utf8), options: lenient)
        #expect(fromBytes == envelope)
    }

    @Test func byteParametersTakeAnyByteCollection() throws {
        let thumbnail: ArraySlice<UInt8> = [9, 1, 2, 3][1...]
        let image = ImageMessage(mediaID: "m", size: 10, thumbnail: thumbnail)
        #expect(image.thumbnail == [1, 2, 3])
        let built = try ImageMessage(
            mediaID: "m", imageBytes: ImageFixtures.png5x7.bytes, thumbnail: thumbnail,
            caption: "a cat", mentions: Mentions(userIDs: ["bob"]))
        #expect(built.thumbnail == [1, 2, 3])
        #expect(built.caption == "a cat")
        #expect(built.mentions == Mentions(userIDs: ["bob"]))
        #expect(CustomMessage(type: "t", payload: "{}".utf8).payload == Array("{}".utf8))
    }
}
