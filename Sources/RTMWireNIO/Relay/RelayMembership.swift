import RTMWire

/// Who a relay's connections are, what they joined, and so where each envelope goes: the
/// membership rule of ``EnvelopeRelay``, kept apart from the sockets so it can be read and
/// tested on its own. Connections are numbered by the relay (`LinkID`).
///
/// - **Identity.** A connection is the user its first envelope names as sender
///   (`sender.user_id`, required). Every later envelope must name the same user: another one is
///   refused and ends the connection (a connection cannot speak for someone else). A user may
///   have several connections (devices).
/// - **Channels and groups.** A connection joins a channel or group conversation by sending any
///   envelope to it — a status with presence online is the way to join before saying anything —
///   and leaves it with a status whose presence is offline (delivered first, so the others see
///   the departure), or by disconnecting. An envelope to a channel or group goes to every other
///   connection that joined it; the sender's own connection never gets its envelope back.
/// - **Peers.** An envelope to a peer conversation goes to every connection of the user the
///   conversation names, and to the sender's other connections (its other devices see what it
///   sent).
/// - **Receipts** go back to the sender of the messages they name, not to the conversation: the
///   relay remembers the sender of the last `recentMessages` message ids it routed, and delivers
///   a receipt to the connections of those senders that are in the receipt's conversation (a
///   peer receipt to the connections of the sender, wherever they are). A conversation-read
///   receipt names no message: in a peer conversation it goes to the peer, in a channel or group
///   nowhere. A receipt whose messages the relay does not remember is dropped (counted).
/// - An envelope without a conversation, or with an unspecified conversation type, has nowhere
///   to go and is dropped (counted).
/// - **Server-only kinds** — sign-in, acknowledgement, refusal, history request and page, group
///   request and response — are a server's to answer or to send to one client, never chat
///   messages: the relay, which is no such server, drops them (counted as `serverOnly`) after
///   the identity check, and they join no conversation.
struct RelayMembership: Sendable {
    typealias LinkID = Int

    /// Why an envelope was not routed.
    enum Refusal: Error, Equatable {
        /// The first envelope names no sender.
        case noSender
        /// An envelope names another sender than the connection's user.
        case senderMismatch(expected: String, actual: String)
    }

    /// Where an envelope goes.
    struct Route: Equatable {
        var recipients: [LinkID] = []
        /// Why it goes nowhere, when it does (a counter's dimension).
        var dropped: String?
    }

    /// The user of each connection, once its first envelope named one.
    private(set) var users: [LinkID: String] = [:]
    private var linksOfUser: [String: Set<LinkID>] = [:]
    private var members: [ConversationKey: Set<LinkID>] = [:]
    private var joined: [LinkID: Set<ConversationKey>] = [:]
    /// Message id → sender, for receipts; the oldest ids are forgotten first.
    private var senders: [String: String] = [:]
    private var senderOrder: [String] = []
    private var senderOrderStart = 0
    let recentMessages: Int

    init(recentMessages: Int) {
        self.recentMessages = max(1, recentMessages)
    }

    /// The connections of the channel or group `conversation`.
    func members(of conversation: ConversationKey) -> Set<LinkID> {
        members[conversation] ?? []
    }

    /// Where `header`'s envelope, sent by `link`, goes; updates identity and membership.
    mutating func route(_ header: RelayHeader, from link: LinkID) throws(Refusal) -> Route {
        let user = try identify(link, header.senderID)
        guard let conversation = header.conversation,
            conversation.type == .peer || conversation.type == .channel
                || conversation.type == .group
        else {
            return Route(dropped: "noConversation")
        }
        switch header.kind {
        case .receipt(let ids): return routeReceipt(ids, in: conversation, from: link)
        case .serverOnly: return Route(dropped: "serverOnly")
        case .status, .other: break
        }
        remember(header.messageID, sender: user)
        if conversation.type == .peer {
            let recipients = links(of: conversation.id).union(links(of: user))
            return Route(recipients: recipients.subtracting([link]).sorted())
        }
        join(link, conversation)
        let recipients = members(of: conversation).subtracting([link]).sorted()
        if case .status(let presence) = header.kind, presence == .offline {
            leave(link, conversation)
        }
        return Route(recipients: recipients)
    }

    /// Forgets a connection that ended; returns the channels and groups it had joined where
    /// its user has no other connection (where the others should see it go offline).
    mutating func remove(_ link: LinkID) -> (user: String?, departedFrom: [ConversationKey]) {
        let user = users.removeValue(forKey: link)
        if let user {
            linksOfUser[user]?.remove(link)
            if linksOfUser[user]?.isEmpty == true { linksOfUser[user] = nil }
        }
        var departed: [ConversationKey] = []
        for conversation in joined.removeValue(forKey: link) ?? [] {
            members[conversation]?.remove(link)
            let stillThere = members(of: conversation).contains { users[$0] == user }
            if members[conversation]?.isEmpty == true { members[conversation] = nil }
            if !stillThere { departed.append(conversation) }
        }
        return (user, departed.sorted { $0.description < $1.description })
    }

    private mutating func identify(_ link: LinkID, _ sender: String) throws(Refusal) -> String {
        if let user = users[link] {
            guard sender == user else {
                throw .senderMismatch(expected: user, actual: sender)
            }
            return user
        }
        guard !sender.isEmpty else { throw .noSender }
        users[link] = sender
        linksOfUser[sender, default: []].insert(link)
        return sender
    }

    private func links(of user: String) -> Set<LinkID> {
        linksOfUser[user] ?? []
    }

    private mutating func join(_ link: LinkID, _ conversation: ConversationKey) {
        members[conversation, default: []].insert(link)
        joined[link, default: []].insert(conversation)
    }

    private mutating func leave(_ link: LinkID, _ conversation: ConversationKey) {
        members[conversation]?.remove(link)
        if members[conversation]?.isEmpty == true { members[conversation] = nil }
        joined[link]?.remove(conversation)
    }

    private func routeReceipt(_ ids: [String], in conversation: ConversationKey, from link: LinkID)
        -> Route
    {
        var senders = Set(ids.compactMap { self.senders[$0] })
        if ids.isEmpty, conversation.type == .peer { senders = [conversation.id] }
        guard !senders.isEmpty else { return Route(dropped: "unknownReceiptTarget") }
        var recipients = Set(senders.flatMap { links(of: $0) })
        if conversation.type != .peer { recipients.formIntersection(members(of: conversation)) }
        recipients.remove(link)
        guard !recipients.isEmpty else { return Route(dropped: "receiptTargetGone") }
        return Route(recipients: recipients.sorted())
    }

    /// Remembers who sent `messageID`, forgetting the oldest beyond ``recentMessages``.
    private mutating func remember(_ messageID: String, sender: String) {
        guard !messageID.isEmpty, senders.updateValue(sender, forKey: messageID) == nil else {
            return
        }
        senderOrder.append(messageID)
        if senderOrder.count - senderOrderStart > recentMessages {
            senders[senderOrder[senderOrderStart]] = nil
            senderOrderStart += 1
            // Drop the forgotten half now and then, so the order costs O(recentMessages).
            if senderOrderStart > recentMessages {
                senderOrder.removeFirst(senderOrderStart)
                senderOrderStart = 0
            }
        }
    }
}
