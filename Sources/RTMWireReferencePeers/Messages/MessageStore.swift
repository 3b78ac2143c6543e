import RTMWire

/// A conversation history as a receiver or a server keeps it: stores content messages and
/// applies the edits, recalls and reactions that arrive after them, by the rules written in the
/// `.proto` comments (edit.proto, recall.proto, reaction.proto) plus a server policy
/// (``Configuration``: the recall window, moderators, reaction bounds).
///
/// - An edit applies only from the message's sender, never to a recalled message, and only if
///   it is newer than the last edit applied (older ones are ignored: edits may arrive out of
///   order). A new text replaces a text message's text and mentions; a new caption an image's
///   or file's caption and mentions. The edited message must still pass the codec's rules.
/// - A recall is accepted from the sender within ``Configuration/recallWindowMs`` of the store
///   receiving the message, or from a moderator at any time; it removes the content and the
///   reactions and keeps the recall notice. Recalling twice changes nothing.
/// - A reaction adds or removes one user's key (adding twice or removing what is not there
///   changes nothing); ``reactionSummary(of:for:)`` gives what a receiver is sent.
/// - An app data update (RongCloud's message extensions) applies from the message's sender or
///   a moderator (a server that stores, say, a stream's summary acts as one), never to a
///   recalled message, in update-time order (an older stamped update is ignored); the message
///   keeps at most `Limits.maxAppDataEntries` entries.
///
/// Anything else (receipts, typing, status, stream chunks, metadata) is not the store's
/// concern: ``apply(_:at:)`` returns nil for it.
public struct MessageStore: Sendable {
    /// What ``apply(_:at:)`` did.
    public struct Applied: Hashable, Sendable {
        /// The kind of change.
        public enum Change: Hashable, Sendable {
            /// A content message (text, image, file, custom, stream) was stored.
            case stored
            /// The same message id was stored already; nothing changed.
            case duplicate
            /// An edit was applied.
            case edited
            /// An edit no newer than the last one applied was ignored.
            case staleEdit
            /// The message was recalled.
            case recalled
            /// The message was recalled already; nothing changed.
            case alreadyRecalled
            /// A reaction was added or removed.
            case reactionsChanged
            /// The reaction was there already (add) or was not (remove); nothing changed.
            case reactionsUnchanged
            /// An app data update was applied.
            case appDataChanged
            /// An app data update older than the last one applied was ignored.
            case staleAppDataUpdate
        }

        /// The stored message, or the one the edit, recall or reaction targets.
        public var messageID: String
        /// What happened.
        public var change: Change
    }

    /// The policy and bounds in force.
    public let configuration: Configuration
    var messagesByID: [String: StoredMessage] = [:]
    var reactionsByID: [String: ReactionSet] = [:]
    private var order: [String] = []

    /// Creates an empty store.
    public init(configuration: Configuration = .default) {
        self.configuration = configuration
    }

    /// Applies one envelope received at `nowMs` (ms since the Unix epoch); nil when it is none
    /// of the store's concern.
    ///
    /// - Throws: ``MessageStoreError`` when an edit, recall or reaction cannot apply; the store
    ///   is then unchanged.
    @discardableResult
    public mutating func apply(_ envelope: Envelope, at nowMs: Int64) throws(MessageStoreError)
        -> Applied?
    {
        let sender = envelope.sender?.userID ?? ""
        switch envelope.body {
        case .text?, .image?, .file?, .custom?, .stream?:
            return store(envelope, from: sender, at: nowMs)
        case .edit(let edit)?:
            return try apply(edit, from: sender)
        case .recall(let recall)?:
            return try apply(recall, from: sender, at: nowMs)
        case .reaction(let reaction)?:
            return try apply(reaction, from: sender)
        case .appDataUpdate(let update)?:
            return try apply(update, from: sender)
        default:
            return nil
        }
    }

    /// The message with this id: `store[messageID: id]`.
    public subscript(messageID messageID: String) -> StoredMessage? { messagesByID[messageID] }

    /// The message with this id.
    @available(*, deprecated, renamed: "subscript(messageID:)")
    public subscript(_ messageID: String) -> StoredMessage? { messagesByID[messageID] }

    /// Every stored message, in the order the store received them.
    public var messages: [StoredMessage] { order.compactMap { messagesByID[$0] } }

    private mutating func store(_ envelope: Envelope, from sender: String, at nowMs: Int64)
        -> Applied
    {
        let id = envelope.messageID
        guard messagesByID[id] == nil else { return Applied(messageID: id, change: .duplicate) }
        messagesByID[id] = StoredMessage(
            messageID: id, senderUserID: sender,
            conversation: envelope.conversation ?? Conversation(), sendTimeMs: envelope.sendTimeMs,
            storeTimeMs: nowMs, replyTo: envelope.replyTo, body: envelope.body, editTimeMs: 0,
            editCount: 0, recall: nil, appData: envelope.appData)
        order.append(id)
        return Applied(messageID: id, change: .stored)
    }

    /// The stored message `id`, or the error every action on a missing message raises.
    func target(_ id: String) throws(MessageStoreError) -> StoredMessage {
        guard let message = messagesByID[id] else {
            throw MessageStoreError(
                code: .unknownTarget, targetMessageID: id, detail: "no message with this id")
        }
        return message
    }
}
