extension Rules {
    /// A reaction key: non-empty, at most ``Limits/maxReactionKeyBytes`` UTF-8 bytes and
    /// ``Limits/maxReactionKeyGraphemes`` extended grapheme clusters. Bytes are checked first, so
    /// counting clusters (`String.count`, the standard library's UAX #29 segmentation) never
    /// walks more than the byte limit.
    static func reactionKey(_ key: String, _ limits: Limits, _ path: String) throws(RTMWireError) {
        try required(key, path)
        try maxBytes(key, limits.maxReactionKeyBytes, "maxReactionKeyBytes", path, "reaction key")
        try atMost(
            key.count, limits.maxReactionKeyGraphemes, "maxReactionKeyGraphemes", path,
            "reaction key has too many characters")
    }
}

extension Reaction {
    /// A reaction names its target, a valid key and whether it is added or removed.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(targetMessageID, "target_message_id")
        try Rules.reactionKey(key, limits, "key")
        if action == .unspecified {
            throw RTMWireError.invalid("action", "a reaction is added or removed")
        }
    }
}

extension ReactionSummary {
    /// A summary names its target and lists each key once (keys compare byte for byte).
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(targetMessageID, "target_message_id")
        var keys = ByteStrings(capacity: reactions.count)
        for (index, reaction) in reactions.enumerated() where !keys.insert(reaction.key) {
            throw RTMWireError.invalid(
                "reactions[\(index)].key", "key \"\(reaction.key)\" is listed twice")
        }
    }
}

extension ReactionCount {
    /// A valid key, a count of at least one and of at least the recent users listed, and at most
    /// ``Limits/maxReactionRecentUsers`` distinct recent users.
    // Inlined so that a count validated in place (see InPlace) reads its fields rather than
    // being copied whole for the call.
    @inline(__always)
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.reactionKey(key, limits, "key")
        try Rules.atMost(
            recentUserIDs.count, limits.maxReactionRecentUsers, "maxReactionRecentUsers",
            "recent_user_ids", "too many recent users")
        try Rules.distinctIDs(recentUserIDs, "recent_user_ids")
        // In 64 bits: on a 32-bit platform (wasm32, watchOS) Int(count) would trap above 2^31.
        if count == 0 || UInt64(count) < UInt64(recentUserIDs.count) {
            throw RTMWireError.invalid(
                "count",
                "count \(count) is below 1 or below the \(recentUserIDs.count) recent users listed")
        }
    }
}
