import RTMWire
import RTMWireTransport

/// Envelopes used across the tests.
enum Fixtures {
    static let alice = Sender(userID: "alice", displayName: "Alice")
    static let bob = Sender(userID: "bob", displayName: "Bob")
    static let time: Int64 = 1_700_000_000_000

    /// A 4×3 PNG, small enough to serve as a thumbnail.
    static let thumbnailPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52,
        0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x03, 0x08, 0x02, 0x00, 0x00, 0x00, 0x3B, 0x96,
        0x39,
        0x91, 0x00, 0x00, 0x00, 0x2A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x0D, 0xC7, 0x31, 0x01,
        0x00,
        0x30, 0x0C, 0xC3, 0x30, 0x03, 0x2B, 0x88, 0xC0, 0x29, 0x9C, 0x80, 0x28, 0x08, 0xC3, 0xDA,
        0xF4,
        0x09, 0x70, 0x70, 0xF1, 0x10, 0xE2, 0xC4, 0x8D, 0x97, 0x9F, 0x3A, 0x75, 0xEB, 0xD5, 0x07,
        0x22,
        0x36, 0x11, 0x59, 0xC0, 0x6D, 0xF6, 0x71, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
        0xAE,
        0x42, 0x60, 0x82,
    ]

    static func envelope(
        _ id: String, from sender: Sender = alice,
        in conversation: Conversation = .init(type: .peer, id: "bob"),
        options: DeliveryOptions? = nil, _ body: Envelope.Body
    ) -> Envelope {
        Envelope(
            messageID: id, sender: sender, sendTimeMs: time, conversation: conversation,
            deliveryOptions: options, body: body)
    }

    static func text(_ id: String, _ text: String = "hello", receipts: Bool = false) -> Envelope {
        envelope(
            id, options: receipts ? DeliveryOptions(deliveryReceipt: true, readReceipt: true) : nil,
            .text(TextMessage(text: text)))
    }

    static let channelTarget = MetadataTarget(
        target: .channel(ChannelTarget(channelName: "room", channelType: .message)))

    /// One envelope of every body kind and of every receipt, stream chunk and metadata variant.
    static func everyKind() throws -> [Envelope] {
        let group = Conversation(type: .group, id: "g1")
        let image = try ImageMessage(
            mediaID: "media-1", imageBytes: thumbnailPNG, fileName: "photo.png",
            thumbnail: thumbnailPNG, thumbnailWidth: 4, thumbnailHeight: 3, text: "a photo")
        return [
            text("text-1", "hello, 世界", receipts: true),
            envelope("image-1", .image(image)),
            envelope(
                "file-1",
                .file(
                    FileMessage(
                        mediaID: "media-2", fileName: "notes.pdf", size: 2_048,
                        thumbnail: [1, 2, 3], text: "notes"))),
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
                        messageUID: "s1", contentType: "text/markdown", content: "Hel",
                        isComplete: false,
                        completeReason: 2, stopReason: 1, isSync: true,
                        reference: StreamReference(
                            messageUID: "m0", senderUserID: "bob", excerpt: "ask")))),
            envelope(
                "chunk-0",
                .streamChunk(
                    StreamChunk(
                        streamID: "s1", sequence: 0,
                        event: .initial(StreamInit(contentType: "text/plain"))))),
            envelope(
                "chunk-1",
                .streamChunk(
                    StreamChunk(
                        streamID: "s1", sequence: 1, event: .delta(StreamDelta(content: "Hello"))))),
            envelope(
                "chunk-2",
                .streamChunk(
                    StreamChunk(
                        streamID: "s1", sequence: 2,
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
        ]
    }
}

extension Envelope.Body {
    /// The body's case name.
    var kindName: String {
        switch self {
        case .text: "text"
        case .image: "image"
        case .file: "file"
        case .status: "status"
        case .receipt: "receipt"
        case .stream: "stream"
        case .streamChunk: "streamChunk"
        case .metadata: "metadata"
        case .custom: "custom"
        }
    }
}

/// Receives until the clean end of the stream.
func receiveAll(_ connection: any EnvelopeConnection) async throws -> [Envelope] {
    var received: [Envelope] = []
    while let envelope = try await connection.receive() { received.append(envelope) }
    return received
}

/// Receives until the end or the first error; returns both.
func receiveUntilFault(_ connection: any EnvelopeConnection) async -> (
    envelopes: [Envelope], error: (any Error)?
) {
    var received: [Envelope] = []
    do {
        while let envelope = try await connection.receive() { received.append(envelope) }
        return (received, nil)
    } catch {
        return (received, error)
    }
}

/// A deterministic pseudo-random generator (SplitMix64) for reproducible shuffles.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Fixtures {
    static func userTarget(_ userID: String) -> MetadataTarget {
        MetadataTarget(target: .userID(userID))
    }
}

/// An error raised by test helpers.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A minimal metadata client: sends requests and waits for their responses, keeping the storage
/// events that arrive meanwhile.
struct MetadataClient {
    let connection: any EnvelopeConnection
    var sender: Sender = Fixtures.alice
    private var count = 0
    private var events: [StorageEvent] = []

    init(connection: any EnvelopeConnection, sender: Sender = Fixtures.alice) {
        self.connection = connection
        self.sender = sender
    }

    mutating func request(
        _ operation: MetadataOperation, _ target: MetadataTarget, items: [MetadataItem] = [],
        major: Int64 = 0,
        lock: String = "",
        options: MetadataOptions? = MetadataOptions(recordTimestamp: true, recordUserID: true)
    ) async throws -> MetadataResponse {
        count += 1
        let id = "r\(count)"
        let request = MetadataRequest(
            requestID: id, operation: operation, target: target,
            metadata: items.isEmpty && major == 0
                ? nil : Metadata(items: items, majorRevision: major),
            options: options, lockName: lock)
        try await connection.send(
            Envelope(
                messageID: "\(sender.userID)-request-\(count)", sender: sender,
                sendTimeMs: Fixtures.time,
                conversation: Conversation(type: .peer, id: "store"),
                body: .metadata(MetadataMessage(kind: .request(request)))))
        while let envelope = try await connection.receive() {
            guard case .metadata(let message)? = envelope.body else { continue }
            switch message.kind {
            case .response(let response)? where response.requestID == id: return response
            case .event(let event)?: events.append(event)
            default: continue
            }
        }
        throw TestFailure("the stream ended before the response to \(id)")
    }

    mutating func nextEvent() async throws -> StorageEvent? {
        if !events.isEmpty { return events.removeFirst() }
        while let envelope = try await connection.receive() {
            if case .metadata(let message)? = envelope.body, case .event(let event)? = message.kind
            {
                return event
            }
        }
        return nil
    }
}
