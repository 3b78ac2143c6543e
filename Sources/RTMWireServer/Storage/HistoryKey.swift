import RTMWire

/// The history an envelope is kept in: one per channel, one per group, and one per pair of
/// users for peer conversations, whichever of the two sent (alice's envelope to `peer:bob` and
/// bob's to `peer:alice` share one history).
public struct HistoryKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as stored: `channel:NAME`, `group:ID`, or `peer:N:USER1USER2` with the two user
    /// ids in byte order and N the first one's length in UTF-8 bytes, so that no two pairs share
    /// a key whatever their ids hold.
    public let rawValue: String

    /// The history of `conversation` as seen by `senderID`; nil for an unspecified conversation.
    public init?(_ conversation: Conversation, senderID: String) {
        switch conversation.type {
        case .channel: rawValue = "channel:" + conversation.id
        case .group: rawValue = "group:" + conversation.id
        case .peer:
            let pair = [senderID, conversation.id].sorted {
                $0.utf8.lexicographicallyPrecedes($1.utf8)
            }
            rawValue = "peer:\(pair[0].utf8.count):" + pair[0] + pair[1]
        default: return nil
        }
    }

    /// A key read back from storage.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The key as stored.
    public var description: String { rawValue }
}
