import RTMWire
import RTMWireLegacy

/// Messages exactly as the tutorial's clients send them (seed 001: `generateMessageText()`,
/// `RTMUser.statusRTMMessage`, `raiseHandRTMMessage`), with the whitespace of its listings.
enum Tutorial {
    static let text = """
        {
        "sender": {
        "display_name": "Max",
        "sender_id": "my-sender-id"
        },
        "message_id": "random-message-id",
        "timestamp": "2021-03-12T09:05:16Z",
        "type": "text",
        "body": "Hello World"
        }
        """

    static let status = """
        {
        "sender":{
        "sender_id":"B22663DD-3A30-4102-B4A1-5645AD144625",
        "display_name":"ipad"
        },
        "body":"online",
        "type":"status"
        }
        """

    static let raiseHand = """
        {
        "type": "raise_hand",
        "sender": {
        "display_name": "Max",
        "sender_id": "1D83826A-7586-40C8-A002-767766E4FB76"
        },
        "body": "true"
        }
        """

    /// A photo's JSON: `generateMessageText()` sets no body for `.photo`.
    static let photo = """
        {"sender":{"display_name":"지민","sender_id":"jimin"},"message_id":"p-1",\
        "timestamp":"2021-03-12T09:05:20Z","type":"photo"}
        """

    static let photoAttachment = LegacyPhotoAttachment(
        mediaID: "media-5f2c", fileName: "IMG_0042.HEIC", size: 1_843_200, width: 3024,
        height: 4032, thumbnail: [0xFF, 0xD8, 0xFF, 0xD9], thumbnailWidth: 90,
        thumbnailHeight: 120)

    static let channel = Conversation(type: .channel, id: "general")

    /// A session of one channel: join, chat in Korean and emoji, a photo, hands up and down,
    /// an app's own message type, leave.
    static let session: [(json: String, photo: LegacyPhotoAttachment?)] = [
        (
            #"{"sender":{"display_name":"지민","sender_id":"jimin"},"type":"status","body":"online"}"#,
            nil
        ),
        (
            #"{"sender":{"display_name":"Max","sender_id":"max"},"type":"status","body":"online"}"#,
            nil
        ),
        (
            #"{"sender":{"display_name":"지민","sender_id":"jimin"},"message_id":"m-1","timestamp":"2021-03-12T09:05:16Z","type":"text","body":"안녕하세요! 👋🏽 반가워요"}"#,
            nil
        ),
        (photo, photoAttachment),
        (
            #"{"sender":{"display_name":"Max","sender_id":"max"},"type":"raise_hand","body":"true"}"#,
            nil
        ),
        (
            #"{"sender":{"display_name":"Max","sender_id":"max"},"message_id":"m-2","timestamp":"2021-03-12T09:06:00Z","type":"text","body":"Question: \"why?\"\n👨‍👩‍👧 ✓"}"#,
            nil
        ),
        (
            #"{"sender":{"display_name":"Max","sender_id":"max"},"type":"raise_hand","body":"false"}"#,
            nil
        ),
        (
            #"{"sender":{"display_name":"지민","sender_id":"jimin"},"message_id":"poll-1","type":"poll","body":{"question":"점심?","options":["김밥","pizza"]}}"#,
            nil
        ),
        (
            #"{"sender":{"display_name":"지민","sender_id":"jimin"},"type":"status","body":"offline"}"#,
            nil
        ),
    ]
}
