extension StreamMessage {
    /// A streaming message is identified by its UID.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_uid")
    }
}

extension StreamPullRequest {
    /// A pull request names the stream.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(streamMessageID, "stream_message_id")
    }
}

extension StreamPullResponse {
    /// A pull response names the stream it answers for.
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(streamMessageID, "stream_message_id")
    }
}

extension StreamReference {
    /// A reference that is present names the referenced message; its excerpt is short, as a
    /// reply's (``MessageReference``, its twin).
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(messageID, "message_uid")
        try Rules.maxBytes(
            excerpt, limits.maxExcerptBytes, "maxExcerptBytes", "excerpt", "reference excerpt")
    }
}

extension StreamChunk {
    /// A chunk names its stream and carries exactly one event (or a newer kind of event).
    public func _validateSelf(_ limits: Limits) throws(RTMWireError) {
        try Rules.required(streamMessageID, "stream_id")
        try Rules.requiredMember(
            eventMember, "event", "a stream chunk needs an init, delta or complete event")
    }
}
