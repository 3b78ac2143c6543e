import RTMWire

/// Envelopes used across the tests.
public enum Fixtures {
    public static let alice = Sender(userID: "alice", displayName: "Alice")
    public static let bob = Sender(userID: "bob", displayName: "Bob")
    public static let time: Int64 = 1_700_000_000_000

    public static func envelope(
        _ id: String, from sender: Sender = alice,
        in conversation: Conversation = .init(type: .peer, id: "bob"),
        options: DeliveryOptions? = nil, _ body: Envelope.Body
    ) -> Envelope {
        Envelope(
            messageID: id, sender: sender, sendTimeMs: time, conversation: conversation,
            deliveryOptions: options, body: body)
    }

    public static func text(_ id: String, _ text: String = "hello", receipts: Bool = false)
        -> Envelope
    {
        envelope(
            id, options: receipts ? DeliveryOptions(deliveryReceipt: true, readReceipt: true) : nil,
            .text(TextMessage(text: text)))
    }

    public static let channelTarget = MetadataTarget(
        target: .channel(ChannelTarget(channelName: "room", channelType: .message)))

    /// One envelope of every body kind and of every receipt, stream chunk and metadata variant.
    public static func everyKind() -> [Envelope] {
        let group = Conversation(type: .group, id: "g1")
        // The transports carry thumbnails as opaque bytes; no image is probed here.
        let image = ImageMessage(
            mediaID: "media-1", fileName: "photo.png", size: 83, width: 5, height: 7,
            thumbnail: Array(0...255), thumbnailWidth: 4, thumbnailHeight: 3, caption: "a photo")
        return [
            text("text-1", "hello, 世界", receipts: true),
            envelope("image-1", .image(image)),
            envelope(
                "file-1",
                .file(
                    FileMessage(
                        mediaID: "media-2", fileName: "notes.pdf", size: 2_048,
                        thumbnail: [1, 2, 3], caption: "notes"))),
            envelope(
                "status-1", in: .init(type: .channel, id: "room"),
                .status(StatusMessage(presence: .online, handRaised: true))),
            envelope(
                "custom-1",
                .custom(
                    CustomMessage(type: "com.example.poll", payload: Array(#"{"q":"lunch?"}"#.utf8))
                )),
            envelope(
                "stream-1",
                .stream(
                    StreamMessage(
                        messageID: "s1", contentType: "text/markdown", content: "Hel",
                        isComplete: false,
                        completeReason: 2, stopReason: 1, isSync: true,
                        reference: StreamReference(
                            messageID: "m0", senderUserID: "bob", excerpt: "ask")))),
            envelope(
                "chunk-0",
                .streamChunk(
                    StreamChunk(
                        streamMessageID: "s1", sequence: 0,
                        event: .initial(StreamInit(contentType: "text/plain"))))),
            envelope(
                "chunk-1",
                .streamChunk(
                    StreamChunk(
                        streamMessageID: "s1", sequence: 1,
                        event: .delta(StreamDelta(content: "Hello"))))),
            envelope(
                "chunk-2",
                .streamChunk(
                    StreamChunk(
                        streamMessageID: "s1", sequence: 2,
                        event: .complete(
                            StreamComplete(
                                code: 0, stopReason: 0, summary: "greeting", completeReason: 0))))),
            envelope(
                "receipt-delivery",
                .receipt(
                    Receipt(
                        kind: .delivery(
                            DeliveryReceipt(
                                messageIDs: ["a", "b"], deliveredAtMs: [time, time + 1]))))),
            envelope(
                "receipt-read",
                .receipt(Receipt(kind: .messageRead(MessageReadReceipt(messageID: "a"))))),
            envelope(
                "receipt-conversation",
                .receipt(
                    Receipt(kind: .conversationRead(ConversationReadReceipt(conversationID: "bob")))
                )),
            envelope(
                "receipt-group", in: group,
                .receipt(
                    Receipt(
                        kind: .groupRead(
                            GroupReadReceipt(
                                messageID: "gm1", groupID: "g1", content: "123", ackID: "ack-1",
                                readTimeMs: time))))),
            envelope(
                "receipt-group-count", in: group,
                .receipt(
                    Receipt(
                        kind: .groupReadCount(
                            GroupReadCount(messageID: "gm1", groupID: "g1", readCount: 3))))),
            envelope(
                "metadata-request",
                .metadata(
                    MetadataMessage(
                        kind: .request(
                            MetadataRequest(
                                requestID: "r1", operation: .set, target: channelTarget,
                                metadata: Metadata(
                                    items: [
                                        MetadataItem(key: "topic", value: "lunch", revision: -1)
                                    ], majorRevision: -1),
                                options: MetadataOptions(recordTimestamp: true, recordUserID: true),
                                lockName: ""))))),
            envelope(
                "metadata-response",
                .metadata(
                    MetadataMessage(
                        kind: .response(
                            MetadataResponse(
                                requestID: "r1", operation: .set, target: channelTarget,
                                status: .revisionConflict,
                                errorMessage: "conflict",
                                metadata: Metadata(items: [], majorRevision: 7)))))),
            envelope(
                "metadata-event",
                .metadata(
                    MetadataMessage(
                        kind: .event(
                            StorageEvent(
                                target: MetadataTarget(target: .userID("alice")),
                                eventType: .update,
                                metadata: Metadata(
                                    items: [
                                        MetadataItem(
                                            key: "mood", value: "happy", authorUserID: "alice",
                                            revision: 9, updateTimeMs: 5)
                                    ],
                                    majorRevision: 9),
                                publisherUserID: "alice"))))),
            envelope(
                "custom-empty", options: DeliveryOptions(deliveryReceipt: true),
                .custom(CustomMessage(type: "ping"))),
        ] + chatKinds()
    }

    /// Edits, recalls, reactions, a summary, typing, mentions and a reply.
    public static func chatKinds() -> [Envelope] {
        let group = Conversation(type: .group, id: "g1")
        var reply = envelope(
            "reply-1", in: group,
            .text(
                TextMessage(
                    text: "@bob @all 👍", mentions: Mentions(userIDs: ["bob"], everyone: true))))
        reply.replyTo = MessageReference(
            messageID: "text-1", senderUserID: "bob", excerpt: "hello")
        return [
            reply,
            envelope(
                "edit-text",
                .edit(
                    MessageEdit(
                        targetMessageID: "text-1", editTimeMs: time + 5,
                        content: .text(TextMessage(text: "hello, world"))))),
            envelope(
                "edit-caption",
                .edit(
                    MessageEdit(
                        targetMessageID: "image-1", editTimeMs: time + 6,
                        content: .caption(
                            Caption(text: "a photo of @bob", mentions: Mentions(userIDs: ["bob"]))))
                )),
            envelope(
                "recall-1",
                .recall(
                    MessageRecall(
                        targetMessageID: "file-1", recalledByUserID: "alice", reason: "wrong file"))
            ),
            envelope(
                "reaction-add",
                .reaction(Reaction(targetMessageID: "text-1", key: "👍🏽", action: .add))),
            envelope(
                "reaction-remove",
                .reaction(Reaction(targetMessageID: "text-1", key: ":tada:", action: .remove))),
            envelope(
                "reaction-summary",
                .reactionSummary(
                    ReactionSummary(
                        targetMessageID: "text-1",
                        reactions: [
                            ReactionCount(
                                key: "👍🏽", count: 3, recentUserIDs: ["bob", "carol"],
                                receiverReacted: true),
                            ReactionCount(key: "👨‍👩‍👧", count: 1, recentUserIDs: ["dave"]),
                        ]))),
            envelope(
                "typing-started", .typing(TypingIndicator(state: .started, expiresAfterMs: 5_000))),
            envelope("typing-stopped", .typing(TypingIndicator(state: .stopped))),
        ]
    }

    /// A user's metadata target.
    public static func userTarget(_ userID: String) -> MetadataTarget {
        MetadataTarget(target: .userID(userID))
    }
}
