import RTMWire

/// What storage keeps of one metadata target (a channel's or a user's set), read and written
/// back as a whole by ``ServerStorage/modifyMetadata(of:_:)``.
public struct MetadataRecord: Sendable, Hashable {
    /// The stored set, or nil when the target has none.
    public var metadata: Metadata?
    /// The locks held on the target: lock name to the user holding it.
    public var locks: [String: String]
    /// The last revision any metadata write stamped, store-wide (revisions never repeat).
    public var lastRevision: Int64

    /// Creates a record.
    public init(metadata: Metadata? = nil, locks: [String: String] = [:], lastRevision: Int64 = 0) {
        self.metadata = metadata
        self.locks = locks
        self.lastRevision = lastRevision
    }

    /// The storage key of a target: `channel:<type>:<name>` or `user:<id>`; nil for a missing
    /// or incomplete target.
    public static func key(of target: MetadataTarget?) -> String? {
        switch target?.target {
        case .channel(let channel)?:
            guard !channel.channelName.isEmpty, channel.channelType != .unspecified else {
                return nil
            }
            return "channel:\(channel.channelType.rawValue):\(channel.channelName)"
        case .userID(let userID)?:
            return userID.isEmpty ? nil : "user:\(userID)"
        case nil:
            return nil
        }
    }
}
