/// Every size limit RTMWire enforces, in one configurable value.
///
/// Limits apply both when encoding (so an oversized message never reaches the wire) and when
/// decoding untrusted bytes. Exceeding one raises ``RTMWireError`` with code
/// ``RTMWireError/Code/limitExceeded`` and a ``RTMWireError/LimitViolation`` naming the property,
/// the allowed value and the actual value. Wire-level decoding (``CodecOptions/wireOnly``) still
/// applies ``maxDepth``, which protects the stack rather than the application.
public struct Limits: Hashable, Sendable {
    /// Bytes of text + display file name + thumbnail of one message, together (Agora RTM: "the
    /// message content, display file name and display thumbnail must not exceed 32 KB in total").
    /// Counted for text, image and file bodies (text, file name, thumbnail, caption) and for a
    /// custom body's payload. Default 32,768.
    public var maxContentBytes: Int
    /// Largest uploaded file or image an image/file message may describe (a size of 0 means
    /// unknown: a message sent by media id). Default 31,457,280 (30 MB).
    public var maxMediaBytes: Int
    /// Largest encoded envelope, and so the largest frame a framing reader accepts. A length
    /// prefix above it is refused before anything is buffered. Default 1,048,576 (1 MiB).
    public var maxMessageBytes: Int
    /// Most entries in any repeated field (delivery receipt ids and times, metadata items).
    /// Default 1,000.
    public var maxRepeatedCount: Int
    /// Largest metadata item key, in UTF-8 bytes. Default 256.
    public var maxMetadataKeyBytes: Int
    /// Largest metadata item value, in UTF-8 bytes. Default 8,192.
    public var maxMetadataValueBytes: Int
    /// Most users one text or caption mentions (``Mentions/userIDs``). Default 100.
    public var maxMentions: Int
    /// Largest reaction key (``Reaction/key``, ``ReactionCount/key``), in UTF-8 bytes: room for
    /// any single emoji sequence (a family of four with skin tones, one grapheme, is 41 bytes)
    /// or a short name. Default 64.
    public var maxReactionKeyBytes: Int
    /// Most user-perceived characters in a reaction key, counted as extended grapheme clusters
    /// (Unicode UAX #29; Swift's `String.count`): "👨‍👩‍👧" is 1, ":thumbsup:" is 10. It keeps a
    /// key a short name or a few emoji rather than a line of text. Default 32.
    public var maxReactionKeyGraphemes: Int
    /// Most recent users a reaction summary lists per key (``ReactionCount/recentUserIDs``).
    /// Default 10.
    public var maxReactionRecentUsers: Int
    /// Largest excerpt of a replied-to message (``MessageReference/excerpt``), in UTF-8 bytes.
    /// Default 1,024.
    public var maxExcerptBytes: Int
    /// Longest expiry hint of a typing indicator (``TypingIndicator/expiresAfterMs``), in ms: a
    /// longer one would keep showing a sender who vanished. Default 60,000 (one minute).
    public var maxTypingExpiryMs: Int
    /// Most read receipts one page of a group message's acks asks for and carries
    /// (``GroupAckQuery/pageSize``, ``GroupAckPage/acks``): a server answers from memory in one
    /// envelope, so a client cannot ask it to build an arbitrarily large one. Default 100.
    public var maxGroupAckPageSize: Int
    /// Most app data entries on one message (``Envelope/appData``), and most entries one
    /// ``AppDataUpdate`` sets or removes: RongCloud's bound on the extensions of one call.
    /// Default 20.
    public var maxAppDataEntries: Int
    /// Largest app data key (``AppDataEntry/key``), in UTF-8 bytes (RongCloud: 32). Default 32.
    public var maxAppDataKeyBytes: Int
    /// Largest app data value (``AppDataEntry/value``), in UTF-8 bytes (RongCloud: 4,096).
    /// Default 4,096.
    public var maxAppDataValueBytes: Int
    /// Most envelopes one page of a conversation's history asks for and carries
    /// (``HistoryRequest/limit``, ``HistoryPage/entries``): a server builds the page in one
    /// envelope, so a client cannot ask it for an arbitrarily large one. Default 100.
    public var maxHistoryPageSize: Int
    /// Largest sign-in token (``SignIn/token``, a JSON Web Token in compact form), in UTF-8
    /// bytes: room for a signed token with generous claims, well under the frame a server reads
    /// before the client is signed in. Default 8,192.
    public var maxTokenBytes: Int
    /// Deepest nesting of messages and groups the decoder follows. It stops stack exhaustion by
    /// crafted input (protobuf-c has no such limit); the deepest RTMWire message nests four
    /// sub-messages inside the envelope (envelope → metadata → request → metadata → item, depth
    /// 4), so the default leaves room for unknown groups from newer schemas. Default 32.
    public var maxDepth: Int

    /// Creates limits; every parameter defaults to the documented default.
    public init(
        maxContentBytes: Int = 32_768,
        maxMediaBytes: Int = 31_457_280,
        maxMessageBytes: Int = 1_048_576,
        maxRepeatedCount: Int = 1_000,
        maxMetadataKeyBytes: Int = 256,
        maxMetadataValueBytes: Int = 8_192,
        maxMentions: Int = 100,
        maxReactionKeyBytes: Int = 64,
        maxReactionKeyGraphemes: Int = 32,
        maxReactionRecentUsers: Int = 10,
        maxExcerptBytes: Int = 1_024,
        maxTypingExpiryMs: Int = 60_000,
        maxGroupAckPageSize: Int = 100,
        maxAppDataEntries: Int = 20,
        maxAppDataKeyBytes: Int = 32,
        maxAppDataValueBytes: Int = 4_096,
        maxHistoryPageSize: Int = 100,
        maxTokenBytes: Int = 8_192,
        maxDepth: Int = 32
    ) {
        self.maxContentBytes = maxContentBytes
        self.maxMediaBytes = maxMediaBytes
        self.maxMessageBytes = maxMessageBytes
        self.maxRepeatedCount = maxRepeatedCount
        self.maxMetadataKeyBytes = maxMetadataKeyBytes
        self.maxMetadataValueBytes = maxMetadataValueBytes
        self.maxMentions = maxMentions
        self.maxReactionKeyBytes = maxReactionKeyBytes
        self.maxReactionKeyGraphemes = maxReactionKeyGraphemes
        self.maxReactionRecentUsers = maxReactionRecentUsers
        self.maxExcerptBytes = maxExcerptBytes
        self.maxTypingExpiryMs = maxTypingExpiryMs
        self.maxGroupAckPageSize = maxGroupAckPageSize
        self.maxAppDataEntries = maxAppDataEntries
        self.maxAppDataKeyBytes = maxAppDataKeyBytes
        self.maxAppDataValueBytes = maxAppDataValueBytes
        self.maxHistoryPageSize = maxHistoryPageSize
        self.maxTokenBytes = maxTokenBytes
        self.maxDepth = maxDepth
    }

    /// The documented defaults.
    public static let `default` = Limits()

    /// For an envelope carried as the payload of one Agora RTM message, which holds at most
    /// 32 KB: the defaults with ``maxMessageBytes`` 32,768, so encoding refuses an envelope the
    /// RTM SDK would refuse, before it is sent. The content budget (``maxContentBytes``) stays
    /// 32 KB as Agora states it, but it counts only content: an envelope whose content uses the
    /// whole budget is about 1 KB larger once its header is added, and only this preset tells
    /// the sender so.
    public static let rtmMessage = Limits(maxMessageBytes: 32_768)
}
