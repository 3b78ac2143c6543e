extension MetadataMessage {
    /// A storage message is a request, a response or an event (or a newer kind).
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.requiredMember(kindMember, "kind", "a metadata message needs a kind")
    }
}

extension MetadataRequest {
    /// A request has an id, an operation and a target; a lock exists on a channel only, and
    /// acquiring or releasing one names it.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(requestID, "request_id")
        if operation == .unspecified {
            throw RTMWireError.invalid("operation", "a request needs an operation")
        }
        guard case .some(let target) = target else {
            throw RTMWireError.missing("target", "a request needs a target")
        }
        let isLockOperation = operation == .acquireLock || operation == .releaseLock
        if isLockOperation, lockName.isEmpty {
            throw RTMWireError.missing("lock_name", "acquiring or releasing a lock names it")
        }
        if !lockName.isEmpty, case .userID? = target.target {
            throw RTMWireError.invalid(
                "lock_name", "locks exist on channel metadata only, not on a user's")
        }
    }
}

extension StorageEvent {
    /// An event names its target and kind.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if case .none = target {
            throw RTMWireError.missing("target", "a storage event needs a target")
        }
        if eventType == .unspecified {
            throw RTMWireError.invalid("event_type", "a storage event needs an event type")
        }
    }
}

extension MetadataTarget {
    /// Exactly one of channel or user (or a newer kind), and a user target names the user.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.requiredMember(targetMember, "target", "a target is a channel or a user")
        if case .userID(let id)? = target { try Rules.required(id, "user_id") }
    }
}

extension ChannelTarget {
    /// A channel is a name plus a message or stream type.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(channelName, "channel_name")
        if channelType == .unspecified {
            throw RTMWireError.invalid("channel_type", "channel type must be message or stream")
        }
    }
}

extension MetadataItem {
    /// A non-empty key within the key limit and a value within the value limit.
    // Inlined so that an item validated in place (see InPlace) reads its two fields rather
    // than being copied whole for the call.
    @inline(__always)
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(key, "key")
        try Rules.maxBytes(
            key, limits.maxMetadataKeyBytes, "maxMetadataKeyBytes", "key", "metadata key")
        try Rules.maxBytes(
            value, limits.maxMetadataValueBytes, "maxMetadataValueBytes", "value", "metadata value")
    }
}
