import RTMWire
import RTMWireViews

/// A conversation a relay routes to: its type and id, as the envelope header names it.
struct ConversationKey: Hashable, Sendable, CustomStringConvertible {
    var type: ConversationType
    var id: String

    var description: String { "\(type):\(id)" }
}

/// What a relay reads of an envelope, through its view: the header fields routing needs, and
/// of the body only its kind, a status's presence and the message ids a receipt names. Nothing
/// else of the body is read, let alone decoded.
struct RelayHeader: Sendable, Equatable {
    /// What the body is, as far as routing cares.
    enum Kind: Sendable, Equatable {
        /// A status of the sender's own: joins a channel or group, or leaves it when `presence`
        /// is offline. (One about another member, `member_user_id`, is routed as any message.)
        case status(presence: Presence)
        /// A receipt naming these messages (none for a conversation-read receipt).
        case receipt(messageIDs: [String])
        /// A body only a server answers or sends to one client (sign-in, acknowledgement,
        /// refusal, history and group requests and answers): never forwarded to other clients.
        case serverOnly
        /// Any other body (or none).
        case other
    }

    var messageID: String
    var senderID: String
    var conversation: ConversationKey?
    var kind: Kind

    /// Reads the header of `view`: the strings it copies (ids) are checked as UTF-8, and only
    /// they.
    init(_ view: EnvelopeView) throws(RTMWireError) {
        messageID = try view.messageID.string
        senderID = try view.sender?.userID.string ?? ""
        if let conversation = view.conversation {
            self.conversation = ConversationKey(
                type: conversation.type, id: try conversation.id.string)
        }
        switch view.body {
        case .status(let status)? where status.memberUserID.isEmpty:
            kind = .status(presence: status.presence)
        case .receipt(let receipt)?:
            var ids: [String] = []
            switch receipt.kind {
            case .delivery(let delivery)?:
                for id in delivery.messageIDs { ids.append(try id.string) }
            case .messageRead(let read)?: ids = [try read.messageID.string]
            case .groupRead(let read)?: ids = [try read.messageID.string]
            case .groupReadCount(let count)?: ids = [try count.messageID.string]
            // A page of acks answers the message's sender, who asked for it.
            case .groupAckPage(let page)?: ids = [try page.messageID.string]
            // A query asks the group's server: it travels to the conversation like a message.
            case .groupAckQuery?:
                kind = .other
                return
            case .conversationRead?, nil: break
            }
            kind = .receipt(messageIDs: ids)
        case .signIn?, .acknowledgement?, .refusal?, .historyRequest?, .historyPage?,
            .groupRequest?, .groupResponse?:
            kind = .serverOnly
        default:
            kind = .other
        }
    }
}

/// One envelope as a relay carries it: the protobuf bytes it forwards unchanged, and the header
/// read from them through the view.
struct RelayFrame: Sendable {
    let bytes: [UInt8]
    let header: RelayHeader

    /// Checks the structure of `bytes` (the view's check: wire rules, nesting, the message
    /// limit) and reads the header; the body is never decoded, unless `checksBody` asks for the
    /// receivers' full check first (``RelayConfiguration/checksBodies``).
    init(bytes: [UInt8], options: CodecOptions, checksBody: Bool = false) throws(RTMWireError) {
        if checksBody { _ = try Envelope(serializedBytes: bytes, options: options) }
        self.bytes = bytes
        // An array is viewed in place, without a copy.
        self.header = try RelayHeader(Envelope.view(of: bytes, options: options))
    }

    /// An envelope the relay itself sends (a departed member's offline status), checked and
    /// encoded like any send.
    init(_ envelope: Envelope, options: CodecOptions) throws(RTMWireError) {
        try self.init(bytes: envelope.serializedBytes(options: options), options: options)
    }
}
