import NIOConcurrencyHelpers
import RTMWire
import RTMWireNIO
import RTMWireReferencePeers

/// The server the domain documents' clients talk to, as an `EnvelopeRelay`'s router: it signs
/// connections in with tokens, lets each user post to and read only the conversations it
/// belongs to, stores what it is sent and acknowledges it, answers history and group requests,
/// and delivers each envelope, as the bytes it came in, to the connections it is for.
///
/// For each envelope a connection sends, in order:
/// 1. It is decoded and checked with the full decoder's rules (``ServerConfiguration/codec``):
///    one that fails is refused (`invalidEnvelope`), so one client's bytes never reach another.
/// 2. Until the connection has signed in — by a token in its WebSocket handshake, or a
///    `sign_in` envelope first — anything else is refused (`unauthenticated`) and the connection
///    closed. A token that expires on an open connection ends it (`tokenExpired`) unless a new
///    `sign_in` replaced it. An envelope naming another sender than the token's is refused
///    (`senderMismatch`).
/// 3. Its conversation must be one the user may post to (``ConversationAccess``): else it is
///    refused (`forbidden`).
/// 4. Chat envelopes are stored (``ServerStorage``, through a ``CommitBatcher``), acknowledged
///    to the sender with their position once durable, and then delivered: a peer envelope to
///    both users' connections, a channel's to the connections that joined it (by posting to it;
///    a status with presence offline leaves), a group's to its members' connections, a receipt
///    to the connections of the senders of the messages it names (and kept in the history, so
///    a sender who was offline learns it there). A repeated message id is acknowledged with its
///    first position and not delivered again. Statuses and typing are delivered, not stored,
///    and acknowledged with position 0.
/// 5. Edits, recalls, reactions and app-data updates are checked against the stored message
///    and what was stored about it, by `MessageStore`'s rules
///    (``ServerConfiguration/messageRules``): refused when the rules refuse them, else stored and
///    delivered like chat envelopes; a reaction reaches each member as that member's
///    `reaction_summary`.
/// 6. Requests are answered to the requester alone, each by its reference service's rules over
///    what storage keeps: `history_request` with a `history_page`; `group_request` with a
///    `group_response` (and the change to the group's members); a metadata request with its
///    response (`MetadataStore`; a write's storage event goes to the target's subscribers and
///    the channel's connections); a stream pull with the response and the stream's chunks
///    (`StreamHistory`); a group ack query with a page of the read receipts (`GroupAckLog`).
///    A user who may not read the conversation is refused (`forbidden`). Kinds only a server
///    sends are refused when a client sends them, never forwarded.
public final class ChatServer: RelayRouter {
    /// The settings in force.
    public let configuration: ServerConfiguration
    /// Where what is acknowledged is kept.
    public let storage: any ServerStorage
    /// How this node reaches the connections of the other nodes on the same database; nil for a
    /// server that runs alone.
    let fanOut: (any ServerFanOut)?
    let batcher: CommitBatcher
    let replies: ServerReplies
    let clock: @Sendable () -> Int64
    let directory = NIOLockedValueBox(ConnectionDirectory())
    /// Group members as stored, read once per group and replaced on each change.
    let groups = NIOLockedValueBox<[String: [GroupMember]]>([:])
    /// Who subscribes to which metadata, per connection.
    let subscriptions = NIOLockedValueBox(MetadataSubscriptions())
    /// Edits, recalls, reactions and app-data updates are checked against what was stored
    /// before them and stored one at a time, so two racing changes cannot both pass a rule
    /// that only one of them may.
    let changeGate = SerialGate()
    /// Deletes what retention no longer keeps, beside the ticks rather than in them.
    let retentionSweeper = RetentionSweeper()

    /// Creates a server over `storage`; `clock` gives the time in ms since the Unix epoch.
    public convenience init(
        configuration: ServerConfiguration, storage: any ServerStorage,
        clock: @escaping @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) {
        self.init(configuration: configuration, storage: storage, nodes: nil, clock: clock)
    }

    /// Creates one of several server nodes on `storage`'s database, reaching the others'
    /// connections through `fanOut`; `clock` gives the time in ms since the Unix epoch.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public convenience init(
        configuration: ServerConfiguration, storage: PostgresStorage, fanOut: PostgresFanOut,
        clock: @escaping @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) {
        self.init(configuration: configuration, storage: storage, nodes: fanOut, clock: clock)
    }

    init(
        configuration: ServerConfiguration, storage: any ServerStorage,
        nodes fanOut: (any ServerFanOut)?, clock: @escaping @Sendable () -> Int64
    ) {
        self.configuration = configuration
        self.storage = storage
        self.fanOut = fanOut
        self.clock = clock
        batcher = CommitBatcher(
            storage: storage, maxBatch: configuration.maxCommitBatch, clock: clock)
        replies = ServerReplies(identity: configuration.identity, codec: configuration.codec)
    }

    /// Registers the connection; signs it in when its handshake presented a token (refusing
    /// and closing it when the token does not pass).
    public func opened(_ connection: RelayConnection) async -> [RelayAction] {
        directory.withLockedValue { $0.open(connection, at: clock()) }
        // Without authentication a handshake's credential means nothing: the first envelope's
        // sender is the user.
        guard let credential = connection.credential,
            case .tokens = configuration.authentication
        else { return [] }
        var turn = Turn(connection: connection)
        _ = signIn(with: credential, answering: nil, &turn)
        return turn.actions
    }

    /// Forgets the connection; the other members of each channel its user leaves with it get
    /// an offline status.
    public func closed(_ connection: RelayConnection) async -> [RelayAction] {
        let (user, departed): (String?, [String]) = directory.withLockedValue { directory in
            subscriptions.withLockedValue { $0.remove(connection.id) }
            return directory.close(connection.id)
        }
        guard let user else { return [] }
        // The others of each channel it leaves see it go offline, from it, as the relay does.
        var turn = Turn(connection: connection)
        for channel in departed {
            let conversation = Conversation(type: .channel, id: channel)
            let envelope = Envelope(
                messageID: "\(configuration.identity.userID)-offline-\(connection.id)-\(clock())",
                sender: Sender(userID: user), sendTimeMs: clock(), conversation: conversation,
                body: .status(StatusMessage(presence: .offline)))
            guard let offline = try? RelayEnvelope(envelope, options: configuration.codec) else {
                continue
            }
            // Another node where the user is still in the channel keeps this from its
            // connections and tells the others the user is online.
            deliver(
                offline, to: Audience(channels: [channel]),
                handing: .departure(user: user, envelope: offline.bytes), &turn)
        }
        await publish(turn.published)
        return turn.actions
    }

    /// Decides each envelope in order (see the type's rules) and returns the acknowledgements,
    /// refusals, answers and deliveries.
    public func received(_ envelopes: [RelayEnvelope], from connection: RelayConnection) async
        -> [RelayAction]
    {
        var turn = Turn(connection: connection)
        for incoming in envelopes where !turn.isClosed {
            await handle(incoming, &turn)
        }
        await flush(&turn)
        await publish(turn.published)
        return turn.actions
    }

    /// What one call of ``received(_:from:)`` has decided so far: the actions, and the chat
    /// envelopes waiting to be stored together (stored before any other action is added, so
    /// the connection's answers keep its envelopes' order).
    struct Turn {
        let connection: RelayConnection
        var actions: [RelayAction] = []
        var pending: [Pending] = []
        /// What the other nodes are handed once the turn is decided (``fanOut``).
        var published: [FanOutItem] = []
        /// The connection was refused and closed: nothing more of it is read.
        var isClosed = false
    }

    /// A chat envelope waiting for its commit, with who it goes to.
    struct Pending {
        var envelope: RelayEnvelope
        var toStore: EnvelopeToStore
        var conversation: Conversation
        var audience: Audience
    }

    /// Stores what is pending, then acknowledges and delivers each (or refuses each, when the
    /// commit failed: nothing of it was kept).
    func flush(_ turn: inout Turn) async {
        guard !turn.pending.isEmpty else { return }
        let pending = turn.pending
        turn.pending = []
        let now = clock()
        do {
            let positions = try await batcher.store(pending.map(\.toStore))
            for (item, stored) in zip(pending, positions) {
                let ack = Acknowledgement(
                    messageID: item.toStore.messageID, position: stored.position,
                    epoch: stored.epoch, storedTimeMs: stored.storedTimeMs)
                if let reply = replies.envelope(
                    .acknowledgement(ack), in: item.conversation, at: now)
                {
                    turn.actions.append(.deliver(reply, to: [turn.connection.id]))
                }
                // A repeat was delivered when it was first stored.
                if !stored.isRepeat {
                    deliver(item.envelope, to: item.audience, &turn)
                }
            }
        } catch {
            for item in pending {
                refuse(
                    .storageUnavailable, "\(error)", of: item.toStore.messageID,
                    in: item.conversation, &turn)
            }
        }
    }

    /// Adds a refusal for the connection (after what is pending).
    func refuse(
        _ code: RefusalCode, _ detail: String, of messageID: String, in conversation: Conversation?,
        _ turn: inout Turn
    ) {
        guard
            let refusal = replies.refusal(
                code, detail, of: messageID, in: conversation, at: clock())
        else { return }
        turn.actions.append(.deliver(refusal, to: [turn.connection.id]))
    }

    /// Delivers `envelope` to the connections of `audience` (after what is pending), this
    /// node's and the other nodes' (handed them as `content`, by default the envelope itself).
    func deliver(
        _ envelope: RelayEnvelope, to audience: Audience,
        handing content: FanOutItem.Content? = nil,
        _ turn: inout Turn
    ) {
        hand(content ?? .envelope(envelope.bytes), to: audience, &turn)
        let connections = connections(in: audience)
        guard !connections.isEmpty else { return }
        turn.actions.append(.deliver(envelope, to: connections))
    }

    /// The connections of `audience`, in order.
    func connections(in audience: Audience) -> [Int] {
        directory.withLockedValue { directory in
            var found = directory.connections(in: audience)
            if !audience.metadataSubscribers.isEmpty {
                subscriptions.withLockedValue { subscriptions in
                    for key in audience.metadataSubscribers {
                        found.formUnion(subscriptions.connections(subscribedTo: key))
                    }
                }
            }
            return found.sorted()
        }
    }

    /// Adds a reply for the connection.
    func reply(_ body: Envelope.Body, in conversation: Conversation?, _ turn: inout Turn) {
        guard let envelope = replies.envelope(body, in: conversation, at: clock()) else { return }
        turn.actions.append(.deliver(envelope, to: [turn.connection.id]))
    }
}
