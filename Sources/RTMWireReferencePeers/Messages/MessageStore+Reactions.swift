import RTMWire

extension MessageStore {
    mutating func apply(_ reaction: Reaction, from userID: String) throws(MessageStoreError)
        -> Applied
    {
        let id = reaction.targetMessageID
        let message = try target(id)
        guard !message.isRecalled else {
            throw MessageStoreError(
                code: .targetRecalled, targetMessageID: id, detail: "a recalled message")
        }
        var reactions = reactionsByID[id] ?? ReactionSet()
        let changed: Bool
        switch reaction.action {
        case .add:
            try checkRoom(for: reaction.key, in: reactions, id)
            changed = reactions.add(reaction.key, by: userID)
        case .remove:
            changed = reactions.remove(reaction.key, by: userID)
        default:
            // Unspecified (validation refuses it) or an action of a newer schema: ignored.
            changed = false
        }
        reactionsByID[id] = reactions.count == 0 ? nil : reactions
        return Applied(messageID: id, change: changed ? .reactionsChanged : .reactionsUnchanged)
    }

    /// The reactions to `messageID` as `receiverUserID` is told of them: per key the count, the
    /// latest `Limits.maxReactionRecentUsers` users (most recent first) and whether the
    /// receiver reacted. Nil for an unknown or recalled message.
    public func reactionSummary(of messageID: String, for receiverUserID: String)
        -> ReactionSummary?
    {
        guard let message = messagesByID[messageID], !message.isRecalled else { return nil }
        let counts = (reactionsByID[messageID] ?? ReactionSet()).counts(
            for: receiverUserID, recentUsers: configuration.limits.maxReactionRecentUsers)
        return ReactionSummary(targetMessageID: messageID, reactions: counts)
    }

    private func checkRoom(for key: String, in reactions: ReactionSet, _ id: String)
        throws(MessageStoreError)
    {
        func full(_ name: String, _ allowed: Int, _ what: String) -> MessageStoreError {
            MessageStoreError(
                code: .tooManyReactions, targetMessageID: id,
                limit: .init(name: name, allowed: allowed, actual: allowed + 1),
                detail: "the message has \(allowed) \(what) already")
        }
        if reactions.count >= configuration.maxReactionsPerMessage {
            throw full("maxReactionsPerMessage", configuration.maxReactionsPerMessage, "reactions")
        }
        if !reactions.contains(key: key),
            reactions.keyCount >= configuration.maxReactionKeysPerMessage
        {
            throw full(
                "maxReactionKeysPerMessage", configuration.maxReactionKeysPerMessage,
                "reaction keys")
        }
    }
}
