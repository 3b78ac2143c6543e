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
