extension TextMessage {
    /// A text message carries non-empty text within the content budget.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(text, "text")
        try Rules.contentBudget(text.utf8.count, limits, "text")
    }
}

extension ImageMessage {
    /// The media id is required, the size is at most maxMediaBytes (0 = unknown), the expiry
    /// is not negative, and caption + file name + thumbnail share the content budget.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.media(
            mediaID: mediaID, size: size, expireTimeMs: expireTimeMs,
            caption: caption.utf8.count,
            fileName: fileName.utf8.count, thumbnail: thumbnail.count, limits)
    }
}

extension FileMessage {
    /// Same rules as an image message.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.media(
            mediaID: mediaID, size: size, expireTimeMs: expireTimeMs,
            caption: caption.utf8.count,
            fileName: fileName.utf8.count, thumbnail: thumbnail.count, limits)
    }
}

extension CustomMessage {
    /// A custom message names its type; its payload counts toward the content budget.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(type, "type")
        try Rules.contentBudget(payload.count, limits, "payload")
    }
}

extension Mentions {
    /// Mentions name someone: distinct, non-empty user ids (at most ``Limits/maxMentions``) or
    /// everyone.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.atMost(
            userIDs.count, limits.maxMentions, "maxMentions", "user_ids", "too many mentioned users"
        )
        if userIDs.isEmpty && !everyone {
            throw RTMWireError.missing("user_ids", "mentions name no user and not everyone")
        }
        try Rules.distinctIDs(userIDs, "user_ids")
    }
}

extension Caption {
    /// A new caption (possibly empty: removed) within the content budget.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.contentBudget(text.utf8.count, limits, "text")
    }
}

extension StatusMessage {
    /// A status update states a presence.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if presence == .unspecified {
            throw RTMWireError.invalid("presence", "presence must be online or offline")
        }
    }
}
