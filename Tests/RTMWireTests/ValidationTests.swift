import Testing

@testable import RTMWire

/// Semantic rules on top of the wire: each rule rejects what it must, with the field path.
@Suite("Semantic validation")
struct ValidationTests {
    func error(_ envelope: Envelope) -> RTMWireError? {
        caught { () throws(RTMWireError) in try envelope.validate() }
    }

    @Test func everySampleIsValid() throws {
        for (kind, envelope) in Samples.bodies {
            #expect(error(envelope) == nil, "\(kind)")
        }
    }

    static let cases: [(String, Envelope, RTMWireError.Code, String)] = {
        let text = Envelope.Body.text(TextMessage(text: "hi"))
        var noID = header(text); noID.messageID = ""
        var noSender = header(text); noSender.sender = nil
        var noUser = header(text); noUser.sender = Sender(displayName: "x")
        var noConversation = header(text); noConversation.conversation = nil
        var noConversationID = header(text);
        noConversationID.conversation = Conversation(type: .peer)
        var unspecified = header(text); unspecified.conversation = Conversation(id: "c")
        func receipt(_ kind: Receipt.Kind?, _ type: ConversationType = .peer) -> Envelope {
            header(.receipt(Receipt(kind: kind)), conversation: type)
        }
        func metadata(_ kind: MetadataMessage.Kind?) -> Envelope {
            header(.metadata(MetadataMessage(kind: kind)))
        }
        let user = MetadataTarget(target: .userID("u"))
        return [
            ("missing id", noID, .missingField, "message_id"),
            ("missing sender", noSender, .missingField, "sender"),
            ("missing sender id", noUser, .missingField, "sender.user_id"),
            ("missing conversation", noConversation, .missingField, "conversation"),
            ("missing conversation id", noConversationID, .missingField, "conversation.id"),
            ("unspecified conversation", unspecified, .invalidValue, "conversation.type"),
            ("missing body", header(nil), .missingField, "body"),
            ("empty text", header(.text(TextMessage())), .missingField, "text.text"),
            (
                "empty media id", header(.image(ImageMessage(size: 1))), .missingField,
                "image.media_id"
            ),
            (
                "empty file media id", header(.file(FileMessage(size: 1))), .missingField,
                "file.media_id"
            ),
            (
                "unspecified presence", header(.status(StatusMessage(handRaised: true))),
                .invalidValue, "status.presence"
            ),
            ("receipt without kind", receipt(nil), .missingField, "receipt.kind"),
            (
                "delivery without ids", receipt(.delivery(DeliveryReceipt())), .missingField,
                "receipt.delivery.message_ids"
            ),
            (
                "delivery empty id", receipt(.delivery(DeliveryReceipt(messageIDs: ["a", ""]))),
                .missingField, "receipt.delivery.message_ids[1]"
            ),
            (
                "delivery times mismatch",
                receipt(.delivery(DeliveryReceipt(messageIDs: ["a", "b"], deliveredAtMs: [1]))),
                .invalidValue, "receipt.delivery.delivered_at_ms"
            ),
            (
                "read without id", receipt(.messageRead(MessageReadReceipt())), .missingField,
                "receipt.message_read.message_id"
            ),
            (
                "conversation read in group",
                receipt(.conversationRead(ConversationReadReceipt(conversationID: "c")), .group),
                .invalidValue, "receipt"
            ),
            (
                "conversation read without id",
                receipt(.conversationRead(ConversationReadReceipt()), .peer), .missingField,
                "receipt.conversation_read.conversation_id"
            ),
            (
                "group read in channel",
                receipt(.groupRead(GroupReadReceipt(messageID: "m", groupID: "g")), .channel),
                .invalidValue, "receipt"
            ),
            (
                "group read without group",
                receipt(.groupRead(GroupReadReceipt(messageID: "m")), .group),
                .missingField, "receipt.group_read.group_id"
            ),
            (
                "group count without message",
                receipt(.groupReadCount(GroupReadCount(groupID: "c-1")), .group), .missingField,
                "receipt.group_read_count.message_id"
            ),
            (
                "group read of another group",
                receipt(.groupRead(GroupReadReceipt(messageID: "m", groupID: "g")), .group),
                .invalidValue, "receipt.group_read.group_id"
            ),
            (
                "delivery in group",
                receipt(.delivery(DeliveryReceipt(messageIDs: ["a"])), .group), .invalidValue,
                "receipt"
            ),
            (
                "message read in group",
                receipt(.messageRead(MessageReadReceipt(messageID: "a")), .group), .invalidValue,
                "receipt"
            ),
            (
                "ack query for no page",
                receipt(.groupAckQuery(GroupAckQuery(messageID: "m", groupID: "c-1")), .group),
                .invalidValue, "receipt.group_ack_query.page_size"
            ),
            (
                "ack page with an ack of another message",
                receipt(
                    .groupAckPage(
                        GroupAckPage(
                            messageID: "m", groupID: "c-1",
                            acks: [
                                GroupReadReceipt(
                                    messageID: "x", groupID: "c-1", ackID: "a", readerUserID: "u")
                            ])), .group),
                .invalidValue, "receipt.group_ack_page.acks[0]"
            ),
            (
                // Ids compare byte for byte: a precomposed é is not e + U+0301, though Swift's
                // == says so.
                "ack page with an ack of the same message spelled otherwise",
                receipt(
                    .groupAckPage(
                        GroupAckPage(
                            messageID: "caf\u{E9}", groupID: "c-1",
                            acks: [
                                GroupReadReceipt(
                                    messageID: "cafe\u{301}", groupID: "c-1", ackID: "a",
                                    readerUserID: "u")
                            ])), .group),
                .invalidValue, "receipt.group_ack_page.acks[0]"
            ),
            (
                "ack page with an ack without reader",
                receipt(
                    .groupAckPage(
                        GroupAckPage(
                            messageID: "m", groupID: "c-1",
                            acks: [GroupReadReceipt(messageID: "m", groupID: "c-1", ackID: "a")])),
                    .group),
                .missingField, "receipt.group_ack_page.acks[0].reader_user_id"
            ),
            (
                "stream without uid", header(.stream(StreamMessage())), .missingField,
                "stream.message_uid"
            ),
            (
                "reference without uid",
                header(.stream(StreamMessage(messageID: "s", reference: StreamReference()))),
                .missingField, "stream.reference.message_uid"
            ),
            (
                "chunk without event", header(.streamChunk(StreamChunk(streamMessageID: "s"))),
                .missingField, "stream_chunk.event"
            ),
            (
                "chunk without stream",
                header(.streamChunk(StreamChunk(event: .delta(StreamDelta())))), .missingField,
                "stream_chunk.stream_id"
            ),
            ("metadata without kind", metadata(nil), .missingField, "metadata.kind"),
            (
                "request without id",
                metadata(.request(MetadataRequest(operation: .get, target: user))), .missingField,
                "metadata.request.request_id"
            ),
            (
                "request without operation",
                metadata(.request(MetadataRequest(requestID: "r", target: user))), .invalidValue,
                "metadata.request.operation"
            ),
            (
                "request without target",
                metadata(.request(MetadataRequest(requestID: "r", operation: .get))), .missingField,
                "metadata.request.target"
            ),
            (
                "empty target",
                metadata(
                    .request(
                        MetadataRequest(requestID: "r", operation: .get, target: MetadataTarget()))),
                .missingField, "metadata.request.target.target"
            ),
            (
                "empty user target",
                metadata(
                    .request(
                        MetadataRequest(
                            requestID: "r", operation: .get,
                            target: MetadataTarget(target: .userID(""))))), .missingField,
                "metadata.request.target.user_id"
            ),
            (
                "channel without name",
                metadata(
                    .request(
                        MetadataRequest(
                            requestID: "r", operation: .get,
                            target: MetadataTarget(
                                target: .channel(ChannelTarget(channelType: .message)))))),
                .missingField, "metadata.request.target.channel.channel_name"
            ),
            (
                "channel without type",
                metadata(
                    .request(
                        MetadataRequest(
                            requestID: "r", operation: .get,
                            target: MetadataTarget(
                                target: .channel(ChannelTarget(channelName: "c")))))),
                .invalidValue, "metadata.request.target.channel.channel_type"
            ),
            (
                "item without key",
                metadata(
                    .request(
                        MetadataRequest(
                            requestID: "r", operation: .set, target: user,
                            metadata: Metadata(items: [
                                MetadataItem(key: "a"), MetadataItem(value: "v"),
                            ])))), .missingField, "metadata.request.metadata.items[1].key"
            ),
            (
                "event without type", metadata(.event(StorageEvent(target: user))), .invalidValue,
                "metadata.event.event_type"
            ),
            (
                "event without target", metadata(.event(StorageEvent(eventType: .set))),
                .missingField, "metadata.event.target"
            ),
            (
                "custom without type", header(.custom(CustomMessage(payload: [1]))), .missingField,
                "custom.type"
            ),
            ("NUL in text", header(.text(TextMessage(text: "a\u{0}"))), .invalidValue, "text.text"),
            (
                "NUL in repeated id", receipt(.delivery(DeliveryReceipt(messageIDs: ["\u{0}"]))),
                .invalidValue, "receipt.delivery.message_ids"
            ),
        ]
    }()

    @Test(arguments: cases.indices)
    func rejects(index: Int) {
        let (name, envelope, code, path) = Self.cases[index]
        let found = error(envelope)
        #expect(found?.code == code, "\(name): \(String(describing: found))")
        #expect(found?.fieldPath == path, "\(name)")
        // Encoding refuses it too, and wire-only encoding does not.
        #expect(
            caught { () throws(RTMWireError) in try envelope.serializedBytes() }?.code == code,
            "\(name)")
        #expect(
            caught { () throws(RTMWireError) in try envelope.serializedBytes(options: .wireOnly) }
                == nil, "\(name)")
    }

    @Test func errorDescriptionNamesEverything() {
        let envelope = header(.text(TextMessage(text: String(repeating: "a", count: 32_769))))
        let text = error(envelope)?.description ?? ""
        #expect(
            text
                == "limitExceeded: text.text: text exceeds the content budget (limit maxContentBytes: allowed 32768, actual 32769)"
        )
    }

    /// The content budget's error names the fields that hold bytes, so it says what to shorten.
    @Test func theContentBudgetNamesTheFieldsPresent() {
        let big = String(repeating: "a", count: 32_769)
        let alone = header(.image(ImageMessage(mediaID: "m", size: 1, caption: big)))
        #expect(
            error(alone)?.description
                == "limitExceeded: image.thumbnail: caption exceeds the content budget (limit maxContentBytes: allowed 32768, actual 32769)"
        )
        let shared = header(
            .file(
                FileMessage(
                    mediaID: "m", fileName: "a.pdf", size: 1,
                    thumbnail: [UInt8](repeating: 1, count: 32_764))))
        #expect(
            error(shared)?.description
                == "limitExceeded: file.thumbnail: display file name and thumbnail together exceed the content budget (limit maxContentBytes: allowed 32768, actual 32769)"
        )
    }

    @Test func codesAreSwitchable() {
        let code = error(header(nil))?.code
        switch code {
        case .missingField?: break
        default: Issue.record("expected missingField")
        }
    }
}
