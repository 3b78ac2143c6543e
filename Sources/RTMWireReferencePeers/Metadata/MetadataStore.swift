import RTMWire

/// A reference store for channel and user metadata (Agora RTM Storage) that applies the
/// schema's rules, so it can sit behind a transport: it takes a `MetadataRequest` and returns a
/// `MetadataResponse` plus the `StorageEvent`s to deliver.
///
/// Rules (see `metadata.proto`):
/// - Compare-and-set: an item `revision` or the set's `major_revision` > 0 must equal the stored
///   one, else `MetadataStatus.revisionConflict` (a set naming a positive revision for a
///   missing item conflicts too); <= 0 means no check.
/// - set creates or overwrites; update never creates (`MetadataStatus.itemNotFound`); remove
///   deletes the named items, or all when none is named, and fails with
///   `MetadataStatus.itemNotFound` for a missing item. A request applies entirely or not at all.
/// - Every successful write stamps the written items and the set with a new revision from one
///   store-wide counter, so revisions never repeat. `record_timestamp` / `record_user_id` fill
///   `update_time_ms` / `author_user_id` (cleared otherwise).
/// - Locks: while any lock on a target is held, a write must name a lock its writer holds, else
///   `MetadataStatus.lockHeld`. Naming a lock the writer does not hold on an unlocked target is
///   `MetadataStatus.invalidRequest`.
/// - Subscriptions: subscribing delivers a snapshot; each write delivers one event to every
///   subscriber of the target, in subscription order. A set emptied by remove ceases to exist.
/// - Malformed requests (rules and `Limits`) are `MetadataStatus.invalidRequest`; a set is
///   kept within `Limits.maxRepeatedCount` items and small enough to fit one message.
public struct MetadataStore: Sendable {
    /// A storage event for one subscriber.
    public struct Delivery: Hashable, Sendable {
        /// The subscriber (a user id).
        public var subscriberID: String
        /// The event.
        public var event: StorageEvent

        /// Creates a delivery.
        public init(subscriberID: String, event: StorageEvent) {
            self.subscriberID = subscriberID
            self.event = event
        }
    }

    /// The answer to a request: the response for the requester, then the events to deliver, in
    /// order.
    public struct Outcome: Hashable, Sendable {
        /// The response.
        public var response: MetadataResponse
        /// The events, in delivery order.
        public var deliveries: [Delivery]
        /// The event a successful set, update or remove produced, whether or not anyone
        /// subscribes (a server fans it out to its own subscribers); nil otherwise.
        public var event: StorageEvent?

        /// Creates an outcome.
        public init(
            response: MetadataResponse, deliveries: [Delivery] = [], event: StorageEvent? = nil
        ) {
            self.response = response
            self.deliveries = deliveries
            self.event = event
        }
    }

    /// The limits requests and stored sets are held to.
    public let limits: Limits
    var sets: [MetadataKey: StoredMetadata] = [:]
    var locks: [MetadataKey: [String: String]] = [:]
    var subscriptions: [MetadataKey: [String]] = [:]
    var revisionClock: Int64 = 0

    /// Creates an empty store.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Applies a request made by `userID` at `nowMs` (ms since the Unix epoch).
    public mutating func handle(_ request: MetadataRequest, from userID: String, at nowMs: UInt64)
        -> Outcome
    {
        var response = MetadataResponse(
            requestID: request.requestID, operation: request.operation, target: request.target)
        do {
            try request.validate(limits: limits)
        } catch {
            response.status = .invalidRequest
            response.errorMessage = "\(error)"
            return Outcome(response: response)
        }
        guard let key = MetadataKey(request.target), let target = request.target else {
            response.status = .invalidRequest
            response.errorMessage = "the request names no valid target"
            return Outcome(response: response)
        }
        switch request.operation {
        case .get:
            if let stored = sets[key] {
                response.metadata = stored.metadata
            } else {
                response.status = .itemNotFound
                response.errorMessage = "no metadata is stored for this target"
            }
            return Outcome(response: response)
        case .subscribe:
            if !(subscriptions[key] ?? []).contains(userID) {
                subscriptions[key, default: []].append(userID)
            }
            let snapshot = StorageEvent(
                target: target, eventType: .snapshot, metadata: sets[key]?.metadata ?? Metadata())
            return Outcome(
                response: response, deliveries: [Delivery(subscriberID: userID, event: snapshot)])
        case .unsubscribe:
            subscriptions[key]?.removeAll { $0 == userID }
            if subscriptions[key]?.isEmpty == true { subscriptions[key] = nil }
            return Outcome(response: response)
        case .set, .update, .remove:
            return write(
                request, key: key, target: target, userID: userID, nowMs: nowMs, response: response)
        case .acquireLock, .releaseLock:
            // Over the wire as through the local API: the requester takes or gives back the
            // lock; validation has made sure it is named and on a channel.
            let acquire = request.operation == .acquireLock
            response.status =
                acquire
                ? acquireLock(request.lockName, on: target, for: userID)
                : releaseLock(request.lockName, on: target, by: userID)
            switch response.status {
            case .lockHeld:
                response.errorMessage = "lock \(request.lockName) is held by another user"
            case .itemNotFound:
                response.errorMessage = "nobody holds lock \(request.lockName)"
            default:
                break
            }
            return Outcome(response: response)
        default:
            response.status = .invalidRequest
            response.errorMessage = "unknown operation \(request.operation)"
            return Outcome(response: response)
        }
    }

    /// The stored set of a target, or nil when none exists.
    public func metadata(of target: MetadataTarget) -> Metadata? {
        MetadataKey(target).flatMap { sets[$0]?.metadata }
    }

    /// The subscribers of a target, in subscription order.
    public func subscribers(of target: MetadataTarget) -> [String] {
        MetadataKey(target).flatMap { subscriptions[$0] } ?? []
    }

    /// Ends every subscription of a subscriber (for example when its connection closes).
    public mutating func removeSubscriber(_ subscriberID: String) {
        for key in subscriptions.keys {
            subscriptions[key]?.removeAll { $0 == subscriberID }
            if subscriptions[key]?.isEmpty == true { subscriptions[key] = nil }
        }
    }
}
