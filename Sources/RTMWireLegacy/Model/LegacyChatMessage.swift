import RTMWire
import RTMWireJSON

/// One message of the Swift RTM chat tutorial's JSON protocol, as its clients send it in the
/// text of an RTM message:
///
/// ```json
/// {"sender":{"display_name":"Max","sender_id":"my-sender-id"},"message_id":"random-message-id",
///  "timestamp":"2021-03-12T09:05:16Z","type":"text","body":"Hello World"}
/// ```
///
/// Each type has the tutorial's members and no others: `text` and `photo` carry `message_id` and
/// `timestamp` (a photo has no `body` in the tutorial; one, if present, is its caption);
/// `status` (`body` `"online"` / `"offline"`) and `raise_hand` (`body` `"true"` / `"false"`, a
/// string) carry only `sender`, `type` and `body`. A message of any other type is kept whole
/// (``Kind/other(type:object:)``) so an app's own types survive the bridge.
public struct LegacyChatMessage: Hashable, Sendable {
    /// The sender: `sender.sender_id` and `sender.display_name`.
    public var sender: LegacySender
    /// `message_id`; nil for status and raise-hand messages, which have none.
    public var messageID: String?
    /// `timestamp` in milliseconds since the Unix epoch; nil for status and raise-hand messages.
    public var timestampMs: Int64?
    /// The `type` and its `body`.
    public var kind: Kind

    /// Creates a message.
    public init(sender: LegacySender, messageID: String?, timestampMs: Int64?, kind: Kind) {
        self.sender = sender
        self.messageID = messageID
        self.timestampMs = timestampMs
        self.kind = kind
    }

    /// The tutorial's message types.
    public enum Kind: Hashable, Sendable {
        /// `"type":"text"`: the text body.
        case text(String)
        /// `"type":"photo"`, sent in the text of an RTM image message, whose own fields (media
        /// id, size, …) travel beside it (``LegacyPhotoAttachment``); `body`, when present, is a
        /// caption.
        case photo(caption: String?)
        /// `"type":"status"`: `"online"` or `"offline"`.
        case status(LegacyStatus)
        /// `"type":"raise_hand"`: `"true"` or `"false"`.
        case raiseHand(Bool)
        /// Any other `type`: the whole JSON object, member order kept, printed back as it came.
        case other(type: String, object: JSONValue)

        /// The `type` member.
        public var type: String {
            switch self {
            case .text: "text"
            case .photo: "photo"
            case .status: "status"
            case .raiseHand: "raise_hand"
            case .other(let type, _): type
            }
        }
    }
}

/// The tutorial's `Sender`: `{"display_name": …, "sender_id": …}`.
public struct LegacySender: Hashable, Sendable {
    /// `sender_id`: the RTM user id.
    public var senderID: String
    /// `display_name`.
    public var displayName: String

    /// Creates a sender.
    public init(senderID: String, displayName: String) {
        self.senderID = senderID
        self.displayName = displayName
    }
}

/// The tutorial's `RTMUser.Status`, the body of a status message.
public enum LegacyStatus: String, Hashable, Sendable, CaseIterable {
    /// Joined the channel.
    case online
    /// Left the channel.
    case offline
}
