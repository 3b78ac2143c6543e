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
    /// Names the message and the group; its content counts toward the content budget; a read
    /// time, when known, is not negative.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.required(groupID, "group_id")
        try Rules.contentBudget(content.utf8.count, limits, "content")
        try Rules.notNegative(readTimeMs, "read_time_ms")
    }
}

extension GroupAckQuery {
    /// Names the message and the group, and asks for 1 ... ``Limits/maxGroupAckPageSize``
    /// receipts.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.required(groupID, "group_id")
        try Rules.pageSize(
            pageSize, limits.maxGroupAckPageSize, "maxGroupAckPageSize", "page_size", "receipt")
    }
}

extension GroupAckPage {
    /// Names the message and the group; holds at most ``Limits/maxGroupAckPageSize`` receipts,
    /// each of this message and group, each with its ack id (the cursor is one of them) and its
    /// reader.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.required(groupID, "group_id")
        try Rules.atMost(
            acks.count, limits.maxGroupAckPageSize, "maxGroupAckPageSize", "acks",
            "the page holds too many receipts")
        for (index, ack) in acks.enumerated() {
            if !Rules.sameID(ack.messageID, messageID) || !Rules.sameID(ack.groupID, groupID) {
                throw RTMWireError.invalid(
                    "acks[\(index)]", "a receipt of another message or group than the page's")
            }
            // The cursor is an ack id, and a page lists readers.
            try Rules.required(ack.ackID, "acks[\(index)].ack_id")
            try Rules.required(ack.readerUserID, "acks[\(index)].reader_user_id")
        }
    }
}

extension GroupReadCount {
    /// Names the message and the group.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.required(groupID, "group_id")
    }
}
