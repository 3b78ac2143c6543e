extension GroupMember {
    /// A member is identified by its user id.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(userID, "user_id")
    }
}

extension GroupRequest {
    /// A group request says what to do (its operation is not unspecified). Its members are
    /// bounded by ``Limits/maxRepeatedCount``, as every repeated field.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if operation == .unspecified {
            throw RTMWireError.invalid("operation", "a group request says what to do")
        }
    }
}

extension GroupResponse {
    /// A group response names the operation it answers or reports (not unspecified).
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if operation == .unspecified {
            throw RTMWireError.invalid("operation", "a group response names its operation")
        }
    }
}
