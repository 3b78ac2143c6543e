/// An envelope to keep: its bytes exactly as they came (unknown fields included) and the header
/// values storage indexes it by.
public struct EnvelopeToStore: Sendable, Hashable {
    /// The history it goes to.
    public var key: HistoryKey
    /// Its message id: a history keeps a message id once, so a client's retry is acknowledged
    /// with the first position instead of being stored twice.
    public var messageID: String
    /// The signed-in user who sent it.
    public var senderID: String
    /// The envelope's bytes.
    public var bytes: [UInt8]
    /// The earlier message this envelope is about, when it is one: the target of an edit,
    /// recall, reaction or app-data update, the stream of a chunk, the message a read receipt
    /// names. ``ServerStorage/references(to:in:)`` finds it by this id.
    public var referencedMessageID: String?
    /// The media id an image or file message carries and when it stops working (ms since the
    /// Unix epoch): kept with the envelope unless the id is known already (the first sighting
    /// sets its lifetime; see ``ServerStorage/mediaExpiry(of:)``).
    public var media: (id: String, expiresAtMs: Int64)? {
        get { mediaID.map { ($0, mediaExpiresAtMs) } }
        set {
            mediaID = newValue?.id
            mediaExpiresAtMs = newValue?.expiresAtMs ?? 0
        }
    }
    var mediaID: String?
    var mediaExpiresAtMs: Int64 = 0

    /// Creates an envelope to store.
    public init(
        key: HistoryKey, messageID: String, senderID: String, bytes: [UInt8],
        referencedMessageID: String? = nil
    ) {
        self.key = key
        self.messageID = messageID
        self.senderID = senderID
        self.bytes = bytes
        self.referencedMessageID = referencedMessageID
    }
}

/// Where storage put an envelope: what the sender's acknowledgement names.
public struct StoredPosition: Sendable, Hashable {
    /// The position in its history (from 1).
    public var position: UInt64
    /// The history's epoch.
    public var epoch: String
    /// When it was stored, ms since the Unix epoch.
    public var storedTimeMs: Int64
    /// Whether the message id was stored already (the position is the first one's; nothing was
    /// written, and the envelope must not be delivered again).
    public var isRepeat: Bool

    /// Creates a position.
    public init(position: UInt64, epoch: String, storedTimeMs: Int64, isRepeat: Bool) {
        self.position = position
        self.epoch = epoch
        self.storedTimeMs = storedTimeMs
        self.isRepeat = isRepeat
    }
}

/// One envelope read back from a history.
public struct StoredEnvelope: Sendable, Hashable {
    /// Its position.
    public var position: UInt64
    /// When it was stored, ms since the Unix epoch.
    public var storedTimeMs: Int64
    /// Its message id.
    public var messageID: String
    /// The bytes as they came.
    public var bytes: [UInt8]

    /// Creates a stored envelope.
    public init(position: UInt64, storedTimeMs: Int64, messageID: String, bytes: [UInt8]) {
        self.position = position
        self.storedTimeMs = storedTimeMs
        self.messageID = messageID
        self.bytes = bytes
    }
}
