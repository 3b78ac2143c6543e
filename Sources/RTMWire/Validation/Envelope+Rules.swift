extension Envelope {
    /// An envelope needs an id, a sender, a conversation and a body, and a send time that is not
    /// negative; receipts must suit the
    /// conversation (Agora Chat: group chats only have per-message group read receipts, and
    /// conversation read receipts belong to one-to-one chats). A body of a newer schema version
    /// (``bodyMember`` is `.unknown`) is a body: the envelope is routed by its header.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.notNegative(sendTimeMs, "send_time_ms")
        // Patterns and the one field needed, not `!= nil` or `let conversation`: both copy the
        // whole optional message (retaining its strings) to test it.
        if case .none = sender {
            throw RTMWireError.missing("sender", "an envelope needs a sender")
        }
        guard let conversationType = conversation?.type else {
            throw RTMWireError.missing("conversation", "an envelope needs a conversation")
        }
        // One switch: each `if case` on the body copies the whole enum to test it. `bodyMember`
        // copies it too, so it is asked only when there is no known body.
        switch body {
        case nil:
            try Rules.requiredMember(bodyMember, "body", "an envelope needs a body")
        case .receipt(let receipt)?:
            switch receipt.kind {
            case .groupRead?, .groupReadCount?:
                if conversationType != .group {
                    throw RTMWireError.invalid(
                        "receipt",
                        "group read receipts belong to group conversations, not \(conversationType)"
                    )
                }
            case .conversationRead?:
                if conversationType != .peer {
                    throw RTMWireError.invalid(
                        "receipt",
                        "conversation read receipts belong to peer conversations, not \(conversationType)"
                    )
                }
            default:
                break
            }
        default:
            break
        }
    }
}

extension Sender {
    /// A sender is identified by its user id.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(userID, "user_id")
    }
}

extension Conversation {
    /// A conversation needs a known kind and an id.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if type == .unspecified {
            throw RTMWireError.invalid("type", "conversation type must be peer, channel or group")
        }
        try Rules.required(id, "id")
    }
}

extension MessageReference {
    /// A reference that is present names the referenced message; its excerpt is short.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_uid")
        try Rules.maxBytes(
            excerpt, limits.maxExcerptBytes, "maxExcerptBytes", "excerpt", "reply excerpt")
    }
}
