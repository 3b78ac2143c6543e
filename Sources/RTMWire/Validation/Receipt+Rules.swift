extension Receipt {
    /// A receipt has exactly one kind (or a newer kind).
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.requiredMember(kindMember, "kind", "a receipt needs a kind")
    }
}

extension DeliveryReceipt {
    /// At least one non-empty id; delivery times, when recorded, pair one-to-one with the ids and
    /// are not negative.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if messageIDs.isEmpty {
            throw RTMWireError.missing(
                "message_ids", "a delivery receipt names at least one message")
        }
        for (index, id) in messageIDs.enumerated() where id.isEmpty {
            throw RTMWireError.missing("message_ids[\(index)]", "required and empty")
        }
        if !deliveredAtMs.isEmpty, deliveredAtMs.count != messageIDs.count {
            throw RTMWireError.invalid(
                "delivered_at_ms",
                "\(deliveredAtMs.count) delivery times for \(messageIDs.count) message ids")
        }
        for (index, time) in deliveredAtMs.enumerated() where time < 0 {
            try Rules.notNegative(time, "delivered_at_ms[\(index)]")
        }
    }
}

extension MessageReadReceipt {
    /// Names the message that was read.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
    }
}

extension ConversationReadReceipt {
    /// Names the conversation that was read.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(conversationID, "conversation_id")
    }
}

extension GroupReadReceipt {
    /// Names the message and the group; a read time, when known, is not negative.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.required(groupID, "group_id")
        try Rules.notNegative(readTimeMs, "read_time_ms")
    }
}

extension GroupReadCount {
    /// Names the message and the group.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.required(groupID, "group_id")
    }
}
