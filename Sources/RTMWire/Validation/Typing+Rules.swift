extension TypingIndicator {
    /// Started or stopped, with an expiry hint of at most ``Limits/maxTypingExpiryMs``.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if state == .unspecified {
            throw RTMWireError.invalid("state", "typing is started or stopped")
        }
        if Int(expiresAfterMs) > limits.maxTypingExpiryMs {
            throw RTMWireError.limit(
                "maxTypingExpiryMs", allowed: limits.maxTypingExpiryMs,
                actual: Int(expiresAfterMs), path: "expires_after_ms",
                detail: "typing expiry hint is too long")
        }
    }
}
