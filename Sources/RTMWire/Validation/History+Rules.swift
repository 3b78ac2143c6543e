extension HistoryRequest {
    /// Asks for 1 ... ``Limits/maxHistoryPageSize`` envelopes, before a position or after one
    /// (not both); neither is the latest page.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if beforePosition != 0, afterPosition != 0 {
            throw RTMWireError.invalid(
                "after_position", "a history request asks before a position or after one, not both")
        }
        try Rules.pageSize(
            limit, limits.maxHistoryPageSize, "maxHistoryPageSize", "limit", "envelope")
    }
}

extension HistoryEntry {
    /// A stored envelope has a position, a stored time and its bytes. The bytes are not decoded
    /// here: a reader decodes them as any envelope, with the same rules.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if position == 0 {
            throw RTMWireError.invalid("position", "positions start at 1")
        }
        if storedTimeMs <= 0 {
            throw RTMWireError.invalid(
                "stored_time_ms", "a stored envelope has a stored time after the Unix epoch")
        }
        if envelope.isEmpty {
            throw RTMWireError.missing("envelope", "required and empty")
        }
    }
}

extension HistoryPage {
    /// Answers a request (its message id), names the conversation's epoch and holds at most
    /// ``Limits/maxHistoryPageSize`` envelopes.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(requestMessageID, "request_message_id")
        try Rules.required(epoch, "epoch")
        try Rules.atMost(
            entries.count, limits.maxHistoryPageSize, "maxHistoryPageSize", "entries",
            "the page holds too many envelopes")
    }
}
