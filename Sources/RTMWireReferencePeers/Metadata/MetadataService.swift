import RTMWire
import RTMWireTransport

/// A ``MetadataStore`` behind transports: answers metadata request envelopes with response
/// envelopes and routes storage events to subscribers, in order, over their connections.
///
/// The requester is the envelope's sender. Use ``handle(_:)`` to drive it by hand, or
/// ``serve(_:)`` to attach a connection (many connections can be served at once; each user's
/// envelopes go to the connection that user last sent a request on; events for a subscriber
/// with no open connection are dropped).
public actor MetadataService {
    /// Who the service's envelopes are from.
    public let identity: Sender
    /// The store's current state.
    public private(set) var store: MetadataStore
    private let clock: @Sendable () -> Int64
    private var envelopeCount: UInt64 = 0
    private var connectionCount: UInt64 = 0
    private var outboxes:
        [String: (connection: UInt64, outbox: AsyncStream<Envelope>.Continuation)] = [:]

    /// Creates a service around `store`; `clock` gives ms since the Unix epoch.
    public init(
        identity: Sender,
        store: MetadataStore = MetadataStore(),
        clock: @escaping @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) {
        self.identity = identity
        self.store = store
        self.clock = clock
    }

    /// Answers one envelope: for a metadata request, the response to its sender followed by the
    /// storage events for subscribers, in delivery order; [] for anything else.
    public func handle(_ envelope: Envelope) -> [RoutedEnvelope] {
        guard case .metadata(let message)? = envelope.body,
            case .request(let request)? = message.kind,
            let requester = envelope.sender?.userID, !requester.isEmpty
        else { return [] }
        let now = clock()
        let outcome = store.handle(request, from: requester, at: UInt64(max(0, now)))
        var result = [
            RoutedEnvelope(
                recipientUserID: requester,
                envelope: makeEnvelope(to: requester, now: now, .response(outcome.response)))
        ]
        for delivery in outcome.deliveries {
            result.append(
                RoutedEnvelope(
                    recipientUserID: delivery.subscriberID,
                    envelope: makeEnvelope(
                        to: delivery.subscriberID, now: now, .event(delivery.event))))
        }
        return result
    }

    /// Acquires a lock for a user (see ``MetadataStore/acquireLock(_:on:for:)``).
    public func acquireLock(_ name: String, on target: MetadataTarget, for userID: String)
        -> MetadataStatus
    {
        store.acquireLock(name, on: target, for: userID)
    }

    /// Releases a user's lock (see ``MetadataStore/releaseLock(_:on:by:)``).
    public func releaseLock(_ name: String, on target: MetadataTarget, by userID: String)
        -> MetadataStatus
    {
        store.releaseLock(name, on: target, by: userID)
    }

    /// Serves one connection until its peer closes: answers its requests, delivers responses and
    /// events to their recipients' connections in order, then closes this side. Envelopes that
    /// are not metadata requests are ignored. When the connection ends, its users' subscriptions
    /// end too.
    public func serve(_ connection: any EnvelopeConnection) async throws {
        connectionCount += 1
        let id = connectionCount
        let (outbox, continuation) = AsyncStream<Envelope>.makeStream()
        var users: Set<String> = []
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await envelope in outbox { try await connection.send(envelope) }
                await connection.close()
            }
            do {
                while let envelope = try await connection.receive() {
                    let routed = handle(envelope)
                    guard !routed.isEmpty, let requester = envelope.sender?.userID else { continue }
                    users.insert(requester)
                    outboxes[requester] = (id, continuation)
                    for item in routed {
                        outboxes[item.recipientUserID]?.outbox.yield(item.envelope)
                    }
                }
            } catch {
                detach(id, users: users)
                continuation.finish()
                throw error
            }
            detach(id, users: users)
            continuation.finish()
            try await group.waitForAll()
        }
    }

    private func detach(_ connection: UInt64, users: Set<String>) {
        for user in users where outboxes[user]?.connection == connection {
            outboxes[user] = nil
            store.removeSubscriber(user)
        }
    }

    private func makeEnvelope(to recipient: String, now: Int64, _ kind: MetadataMessage.Kind)
        -> Envelope
    {
        envelopeCount += 1
        return Envelope(
            messageID: "\(identity.userID)-\(envelopeCount)", sender: identity, sendTimeMs: now,
            conversation: Conversation(type: .peer, id: recipient),
            body: .metadata(MetadataMessage(kind: kind)))
    }
}
