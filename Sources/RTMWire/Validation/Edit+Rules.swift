extension MessageEdit {
    /// An edit names its target, is stamped, and carries the new text or caption.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(targetMessageID, "target_message_id")
        if editTimeMs <= 0 {
            throw RTMWireError.invalid(
                "edit_time_ms", "an edit needs its edit time (positive ms since the epoch)")
        }
        try Rules.requiredMember(contentMember, "content", "an edit needs a new text or caption")
    }
}

extension MessageRecall {
    /// A recall names the recalled message and who recalled it; a reason is content.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(targetMessageID, "target_message_id")
        try Rules.required(recalledByUserID, "recalled_by_user_id")
        try Rules.contentBudget(reason.utf8.count, limits, "reason")
    }
}

extension AppDataUpdate {
    /// An update names its message and changes something: entries to set (within the app data
    /// limits, no key twice) and keys to remove (non-empty, at most
    /// ``Limits/maxAppDataEntries``, none also set); its time is not negative.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(targetMessageID, "target_message_id")
        if set.isEmpty && removedKeys.isEmpty {
            throw RTMWireError.missing("set", "an app data update sets or removes something")
        }
        try Rules.appData(set, limits, "set")
        try Rules.atMost(
            removedKeys.count, limits.maxAppDataEntries, "maxAppDataEntries", "removed_keys",
            "too many keys removed")
        for (index, key) in removedKeys.enumerated() {
            try Rules.required(key, "removed_keys[\(index)]")
            try Rules.maxBytes(
                key, limits.maxAppDataKeyBytes, "maxAppDataKeyBytes", "removed_keys[\(index)]",
                "app data key")
            // Byte for byte, as every runtime compares keys (not by canonical equivalence).
            if set.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                throw RTMWireError.invalid(
                    "removed_keys[\(index)]", "the key \(key) is both set and removed")
            }
        }
        try Rules.notNegative(updateTimeMs, "update_time_ms")
    }
}

extension AppDataEntry {
    /// A key, and a key and value within their limits.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(key, "key")
        try Rules.maxBytes(
            key, limits.maxAppDataKeyBytes, "maxAppDataKeyBytes", "key", "app data key")
        try Rules.maxBytes(
            value, limits.maxAppDataValueBytes, "maxAppDataValueBytes", "value", "app data value")
    }
}
