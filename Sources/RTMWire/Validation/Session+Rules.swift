extension SignIn {
    /// A sign-in carries a token of at most ``Limits/maxTokenBytes``. Whether the token is a
    /// well-formed, signed and unexpired JSON Web Token is the server's to judge, not the codec's.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(token, "token")
        try Rules.maxBytes(token, limits.maxTokenBytes, "maxTokenBytes", "token", "sign-in token")
    }
}

extension Acknowledgement {
    /// An acknowledgement names the envelope it acknowledges; its stored time is not negative.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_id")
        try Rules.notNegative(storedTimeMs, "stored_time_ms")
    }
}

extension Refusal {
    /// A refusal says why (its code is not unspecified); the message id is empty when the
    /// connection, not one envelope, is refused.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if code == .unspecified {
            throw RTMWireError.invalid("code", "a refusal says why")
        }
    }
}
