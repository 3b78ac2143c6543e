extension Envelope {
    /// An envelope needs an id, a sender, a conversation and a body, a send time that is not
    /// negative and app data within its limits; a group message asks only for group read receipts; receipts must suit the
    /// conversation (Agora Chat: group chats only have per-message group read receipts, and
    /// conversation read receipts belong to one-to-one chats). A body of a newer schema version
    /// (``bodyMember`` is `.unknown`) is a body: the envelope is routed by its header.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.notNegative(sendTimeMs, "send_time_ms")
        if !appData.isEmpty { try Rules.appData(appData, limits, "app_data") }
        // Patterns and the one field needed, not `!= nil` or `let conversation`: both copy the
        // whole optional message (retaining its strings) to test it.
        if case .none = sender {
            throw RTMWireError.missing("sender", "an envelope needs a sender")
        }
        guard let conversationType = conversation?.type else {
            throw RTMWireError.missing("conversation", "an envelope needs a conversation")
        }
        if conversationType == .group, case .some(let options) = deliveryOptions,
            options.deliveryReceipt || options.readReceipt
        {
            throw RTMWireError.invalid(
                options.deliveryReceipt
                    ? "delivery_options.delivery_receipt" : "delivery_options.read_receipt",
                "a group message asks only for group read receipts (group_read_receipt)")
        }
        // One switch: each `if case` on the body copies the whole enum to test it. `bodyMember`
        // copies it too, so it is asked only when there is no known body.
        switch body {
        case nil:
            try Rules.requiredMember(bodyMember, "body", "an envelope needs a body")
        case .receipt(let receipt)?:
            try Self.checkReceipt(receipt, in: conversationType, conversation?.id ?? "")
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

extension Envelope {
    /// Agora Chat's receipts by conversation: a group has only the group kinds (read receipts
    /// per message, read counts, and the paged acks), each naming this group; a conversation
    /// read receipt belongs to a one-to-one chat. Channels keep the rest, as before.
    static func checkReceipt(
        _ receipt: Receipt, in type: ConversationType, _ conversationID: String
    ) throws(RTMWireError) {
        let groupID: String
        let member: String
        switch receipt.kind {
        case .groupRead(let read)?: (groupID, member) = (read.groupID, "group_read")
        case .groupReadCount(let count)?: (groupID, member) = (count.groupID, "group_read_count")
        case .groupAckQuery(let query)?: (groupID, member) = (query.groupID, "group_ack_query")
        case .groupAckPage(let page)?: (groupID, member) = (page.groupID, "group_ack_page")
        case .conversationRead?:
            if type != .peer {
                throw RTMWireError.invalid(
                    "receipt",
                    "conversation read receipts belong to peer conversations, not \(type)")
            }
            return
        case nil:
            return  // a newer kind: routed by the header, judged by readers that know it
        default:
            if type == .group {
                throw RTMWireError.invalid(
                    "receipt",
                    "a group conversation has only group read receipts, read counts and acks")
            }
            return
        }
        guard type == .group else {
            throw RTMWireError.invalid(
                "receipt", "group receipts belong to group conversations, not \(type)")
        }
        // An empty group id is the member's own missingField, reported by its rules.
        if !groupID.isEmpty, !Rules.sameID(groupID, conversationID) {
            throw RTMWireError.invalid(
                "receipt.\(member).group_id", "names another group than the conversation")
        }
    }
}
