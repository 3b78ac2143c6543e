import RTMWire

/// Converts between the tutorial's JSON messages and `Envelope`s for one conversation (the RTM
/// channel or peer the legacy messages travel in; their JSON does not name it).
///
/// Every field is mapped or the conversion throws; nothing is made up:
///
/// | legacy | envelope |
/// | --- | --- |
/// | `sender.sender_id`, `sender.display_name` | `sender.user_id`, `sender.display_name` |
/// | `message_id` (status and raise-hand messages have none) | `message_id`, or the `fallbackMessageID` the caller passes |
/// | `timestamp` (ISO 8601, exact to the ms) | `send_time_ms`; absent = 0 ("not stamped") |
/// | `text` + `body` | `.text` |
/// | `photo` + the RTM image message's fields (+ `body` as caption) | `.image` |
/// | `status` `online`/`offline` | `.status(presence, hand_raised)`: the hand as last known |
/// | `raise_hand` `"true"`/`"false"` | `.status(presence, hand_raised)`: the presence as last known |
/// | any other `type` | `.custom` type `legacy-json:<type>`, payload the whole JSON object |
///
/// A legacy status message carries one half of a member's state and `StatusMessage` both, so
/// the bridge keeps each member's last presence and hand (``members``), as the tutorial's
/// clients do. A member not seen yet has its hand down and, when it raises it, is online: the
/// tutorial's own starting values (`RTMUser(handRaised: false)`; only channel members send).
/// The other way, a status envelope becomes a `raise_hand` message when the hand changed and a
/// `status` message when the presence changed or nothing else would be sent.
///
/// A photo whose size is unknown (an RTM image message created from a media id has none)
/// bridges both ways: its envelope's `ImageMessage/size` is 0, "unknown", and an envelope with
/// size 0 gives an attachment whose size is nil.
public struct LegacyBridge: Sendable {
    /// The conversation the legacy messages belong to.
    public var conversation: Conversation
    /// Timestamp style, strictness and limits.
    public var options: LegacyJSONOptions
    /// Each member's last known presence and hand, by sender id.
    public internal(set) var members: [String: LegacyMemberState] = [:]

    /// The `CustomMessage.type` prefix of a legacy message of a type the tutorial does not have.
    public static let customTypePrefix = "legacy-json:"

    /// A bridge for `conversation`.
    public init(conversation: Conversation, options: LegacyJSONOptions = .default) {
        self.conversation = conversation
        self.options = options
    }

    /// Records the state a status envelope announces (for example one received in binary
    /// form), so that later legacy status messages build on it.
    public mutating func observe(_ envelope: Envelope) {
        guard case .status(let status)? = envelope.body, let sender = envelope.sender,
            let presence = LegacyStatus(status.presence)
        else { return }
        members[sender.userID] = LegacyMemberState(
            presence: presence, handRaised: status.handRaised)
    }
}

/// What the bridge knows of one member: the halves legacy status messages carry.
public struct LegacyMemberState: Hashable, Sendable {
    /// The last presence.
    public var presence: LegacyStatus
    /// Whether the hand is raised.
    public var handRaised: Bool

    /// Creates a state.
    public init(presence: LegacyStatus, handRaised: Bool) {
        self.presence = presence
        self.handRaised = handRaised
    }
}

/// One legacy message to send: its JSON goes in the text of an RTM message, or of an RTM image
/// message with ``photo``'s fields when there is one.
public struct LegacyOutbound: Hashable, Sendable {
    /// The message.
    public var message: LegacyChatMessage
    /// The image message's own fields, for a photo.
    public var photo: LegacyPhotoAttachment?

    /// Creates an outbound message.
    public init(message: LegacyChatMessage, photo: LegacyPhotoAttachment? = nil) {
        self.message = message
        self.photo = photo
    }
}

extension LegacyStatus {
    /// The legacy status of an envelope presence (nil for unspecified or unknown values).
    init?(_ presence: Presence) {
        switch presence {
        case .online: self = .online
        case .offline: self = .offline
        default: return nil
        }
    }

    var presence: Presence { self == .online ? .online : .offline }
}
