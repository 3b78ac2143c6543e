import RTMWire

/// Who may post to a conversation and read its history: the server's authorization rule.
///
/// - **Peer:** any signed-in user may write to any user (as Agora RTM peer messages go); the
///   history is the pair's alone (``HistoryKey`` is made from the reader, so nobody reads a pair
///   they are not in).
/// - **Channel:** joined by name, as Agora RTM channels are, unless the token's `channels` claim
///   restricts which (``AccessToken/allowsChannel(_:)``).
/// - **Group:** members only: those the server keeps (``ServerStorage/groupMembers(_:)``) and those the token's
///   `groups` claim names.
public enum ConversationAccess {
    /// Why access was refused.
    public enum Denial: Hashable, Sendable {
        /// The token's `channels` claim does not name the channel.
        case channelNotAllowed(String)
        /// The user is no member of the group.
        case notGroupMember(String)
        /// The conversation has no type or no id.
        case noConversation
    }

    /// Whether `token`'s user may post to and read `conversation`; `members` are the group's
    /// members as stored (ignored for other conversations). Nil when allowed.
    public static func denial(
        _ conversation: Conversation, for token: AccessToken, members: [GroupMember]
    ) -> Denial? {
        guard !conversation.id.isEmpty else { return .noConversation }
        switch conversation.type {
        case .peer:
            return nil
        case .channel:
            return token.allowsChannel(conversation.id) ? nil : .channelNotAllowed(conversation.id)
        case .group:
            if token.groups.contains(conversation.id)
                || members.contains(where: { $0.userID.utf8.elementsEqual(token.userID.utf8) })
            {
                return nil
            }
            return .notGroupMember(conversation.id)
        default:
            return .noConversation
        }
    }
}

extension ConversationAccess.Denial: CustomStringConvertible {
    /// Why, for a person.
    public var description: String {
        switch self {
        case .channelNotAllowed(let channel): "the token does not allow channel '\(channel)'"
        case .notGroupMember(let group): "not a member of group '\(group)'"
        case .noConversation: "the envelope names no conversation"
        }
    }
}
