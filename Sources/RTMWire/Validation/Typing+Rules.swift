extension TypingIndicator {
    /// Started or stopped, with an expiry hint of at most ``Limits/maxTypingExpiryMs``.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if state == .unspecified {
            throw RTMWireError.invalid("state", "typing is started or stopped")
        }
        try Rules.atMost(
            Int(expiresAfterMs), limits.maxTypingExpiryMs, "maxTypingExpiryMs", "expires_after_ms",
            "typing expiry hint is too long")
    }
}
