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
