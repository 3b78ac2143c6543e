// The Swift names that changed in 0.2.0 so that one concept has one name (see the naming guide,
// NamingGuide.md), kept as deprecated aliases for a release. The wire and proto3 JSON never
// changed: these are Swift spellings only.

extension MessageReference {
    /// Renamed ``messageID``.
    @available(*, deprecated, renamed: "messageID")
    public var messageUID: String {
        get { messageID }
        set { messageID = newValue }
    }

    /// Renamed `init(messageID:senderUserID:excerpt:)`.
    @available(*, deprecated, renamed: "init(messageID:senderUserID:excerpt:)")
    public init(messageUID: String, senderUserID: String = "", excerpt: String = "") {
        self.init(messageID: messageUID, senderUserID: senderUserID, excerpt: excerpt)
    }
}

extension StreamReference {
    /// Renamed ``messageID``.
    @available(*, deprecated, renamed: "messageID")
    public var messageUID: String {
        get { messageID }
        set { messageID = newValue }
    }

    /// Renamed `init(messageID:senderUserID:excerpt:)`.
    @available(*, deprecated, renamed: "init(messageID:senderUserID:excerpt:)")
    public init(messageUID: String, senderUserID: String = "", excerpt: String = "") {
        self.init(messageID: messageUID, senderUserID: senderUserID, excerpt: excerpt)
    }
}

extension StreamMessage {
    /// Renamed ``messageID``.
    @available(*, deprecated, renamed: "messageID")
    public var messageUID: String {
        get { messageID }
        set { messageID = newValue }
    }
}

extension StreamChunk {
    /// Renamed ``streamMessageID``.
    @available(*, deprecated, renamed: "streamMessageID")
    public var streamID: String {
        get { streamMessageID }
        set { streamMessageID = newValue }
    }

    /// Renamed `init(streamMessageID:sequence:event:)`.
    @available(*, deprecated, renamed: "init(streamMessageID:sequence:event:)")
    public init(streamID: String, sequence: UInt64 = 0, event: Event? = nil) {
        self.init(streamMessageID: streamID, sequence: sequence, event: event)
    }
}

extension ImageMessage {
    /// Renamed ``caption``.
    @available(*, deprecated, renamed: "caption")
    public var text: String {
        get { caption }
        set { caption = newValue }
    }
}

extension FileMessage {
    /// Renamed ``caption``.
    @available(*, deprecated, renamed: "caption")
    public var text: String {
        get { caption }
        set { caption = newValue }
    }
}
