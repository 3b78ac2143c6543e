extension MetadataMessage {
    /// A storage message is a request, a response or an event.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if kind == nil { throw RTMWireError.missing("kind", "a metadata message needs a kind") }
    }
}

extension MetadataRequest {
    /// A request has an id, an operation and a target.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(requestID, "request_id")
        if operation == .unspecified {
            throw RTMWireError.invalid("operation", "a request needs an operation")
        }
        if target == nil { throw RTMWireError.missing("target", "a request needs a target") }
    }
}

extension StorageEvent {
    /// An event names its target and kind.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        if target == nil { throw RTMWireError.missing("target", "a storage event needs a target") }
        if eventType == .unspecified {
            throw RTMWireError.invalid("event_type", "a storage event needs an event type")
        }
    }
}

extension MetadataTarget {
    /// Exactly one of channel or user, and a user target names the user.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        switch target {
        case nil: throw RTMWireError.missing("target", "a target is a channel or a user")
        case .userID(let id)?: try Rules.required(id, "user_id")
        case .channel?: break
        }
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
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(key, "key")
        let keyBytes = key.utf8.count
        if keyBytes > limits.maxMetadataKeyBytes {
            throw RTMWireError.limit(
                "maxMetadataKeyBytes", allowed: limits.maxMetadataKeyBytes, actual: keyBytes,
                path: "key", detail: "metadata key is too long")
        }
        let valueBytes = value.utf8.count
        if valueBytes > limits.maxMetadataValueBytes {
            throw RTMWireError.limit(
                "maxMetadataValueBytes", allowed: limits.maxMetadataValueBytes, actual: valueBytes,
                path: "value", detail: "metadata value is too long")
        }
    }
}
