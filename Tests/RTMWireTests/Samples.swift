@testable import RTMWire

/// One envelope of every body kind, every field set to a non-default value.
enum Samples {
    static func envelope(_ body: Envelope.Body, conversation: ConversationType = .group) -> Envelope
    {
        Envelope(
            messageID: "6f1c2a9e-2b7d-4c1a-9a53-1d2f3e4a5b6c",
            sender: Sender(userID: "user-42", displayName: "Max 🌏"),
            sendTimeMs: 1_763_700_000_123,
            conversation: Conversation(type: conversation, id: "room-7"),
            // A group asks only for group read receipts; elsewhere every option is set.
            deliveryOptions: conversation == .group
                ? DeliveryOptions(groupReadReceipt: true)
                : DeliveryOptions(deliveryReceipt: true, readReceipt: true, groupReadReceipt: true),
            body: body)
    }

    static let image = ImageMessage(
        mediaID: "media-1", fileName: "猫.png", size: 31_457_280, width: 4032, height: 3024,
        thumbnail: [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255], thumbnailWidth: 64, thumbnailHeight: 48,
        caption: "look", expireTimeMs: 1_764_000_000_000)

    static let metadataItems = [
        MetadataItem(
            key: "topic", value: "discussion", authorUserID: "u1", revision: 174_298_200,
            updateTimeMs: 1_700_000_000_000),
        MetadataItem(
            key: "status", value: "active", authorUserID: "u2", revision: -1, updateTimeMs: 1),
    ]

    static let target = MetadataTarget(
        target: .channel(ChannelTarget(channelName: "lobby", channelType: .stream)))

    static let bodies: [(String, Envelope)] = [
        ("text", envelope(.text(TextMessage(text: "Hello, 世界 👋🏽 é")))),
        ("image", envelope(.image(image))),
        (
            "file",
            envelope(
                .file(
                    FileMessage(
                        mediaID: "media-2", fileName: "report.pdf", size: 1, thumbnail: [1, 2, 3],
                        caption: "Q3")))
        ),
        ("status", envelope(.status(StatusMessage(presence: .offline, handRaised: true)))),
        (
            "delivery",
            envelope(
                .receipt(
                    Receipt(
                        kind: .delivery(
                            DeliveryReceipt(
                                messageIDs: ["a", "b", "c"], deliveredAtMs: [1, 0, Int64.max])))),
                conversation: .peer)
        ),
        (
            "messageRead",
            envelope(
                .receipt(Receipt(kind: .messageRead(MessageReadReceipt(messageID: "a")))),
                conversation: .peer)
        ),
        (
            "conversationRead",
            envelope(
                .receipt(
                    Receipt(kind: .conversationRead(ConversationReadReceipt(conversationID: "bob")))
                ), conversation: .peer)
        ),
        (
            "groupRead",
            envelope(
                .receipt(
                    Receipt(
                        kind: .groupRead(
                            GroupReadReceipt(
                                messageID: "a", groupID: "room-7", content: "123", ackID: "ack-1",
                                readTimeMs: 1_732_147_200_123, readerUserID: "user-7")))))
        ),
        (
            "groupReadCount",
            envelope(
                .receipt(
                    Receipt(
                        kind: .groupReadCount(
                            GroupReadCount(
                                messageID: "a", groupID: "room-7", readCount: UInt32.max)))))
        ),
        (
            "groupAckQuery",
            envelope(
                .receipt(
                    Receipt(
                        kind: .groupAckQuery(
                            GroupAckQuery(
                                messageID: "a", groupID: "room-7", startAckID: "ack-41",
                                pageSize: 100)))))
        ),
        (
            "groupAckPage",
            envelope(
                .receipt(
                    Receipt(
                        kind: .groupAckPage(
                            GroupAckPage(
                                messageID: "a", groupID: "room-7",
                                acks: [
                                    GroupReadReceipt(
                                        messageID: "a", groupID: "room-7", content: "✔️",
                                        ackID: "ack-41", readTimeMs: 5, readerUserID: "user-8")
                                ], nextAckID: "ack-42", totalCount: UInt32.max)))))
        ),
        (
            "stream",
            envelope(
                .stream(
                    StreamMessage(
                        messageID: "s-1", contentType: "text/markdown", content: "# Hi",
                        isComplete: true, completeReason: -1,
                        stopReason: Int32.min, isSync: true,
                        reference: StreamReference(
                            messageID: "m-0", senderUserID: "u", excerpt: "quoted"),
                        summary: "in short")))
        ),
        (
            "chunkInit",
            envelope(
                .streamChunk(
                    StreamChunk(
                        streamMessageID: "s-1", sequence: 0,
                        event: .initial(StreamInit(contentType: "text/plain")))))
        ),
        (
            "chunkDelta",
            envelope(
                .streamChunk(
                    StreamChunk(
                        streamMessageID: "s-1", sequence: UInt64.max,
                        event: .delta(StreamDelta(content: "piece")))))
        ),
        (
            "chunkComplete",
            envelope(
                .streamChunk(
                    StreamChunk(
                        streamMessageID: "s-1", sequence: 9,
                        event: .complete(
                            StreamComplete(
                                code: 3, stopReason: 1, summary: "sum", completeReason: 2)))))
        ),
        (
            "metadataRequest",
            envelope(
                .metadata(
                    MetadataMessage(
                        kind: .request(
                            MetadataRequest(
                                requestID: "r-1", operation: .update, target: target,
                                metadata: Metadata(
                                    items: metadataItems, majorRevision: 174_298_270),
                                options: MetadataOptions(recordTimestamp: true, recordUserID: true),
                                lockName: "editor")))))
        ),
        (
            "metadataResponse",
            envelope(
                .metadata(
                    MetadataMessage(
                        kind: .response(
                            MetadataResponse(
                                requestID: "r-1", operation: .remove,
                                target: MetadataTarget(target: .userID("u9")),
                                status: .revisionConflict,
                                errorMessage: "revision 3 != 4",
                                metadata: Metadata(items: metadataItems, majorRevision: Int64.min)))
                    )))
        ),
        (
            "storageEvent",
            envelope(
                .metadata(
                    MetadataMessage(
                        kind: .event(
                            StorageEvent(
                                target: target, eventType: .snapshot,
                                metadata: Metadata(items: metadataItems, majorRevision: 1),
                                publisherUserID: "u1")))))
        ),
        (
            "custom",
            envelope(
                .custom(
                    CustomMessage(type: "com.example.poll", payload: Array(#"{"q":"lunch?"}"#.utf8))
                ))
        ),
        ("reply", reply),
        (
            "imageWithMentions",
            envelope(
                .image(ImageMessage(mediaID: "m", size: 9, caption: "@bob", mentions: mentions)))
        ),
        (
            "fileWithMentions",
            envelope(.file(FileMessage(mediaID: "m", size: 9, caption: "@all", mentions: mentions)))
        ),
        (
            "editText",
            envelope(
                .edit(
                    MessageEdit(
                        targetMessageID: "m-0", editTimeMs: 1_763_700_000_456,
                        content: .text(TextMessage(text: "fixed @bob", mentions: mentions)))))
        ),
        (
            "editCaption",
            envelope(
                .edit(
                    MessageEdit(
                        targetMessageID: "m-0", editTimeMs: 1,
                        content: .caption(Caption(text: "new caption", mentions: mentions)))))
        ),
        (
            "recall",
            envelope(
                .recall(
                    MessageRecall(
                        targetMessageID: "m-0", recalledByUserID: "mod", reason: "spam")))
        ),
        (
            "reaction",
            envelope(.reaction(Reaction(targetMessageID: "m-0", key: "👍🏽", action: .remove)))
        ),
        (
            "reactionSummary",
            envelope(
                .reactionSummary(
                    ReactionSummary(
                        targetMessageID: "m-0",
                        reactions: [
                            ReactionCount(
                                key: "👨‍👩‍👧", count: UInt32.max, recentUserIDs: ["a", "b"],
                                receiverReacted: true)
                        ])))
        ),
        ("typing", envelope(.typing(TypingIndicator(state: .started, expiresAfterMs: 60_000)))),
        (
            "signIn",
            envelope(
                .signIn(SignIn(token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2ln")),
                conversation: .peer)
        ),
        (
            "acknowledgement",
            envelope(
                .acknowledgement(
                    Acknowledgement(
                        messageID: "m-0", position: UInt64.max, epoch: "e-7",
                        storedTimeMs: 1_763_700_000_124)))
        ),
        (
            "refusal",
            envelope(
                .refusal(Refusal(messageID: "m-0", code: .senderMismatch, detail: "not you ✋")))
        ),
        (
            "historyRequest",
            envelope(.historyRequest(HistoryRequest(afterPosition: 41, limit: 100, epoch: "e-7")))
        ),
        (
            "historyPage",
            envelope(
                .historyPage(
                    HistoryPage(
                        requestMessageID: "h-0", status: .reload,
                        entries: [
                            HistoryEntry(
                                position: 42, storedTimeMs: 1_763_700_000_124,
                                envelope: [0x0A, 0x03, 0x6D, 0x2D, 0x30])
                        ],
                        epoch: "e-8", latestPosition: 99, hasMore: true)))
        ),
        (
            "groupRequest",
            envelope(
                .groupRequest(
                    GroupRequest(
                        operation: .setRole,
                        members: [GroupMember(userID: "bob", role: .admin)])))
        ),
        (
            "groupResponse",
            envelope(
                .groupResponse(
                    GroupResponse(
                        requestMessageID: "g-0", operation: .remove, status: .forbidden,
                        members: [GroupMember(userID: "carol", role: .owner)])))
        ),
    ]

    static let mentions = Mentions(userIDs: ["bob", "carol"], everyone: true)

    /// A text with mentions that replies to another message.
    static let reply: Envelope = {
        var reply = envelope(.text(TextMessage(text: "@bob @carol agreed", mentions: mentions)))
        reply.replyTo = MessageReference(
            messageID: "m-0", senderUserID: "bob", excerpt: "Lunch at 12? 🍜")
        return reply
    }()
}
