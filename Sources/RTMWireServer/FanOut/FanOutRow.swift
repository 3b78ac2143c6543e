import NIOCore
import PostgresNIO
import RTMWire

/// A ``FanOutItem`` as a row of the `fanout` table (PostgreSQL migration 3).
struct FanOutRow: Sendable {
    /// 0: an envelope, 1: reaction summaries, 2: a group changed, 3: a departure.
    var kind: Int32
    var users: [String]
    var channels: [String]
    var groups: [String]
    var metadataKeys: [String]
    var envelope: [UInt8]?
    var subject = ""
    var history = ""
    var conversationType: Int32 = 0
    var conversationID = ""
    /// The node that wrote it (when read back).
    var node = ""

    init(_ item: FanOutItem) {
        let audience = item.audience
        users = audience.users.sorted()
        channels = audience.channels.sorted()
        groups = audience.grantedGroups.sorted()
        metadataKeys = audience.metadataSubscribers.sorted()
        switch item.content {
        case .envelope(let bytes):
            kind = 0
            envelope = bytes
        case .reactionSummaries(let messageID, let history, let conversation):
            kind = 1
            subject = messageID
            self.history = history.rawValue
            conversationType = conversation.type.rawValue
            conversationID = conversation.id
        case .groupChanged(let group):
            kind = 2
            subject = group
        case .departure(let user, let bytes):
            kind = 3
            subject = user
            envelope = bytes
        }
    }

    private init(
        kind: Int32, users: [String], channels: [String], groups: [String],
        metadataKeys: [String], envelope: [UInt8]?
    ) {
        self.kind = kind
        self.users = users
        self.channels = channels
        self.groups = groups
        self.metadataKeys = metadataKeys
        self.envelope = envelope
    }

    /// The statement that writes it, for `node`, at `nowMs`.
    func insert(node: String, at nowMs: Int64) -> PostgresQuery {
        let bytes = envelope.map { ByteBuffer(bytes: $0) }
        return """
            INSERT INTO fanout (node, created_ms, kind, users, channels, groups, metadata_keys,
                envelope, subject, history, conversation_type, conversation_id)
            VALUES (\(node), \(nowMs), \(kind), \(users), \(channels), \(groups), \(metadataKeys),
                \(bytes), \(subject), \(history), \(conversationType), \(conversationID))
            """
    }

    /// A row read back (the columns of ``PostgresFanOut``'s read), with its id.
    static func decode(_ row: PostgresRow) throws(StorageError) -> (Int64, FanOutRow) {
        do {
            let (
                id, node, kind, users, channels, groups, metadataKeys, envelope, subject, history,
                conversationType, conversationID
            ) = try row.decode(
                (
                    Int64, String, Int32, [String], [String], [String], [String], ByteBuffer?,
                    String, String, Int32, String
                ).self)
            var decoded = FanOutRow(
                kind: kind, users: users, channels: channels, groups: groups,
                metadataKeys: metadataKeys, envelope: envelope.map { Array($0.readableBytesView) })
            decoded.node = node
            decoded.subject = subject
            decoded.history = history
            decoded.conversationType = conversationType
            decoded.conversationID = conversationID
            return (id, decoded)
        } catch {
            throw StorageError(postgres: error, doing: "read a row of the other nodes' deliveries")
        }
    }

    /// The item it holds; nil for a kind this version does not know, or an envelope row
    /// without its envelope.
    var item: FanOutItem? {
        let audience = Audience(
            users: Set(users), channels: Set(channels), grantedGroups: Set(groups),
            metadataSubscribers: Set(metadataKeys))
        switch kind {
        case 0:
            guard let envelope else { return nil }
            return FanOutItem(.envelope(envelope), for: audience)
        case 1:
            let conversation = Conversation(
                type: ConversationType(rawValue: conversationType), id: conversationID)
            return FanOutItem(
                .reactionSummaries(
                    messageID: subject, history: HistoryKey(rawValue: history),
                    conversation: conversation),
                for: audience)
        case 2:
            return FanOutItem(.groupChanged(subject), for: audience)
        case 3:
            guard let envelope else { return nil }
            return FanOutItem(.departure(user: subject, envelope: envelope), for: audience)
        default:
            return nil
        }
    }
}
