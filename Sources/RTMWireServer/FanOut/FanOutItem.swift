import RTMWire

/// What one server node hands the others for their connections: an envelope for an audience,
/// a reaction whose summaries each node computes for its own connections, word that a group's
/// members changed, or a user's departure from channels.
struct FanOutItem: Sendable, Hashable {
    /// What the item asks of a node.
    enum Content: Sendable, Hashable {
        /// Deliver these envelope bytes to the audience's connections.
        case envelope([UInt8])
        /// Send each of the audience's connections its user's summary of the reactions to
        /// `messageID`, stored in `history`, in `conversation`.
        case reactionSummaries(messageID: String, history: HistoryKey, conversation: Conversation)
        /// The members of this group changed: read them again when next needed.
        case groupChanged(String)
        /// `user`'s last connection on the writing node left the audience's channels: deliver
        /// this offline status, unless the user is still in them here (then the user is
        /// online, and this node says so to the others).
        case departure(user: String, envelope: [UInt8])
    }

    var content: Content
    /// Who it is for; its sender means nothing on another node.
    var audience: Audience

    init(_ content: Content, for audience: Audience = .nobody) {
        self.content = content
        var audience = audience
        audience.sender = nil
        self.audience = audience
    }
}
