import RTMWire

/// The identity of one metadata set: a channel (name and type) or a user.
struct MetadataKey: Hashable, Sendable {
    private enum Kind: Hashable, Sendable {
        case channel(name: String, type: Int32)
        case user(String)
    }

    private let kind: Kind

    /// The key of a valid target; nil for a missing or incomplete one.
    init?(_ target: MetadataTarget?) {
        switch target?.target {
        case .channel(let channel)?:
            guard !channel.channelName.isEmpty, channel.channelType != .unspecified else {
                return nil
            }
            kind = .channel(name: channel.channelName, type: channel.channelType.rawValue)
        case .userID(let userID)?:
            guard !userID.isEmpty else { return nil }
            kind = .user(userID)
        case nil:
            return nil
        }
    }
}
