import RTMWire

extension LoopbackExchange {
    /// What alice sends, in order: every body kind (her first text with app data), a stream as
    /// out-of-order chunks, metadata requests (subscribe, set, a set with a stale revision, a
    /// channel lock acquired and a write under it), the domain flows (an image re-sent by media
    /// id, a group acks query, a stream pull), then the chat kinds: typing started and stopped, a
    /// reply that mentions bob, an edit of her text and of her image's caption, a reaction added
    /// and removed, an app data update and the recall of her poll.
    struct Script: Sendable {
        static let alice = Sender(userID: "alice", displayName: "Alice")
        static let bob = Sender(userID: "bob", displayName: "Bob")
        static let textID = "a-text"
        static let fileID = "a-file"
        static let groupID = "a-group-text"
        static let streamMessageID = "stream-1"
        static let streamPieces = ["Loop", "back ", "streams ", "arrive ", "whole."]
        static var streamText: String { streamPieces.joined() }
        static let streamSummary = "a five-piece stream"
        static let metadataKey = "mood"
        static let metadataRequestIDs = [
            "md-subscribe", "md-set", "md-stale-set", "md-lock", "md-locked-set",
        ]
        static let imageID = "a-image"
        static let pollID = "a-custom"
        static let replyID = "a-reply"
        static let textContent = "Hi Bob 👋"
        static let editedText = "Hi Bob 👋 Lunch at 12?"
        static let editedCaption = "the view from the lake, @bob"
        static let reactionKey = "👍"

        /// A 4×3 PNG: the "uploaded" image and its thumbnail.
        static let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48,
            0x44, 0x52,
            0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x03, 0x08, 0x02, 0x00, 0x00, 0x00, 0x3B,
            0x96, 0x39,
            0x91, 0x00, 0x00, 0x00, 0x2A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x0D, 0xC7, 0x31,
            0x01, 0x00,
            0x30, 0x0C, 0xC3, 0x30, 0x03, 0x2B, 0x88, 0xC0, 0x29, 0x9C, 0x80, 0x28, 0x08, 0xC3,
            0xDA, 0xF4,
            0x09, 0x70, 0x70, 0xF1, 0x10, 0xE2, 0xC4, 0x8D, 0x97, 0x9F, 0x3A, 0x75, 0xEB, 0xD5,
            0x07, 0x22,
            0x36, 0x11, 0x59, 0xC0, 0x6D, 0xF6, 0x71, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
            0x44, 0xAE,
            0x42, 0x60, 0x82,
        ]

        let envelopes: [Envelope]

        init(clock: @Sendable () -> Int64) {
            let now = clock()
            let toBob = Conversation(type: .peer, id: Self.bob.userID)
            let receipts = DeliveryOptions(deliveryReceipt: true, readReceipt: true)
            func envelope(
                _ id: String, in conversation: Conversation = toBob,
                options: DeliveryOptions? = nil,
                _ body: Envelope.Body
            ) -> Envelope {
                Envelope(
                    messageID: id, sender: Self.alice, sendTimeMs: now, conversation: conversation,
                    deliveryOptions: options, body: body)
            }
            var envelopes: [Envelope] = []
            var first = envelope(
                Self.textID, options: receipts, .text(TextMessage(text: Self.textContent)))
            first.appData = Self.firstAppData
            envelopes.append(first)
            let thumbnail =
                (try? ImageProbe.probe(Self.png)) ?? ImageInfo(format: .png, width: 0, height: 0)
            if let image = try? ImageMessage(
                mediaID: "media-7d", imageBytes: Self.png, fileName: "sunset.png",
                thumbnail: Self.png,
                thumbnailWidth: thumbnail.width, thumbnailHeight: thumbnail.height,
                caption: "the view"
            ) {
                envelopes.append(
                    envelope(
                        Self.imageID, options: DeliveryOptions(deliveryReceipt: true), .image(image)
                    ))
            }
            envelopes.append(
                envelope(
                    Self.fileID, options: DeliveryOptions(deliveryReceipt: true),
                    .file(
                        FileMessage(
                            mediaID: "media-8e", fileName: "agenda.pdf", size: 48_213,
                            caption: "agenda"))))
            envelopes.append(
                envelope(
                    "a-status", in: Conversation(type: .channel, id: "lobby"),
                    .status(StatusMessage(presence: .online, handRaised: true))))
            envelopes.append(
                envelope(
                    Self.pollID, options: DeliveryOptions(deliveryReceipt: true),
                    .custom(
                        CustomMessage(
                            type: "com.example.poll", payload: Array(#"{"question":"lunch?"}"#.utf8)
                        ))))
            envelopes.append(
                envelope(
                    Self.groupID, in: Conversation(type: .group, id: "team"),
                    options: DeliveryOptions(groupReadReceipt: true),
                    .text(TextMessage(text: "Stand-up in 5"))))
            envelopes.append(
                envelope(
                    "a-stream",
                    .stream(
                        StreamMessage(
                            messageID: Self.streamMessageID, contentType: "text/plain",
                            content: Self.streamPieces[0],
                            reference: StreamReference(
                                messageID: Self.textID, senderUserID: "alice", excerpt: "Hi Bob")))
                ))
            // Chunks: init, the deltas out of order with one duplicate, then complete.
            var chunks = [
                StreamChunk(
                    streamMessageID: Self.streamMessageID, sequence: 0,
                    event: .initial(StreamInit(contentType: "text/plain")))
            ]
            let deltas = Self.streamPieces.enumerated().map { index, piece in
                StreamChunk(
                    streamMessageID: Self.streamMessageID, sequence: UInt64(index + 1),
                    event: .delta(StreamDelta(content: piece)))
            }
            chunks += [deltas[2], deltas[0], deltas[4], deltas[1], deltas[2], deltas[3]]
            chunks.append(
                StreamChunk(
                    streamMessageID: Self.streamMessageID, sequence: UInt64(deltas.count + 1),
                    event: .complete(StreamComplete(summary: Self.streamSummary))))
            for (index, chunk) in chunks.enumerated() {
                envelopes.append(envelope("a-chunk-\(index)", .streamChunk(chunk)))
            }
            // Metadata: subscribe to alice's user metadata, set an item, then set it again with a
            // revision that cannot match.
            let target = MetadataTarget(target: .userID(Self.alice.userID))
            let requests = [
                MetadataRequest(
                    requestID: Self.metadataRequestIDs[0], operation: .subscribe, target: target),
                MetadataRequest(
                    requestID: Self.metadataRequestIDs[1], operation: .set, target: target,
                    metadata: Metadata(items: [
                        MetadataItem(key: Self.metadataKey, value: "sunny", revision: -1)
                    ]),
                    options: MetadataOptions(recordTimestamp: true, recordUserID: true)),
                MetadataRequest(
                    requestID: Self.metadataRequestIDs[2], operation: .set, target: target,
                    metadata: Metadata(items: [
                        MetadataItem(key: Self.metadataKey, value: "stormy", revision: 999_999)
                    ])),
            ]
            for request in requests + Self.lockRequests() {
                envelopes.append(
                    envelope(
                        "a-\(request.requestID)", in: Conversation(type: .peer, id: "store"),
                        .metadata(MetadataMessage(kind: .request(request)))))
            }
            envelopes += Self.flows(now: now) { id, conversation, body in
                envelope(id, in: conversation ?? toBob, body)
            }
            envelopes += Self.chat(now: now, envelope: { id, body in envelope(id, body) })
            self.envelopes = envelopes
        }

        /// The chat kinds, to bob: typing, a reply with a mention, edits, a reaction added and
        /// removed, a recall.
        static func chat(now: Int64, envelope: (String, Envelope.Body) -> Envelope) -> [Envelope] {
            let bobMention = Mentions(userIDs: [bob.userID])
            var reply = envelope(
                replyID,
                .text(TextMessage(text: "@bob see my first message", mentions: bobMention)))
            reply.replyTo = MessageReference(
                messageID: textID, senderUserID: alice.userID, excerpt: textContent)
            func reaction(_ id: String, _ action: ReactionAction) -> Envelope {
                envelope(
                    id,
                    .reaction(Reaction(targetMessageID: textID, key: reactionKey, action: action)))
            }
            return [
                envelope(
                    "a-typing-started",
                    .typing(TypingIndicator(state: .started, expiresAfterMs: 5_000))),
                envelope("a-typing-stopped", .typing(TypingIndicator(state: .stopped))),
                reply,
                envelope(
                    "a-edit-text",
                    .edit(
                        MessageEdit(
                            targetMessageID: textID, editTimeMs: now + 1,
                            content: .text(TextMessage(text: editedText))))),
                envelope(
                    "a-edit-caption",
                    .edit(
                        MessageEdit(
                            targetMessageID: imageID, editTimeMs: now + 2,
                            content: .caption(Caption(text: editedCaption, mentions: bobMention))))),
                reaction("a-reaction-add", .add),
                reaction("a-reaction-remove", .remove),
                envelope(appDataID, appDataUpdate(now: now)),
                envelope(
                    "a-recall",
                    .recall(
                        MessageRecall(
                            targetMessageID: pollID, recalledByUserID: alice.userID,
                            reason: "sent to the wrong chat"))),
            ]
        }
    }
}
