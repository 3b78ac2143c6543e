/// The fixed corpus every implementation encodes and decodes: eight envelopes, each described
/// once as plain values (``CorpusMessage/header`` and ``CorpusMessage/Body``) from which every
/// implementation builds its own message. ``Verification`` checks that they all encode to the same
/// bytes before anything is timed.
///
/// A to E and G to H carry ASCII strings, as ids, keys and file names are; F carries Korean text
/// with emoji, which takes every codec's general (non-ASCII) UTF-8 validation path.
public enum CorpusMessage: String, CaseIterable, Sendable {
    /// A: a text envelope, "Hello World", about 120 bytes.
    case a = "A"
    /// B: an image envelope with every field set and a 5,120-byte thumbnail.
    case b = "B"
    /// C: a metadata set request with 20 items (8-char keys, 40-char values, 10-digit revisions).
    case c = "C"
    /// D: a delivery receipt batching 50 message ids.
    case d = "D"
    /// E: one stream delta chunk carrying 200 bytes of content.
    case e = "E"
    /// F: a text envelope whose text is 300 UTF-8 bytes of Korean with emoji.
    case f = "F"
    /// G: a delivery receipt batching 1,000 message ids (``Limits/maxRepeatedCount``).
    case g = "G"
    /// H: an image envelope at the 32 KB content budget (``Limits/maxContentBytes``): caption +
    /// display file name + thumbnail are exactly 32,768 bytes.
    case h = "H"

    /// One line describing the message, for tables.
    public var summary: String {
        switch self {
        case .a: "text envelope, \"Hello World\""
        case .b: "image envelope, 5,120-byte thumbnail"
        case .c: "metadata request, 20 items"
        case .d: "delivery receipt, 50 message ids"
        case .e: "stream delta chunk, 200-byte content"
        case .f: "text envelope, 300 bytes of Korean with emoji"
        case .g: "delivery receipt, 1,000 message ids"
        case .h: "image envelope at the 32 KB content budget"
        }
    }

    /// The envelope header shared by the whole corpus (B adds delivery options).
    public struct Header: Sendable {
        public var messageID = "5F0E7D3A-9B1C-4E2F-8A6D-3C4B5A697887"
        public var senderUserID = "B22663DD-3A30-4102-B4A1-5645AD144625"
        public var senderDisplayName = "Max"
        /// 2021-03-12T09:05:16Z, the chat tutorial's example time, in ms.
        public var sendTimeMs: Int64 = 1_615_539_916_000
        /// CONVERSATION_TYPE_CHANNEL.
        public var conversationType: Int32 = 2
        public var conversationID = "general"
        /// Delivery options (all three flags) are set on the image envelopes (B, H) only.
        public var deliveryOptions = false
    }

    public var header: Header {
        var header = Header()
        if self == .b || self == .h { header.deliveryOptions = true }
        return header
    }

    /// The body of each message, as plain values.
    public enum Body: Sendable {
        case text(String)
        case image(ImageValues)
        case metadataRequest(MetadataRequestValues)
        case deliveryReceipt(messageIDs: [String])
        case streamDelta(streamMessageID: String, sequence: UInt64, content: String)
    }

    public struct ImageValues: Sendable {
        public var mediaID = "dYg8mR2kQ4vW7xZ1aB3cD5eF7gH9iJ0kL2mN4oP6"
        public var fileName = "IMG_4031.jpg"
        public var size: UInt64 = 1_482_133
        public var width: UInt32 = 4032
        public var height: UInt32 = 3024
        public var thumbnail: [UInt8] = CorpusMessage.thumbnailBytes
        public var thumbnailWidth: UInt32 = 128
        public var thumbnailHeight: UInt32 = 96
        public var text = "Sunset over the harbour"
    }

    public struct MetadataItemValues: Sendable {
        public var key: String
        public var value: String
        public var revision: Int64
    }

    public struct MetadataRequestValues: Sendable {
        public var requestID = "req-000042"
        /// METADATA_OPERATION_SET.
        public var operation: Int32 = 1
        public var channelName = "general"
        /// CHANNEL_TYPE_MESSAGE.
        public var channelType: Int32 = 1
        public var items: [MetadataItemValues]
        public var majorRevision: Int64 = 1_615_539_000
    }

    public var body: Body {
        switch self {
        case .a:
            return .text("Hello World")
        case .b:
            return .image(ImageValues())
        case .c:
            let items = (0..<20).map { index in
                MetadataItemValues(
                    key: "topic-" + twoDigits(index),
                    // 40 characters.
                    value: "value \(twoDigits(index)): the quick brown fox jumps over",
                    revision: 1_615_539_916 + Int64(index) * 7919)
            }
            return .metadataRequest(MetadataRequestValues(items: items))
        case .d:
            let ids = (0..<50).map { index in
                "5F0E7D3A-9B1C-4E2F-8A6D-3C4B5A6978" + twoDigits(index)
            }
            return .deliveryReceipt(messageIDs: ids)
        case .e:
            return .streamDelta(
                streamMessageID: "0b7f4c2e-8d1a-4f63-9e25-7a3c1d9b6e40", sequence: 17,
                content: CorpusMessage.deltaContent)
        case .f:
            return .text(CorpusMessage.koreanText)
        case .g:
            let ids = (0..<1000).map { index in
                "5F0E7D3A-9B1C-4E2F-8A6D-3C4B5A69" + fourDigits(index)
            }
            return .deliveryReceipt(messageIDs: ids)
        case .h:
            var image = ImageValues()
            // The budget counts caption + display file name + thumbnail; the thumbnail takes
            // what the other two leave.
            let budget = 32_768
            image.thumbnail = pseudoRandomBytes(
                budget - image.text.utf8.count - image.fileName.utf8.count)
            return .image(image)
        }
    }

    /// 300 UTF-8 bytes of Korean chat text with emoji (3-byte Hangul syllables, 4-byte emoji,
    /// ASCII spaces and punctuation), like the chat tutorial's messages.
    static let koreanText: String = {
        let text =
            "안녕하세요! 오늘 저녁 7시에 강남역 근처에서 만나기로 했는데 혹시 시간 괜찮으세요? 🙂 "
            + "비가 올 수도 있다고 해서 우산 꼭 챙기세요 ☔️ 늦으면 채널에 메시지 남겨 주세요. "
            + "맛있는 거 먹어요 🍜🍣 곧 봐요! 감사합니다 🙏"
        precondition(text.utf8.count == 300, "Korean text is \(text.utf8.count) bytes")
        return text
    }()

    /// 200 bytes of ASCII text, like one piece of a streamed answer.
    static let deltaContent: String = {
        let text =
            "To join a channel, create the client with your App ID, log in with a token, then call "
            + "join on the channel object. Messages sent before the join completes are not delivered "
            + "to you; keep them to resend."
        precondition(text.utf8.count == 200, "delta content is \(text.utf8.count) bytes")
        return text
    }()

    /// 5,120 deterministic pseudo-random bytes (a JPEG thumbnail compresses to noise, so its
    /// bytes look random).
    static let thumbnailBytes: [UInt8] = pseudoRandomBytes(5120)
}

/// `count` deterministic pseudo-random bytes (a 64-bit LCG's top byte).
private func pseudoRandomBytes(_ count: Int) -> [UInt8] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
}

private func fourDigits(_ value: Int) -> String {
    String(repeating: "0", count: 4 - String(value).count) + String(value)
}

private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}
