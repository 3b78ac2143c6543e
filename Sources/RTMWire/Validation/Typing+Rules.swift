extension TypingIndicator {
    /// Started or stopped, with an expiry hint of at most ``Limits/maxTypingExpiryMs``.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if state == .unspecified {
            throw RTMWireError.invalid("state", "typing is started or stopped")
        }
        // Compared in 64 bits: on a 32-bit platform (wasm32, watchOS) a UInt32 above Int.max
        // would trap as an Int, and the error reads the same on every platform.
        if Int64(expiresAfterMs) > Int64(limits.maxTypingExpiryMs) {
            throw RTMWireError.limit(
                "maxTypingExpiryMs", allowed: limits.maxTypingExpiryMs, actual: expiresAfterMs,
                path: "expires_after_ms", detail: "typing expiry hint is too long")
        }
    }
}
