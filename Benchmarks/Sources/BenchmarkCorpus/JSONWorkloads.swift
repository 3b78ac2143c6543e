import Foundation

/// The chat tutorial's text message (MessageKitMessage): what its JSON carries.
public struct ChatMessage: Equatable, Sendable {
    public var senderID: String
    public var displayName: String
    public var messageID: String
    public var sentDate: Date
    public var type: String
    public var body: String

    /// Message A as the tutorial's app would hold it.
    public init(_ message: CorpusMessage) {
        guard case .text(let text) = message.body else {
            fatalError("the tutorial's JSON shape carries text messages only")
        }
        let header = message.header
        senderID = header.senderUserID
        displayName = header.senderDisplayName
        messageID = header.messageID
        sentDate = Date(timeIntervalSince1970: Double(header.sendTimeMs) / 1000)
        type = "text"
        body = text
    }

    public init(
        senderID: String, displayName: String, messageID: String, sentDate: Date, type: String,
        body: String
    ) {
        self.senderID = senderID
        self.displayName = displayName
        self.messageID = messageID
        self.sentDate = sentDate
        self.type = type
        self.body = body
    }
}

/// The tutorial's code: a `[String: Any]` dictionary through `JSONSerialization`, with an ISO 8601
/// timestamp. (The tutorial creates an `ISO8601DateFormatter` per message; this keeps one, which
/// is faster and the fairer comparison.)
public final class JSONSerializationWorkload: Workload {
    public var implementation: Implementation { .jsonSerialization }
    public let message: CorpusMessage
    @usableFromInline let chat: ChatMessage
    @usableFromInline let formatter = ISO8601DateFormatter()
    @usableFromInline var json = Data()

    public init(_ message: CorpusMessage) {
        self.message = message
        chat = ChatMessage(message)
        json = encode()
        guard decode() == chat,
            (try? JSONCodableWorkload.decoder.decode(ChatJSON.self, from: json))?.chat == chat
        else {
            verificationFailure(implementation, message, "JSON does not read back as the message")
        }
    }

    public var encodedCount: Int { json.count }

    @inlinable
    public func encode() -> Data {
        let object: [String: Any] = [
            "sender": ["display_name": chat.displayName, "sender_id": chat.senderID],
            "message_id": chat.messageID,
            "timestamp": formatter.string(from: chat.sentDate),
            "type": chat.type,
            "body": chat.body,
        ]
        do { return try JSONSerialization.data(withJSONObject: object, options: []) } catch {
            fatalError("JSONSerialization encode failed: \(error)")
        }
    }

    @inlinable
    public func decode() -> ChatMessage {
        guard
            let json = try? JSONSerialization.jsonObject(with: json, options: []) as? [String: Any],
            let sender = json["sender"] as? [String: String],
            let displayName = sender["display_name"],
            let senderID = sender["sender_id"],
            let messageID = json["message_id"] as? String,
            let type = json["type"] as? String,
            let timestamp = json["timestamp"] as? String,
            let body = json["body"] as? String,
            let sentDate = formatter.date(from: timestamp)
        else {
            fatalError("JSONSerialization decode failed")
        }
        return ChatMessage(
            senderID: senderID, displayName: displayName, messageID: messageID, sentDate: sentDate,
            type: type, body: body)
    }
}

/// Codable structs of the same shape and keys as the tutorial's dictionary.
public struct ChatJSON: Codable, Equatable, Sendable {
    public struct Sender: Codable, Equatable, Sendable {
        public var displayName: String
        public var senderID: String

        enum CodingKeys: String, CodingKey {
            case displayName = "display_name"
            case senderID = "sender_id"
        }
    }

    public var sender: Sender
    public var messageID: String
    public var timestamp: Date
    public var type: String
    public var body: String

    enum CodingKeys: String, CodingKey {
        case sender
        case messageID = "message_id"
        case timestamp, type, body
    }

    init(_ chat: ChatMessage) {
        sender = Sender(displayName: chat.displayName, senderID: chat.senderID)
        messageID = chat.messageID
        timestamp = chat.sentDate
        type = chat.type
        body = chat.body
    }

    var chat: ChatMessage {
        ChatMessage(
            senderID: sender.senderID, displayName: sender.displayName, messageID: messageID,
            sentDate: timestamp, type: type, body: body)
    }
}

/// `JSONEncoder`/`JSONDecoder` (ISO 8601 dates) of ``ChatJSON``; one encoder and one decoder
/// are reused.
public final class JSONCodableWorkload: Workload {
    public var implementation: Implementation { .jsonCodable }
    public let message: CorpusMessage
    @usableFromInline let value: ChatJSON
    @usableFromInline let encoder: JSONEncoder
    @usableFromInline let decoder: JSONDecoder
    @usableFromInline var json = Data()

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    public init(_ message: CorpusMessage) {
        self.message = message
        value = ChatJSON(ChatMessage(message))
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        decoder = Self.decoder
        json = encode()
        guard decode() == value,
            JSONSerializationWorkload(message).decodeJSON(json) == value.chat
        else {
            verificationFailure(implementation, message, "JSON does not read back as the message")
        }
    }

    public var encodedCount: Int { json.count }

    @inlinable
    public func encode() -> Data {
        do { return try encoder.encode(value) } catch {
            fatalError("JSONEncoder failed: \(error)")
        }
    }

    @inlinable
    public func decode() -> ChatJSON {
        do { return try decoder.decode(ChatJSON.self, from: json) } catch {
            fatalError("JSONDecoder failed: \(error)")
        }
    }
}

extension JSONSerializationWorkload {
    /// Decodes other JSON with the tutorial's code (for checks).
    func decodeJSON(_ other: Data) -> ChatMessage {
        let saved = json
        json = other
        defer { json = saved }
        return decode()
    }
}
