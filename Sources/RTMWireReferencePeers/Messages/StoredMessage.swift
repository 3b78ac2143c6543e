import RTMWire

/// A message as a ``MessageStore`` holds it: its current content after every edit applied, or
/// the recall that replaced it.
public struct StoredMessage: Hashable, Sendable {
    /// The message id (its envelope's `message_id`).
    public let messageID: String
    /// Who sent it.
    public let senderUserID: String
    /// Where it was sent.
    public let conversation: Conversation
    /// The sender's send time (ms since the Unix epoch; 0 = not stamped).
    public let sendTimeMs: Int64
    /// When the store received it (ms since the Unix epoch): the recall window counts from here.
    public let storeTimeMs: Int64
    /// The message it replies to, if any.
    public let replyTo: MessageReference?
    /// The current content: the original body with every applied edit; nil once recalled.
    public internal(set) var body: Envelope.Body?
    /// The edit time of the last edit applied (0 = never edited).
    public internal(set) var editTimeMs: Int64
    /// How many edits were applied.
    public internal(set) var editCount: Int
    /// The recall that removed the content, once recalled.
    public internal(set) var recall: MessageRecall?
    /// The data the app attached, with every applied `AppDataUpdate`, in the order keys were
    /// first set.
    public internal(set) var appData: [AppDataEntry] = []
    /// The update time of the last app data update applied (0 = none, or none stamped).
    public internal(set) var appDataTimeMs: Int64 = 0

    /// True once the message was recalled.
    public var isRecalled: Bool { recall != nil }
}
