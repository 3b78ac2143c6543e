extension TypingIndicator {
    /// Started or stopped, with an expiry hint of at most ``Limits/maxTypingExpiryMs``.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if state == .unspecified {
            throw RTMWireError.invalid("state", "typing is started or stopped")
        }
        // Clamped: on a 32-bit platform (wasm32, watchOS) a UInt32 above Int.max would trap.
        try Rules.atMost(
            Int(clamping: expiresAfterMs), limits.maxTypingExpiryMs, "maxTypingExpiryMs",
            "expires_after_ms",
            "typing expiry hint is too long")
    }
}
