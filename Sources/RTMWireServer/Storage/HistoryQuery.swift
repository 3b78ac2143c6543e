/// A page of one history to read: the latest, the one before a position (scrolling back), or
/// the one after a position (catching up).
public struct HistoryQuery: Sendable, Hashable {
    /// Which envelopes.
    public enum Direction: Sendable, Hashable {
        /// The newest `limit` envelopes.
        case latest
        /// The newest `limit` envelopes before this position.
        case before(UInt64)
        /// The oldest `limit` envelopes after this position.
        case after(UInt64)
    }

    /// The history.
    public var key: HistoryKey
    /// Which envelopes.
    public var direction: Direction
    /// The most envelopes to return (at least 1).
    public var limit: Int
    /// The epoch the position belongs to; nil = any.
    public var epoch: String?

    /// Creates a query.
    public init(key: HistoryKey, direction: Direction, limit: Int, epoch: String? = nil) {
        self.key = key
        self.direction = direction
        self.limit = limit
        self.epoch = epoch
    }
}

/// What a history query found.
public struct HistorySlice: Sendable, Hashable {
    /// Whether the positions asked from are still kept.
    public enum Status: Sendable, Hashable {
        /// The envelopes are what was asked for.
        case ok
        /// The position asked from is gone (retention removed what followed it, or it lies past
        /// the newest) or belongs to another epoch: the client reloads from the latest page.
        case reload
    }

    /// Whether the query could be served.
    public var status: Status
    /// The envelopes, oldest first.
    public var envelopes: [StoredEnvelope]
    /// The history's epoch.
    public var epoch: String
    /// The newest position (0 = nothing stored yet).
    public var latestPosition: UInt64
    /// More envelopes lie beyond these in the direction asked for.
    public var hasMore: Bool

    /// Creates a slice.
    public init(
        status: Status, envelopes: [StoredEnvelope], epoch: String, latestPosition: UInt64,
        hasMore: Bool
    ) {
        self.status = status
        self.envelopes = envelopes
        self.epoch = epoch
        self.latestPosition = latestPosition
        self.hasMore = hasMore
    }
}
