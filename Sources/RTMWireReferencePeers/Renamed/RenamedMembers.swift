// Swift names that changed in 0.2.0 so that one concept has one name (the naming guide in the
// RTMWire documentation), kept as deprecated aliases for a release.

extension AssembledStream {
    /// Renamed ``streamMessageID``.
    @available(*, deprecated, renamed: "streamMessageID")
    public var streamID: String {
        get { streamMessageID }
        set { streamMessageID = newValue }
    }
}

extension StreamAssemblyError {
    /// Renamed ``streamMessageID``.
    @available(*, deprecated, renamed: "streamMessageID")
    public var streamID: String {
        get { streamMessageID }
        set { streamMessageID = newValue }
    }
}

extension StoredMessage {
    /// Renamed ``sendTimeMs`` (times end in `TimeMs`, as on the wire).
    @available(*, deprecated, renamed: "sendTimeMs")
    public var sentAtMs: Int64 { sendTimeMs }

    /// Renamed ``storeTimeMs``.
    @available(*, deprecated, renamed: "storeTimeMs")
    public var storedAtMs: Int64 { storeTimeMs }

    /// Renamed ``editTimeMs``.
    @available(*, deprecated, renamed: "editTimeMs")
    public var editedAtMs: Int64 { editTimeMs }
}
