/// Which envelopes of a history a ``HistoryQuery`` reads, decided the same way by every backend
/// from the history's head: so that reloads, pages and `hasMore` mean the same whatever keeps
/// them.
enum HistoryRead: Sendable, Hashable {
    /// The client must reload (another epoch, a position gone or never given).
    case reload
    /// The newest `limit` envelopes below this position.
    case newestBefore(UInt64)
    /// The oldest `limit` envelopes above this position.
    case oldestAfter(UInt64)

    /// What `query` reads of the history whose head is `head`.
    init(_ query: HistoryQuery, head: HistoryHead) {
        if let epoch = query.epoch, epoch != head.epoch, query.direction != .latest {
            self = .reload
            return
        }
        switch query.direction {
        case .latest: self = .newestBefore(head.lastPosition + 1)
        // Never past the head: a page agrees with the latest position it reports, whatever
        // committed after the head was read.
        case .before(let position): self = .newestBefore(min(position, head.lastPosition + 1))
        case .after(let position):
            // What followed the position must still be there, and the position must be one
            // this history gave.
            guard position >= head.trimmedThrough, position <= head.lastPosition else {
                self = .reload
                return
            }
            self = .oldestAfter(position)
        }
    }

    /// The slice for `envelopes` (oldest first) read as this says, of the history at `head`.
    func slice(_ envelopes: [StoredEnvelope], head: HistoryHead) -> HistorySlice {
        let hasMore: Bool
        switch self {
        case .reload:
            return HistorySlice(
                status: .reload, envelopes: [], epoch: head.epoch,
                latestPosition: head.lastPosition, hasMore: false)
        case .newestBefore:
            hasMore = (envelopes.first?.position ?? 0) > head.trimmedThrough + 1
        case .oldestAfter(let position):
            hasMore = (envelopes.last?.position ?? position) < head.lastPosition
        }
        return HistorySlice(
            status: .ok, envelopes: envelopes, epoch: head.epoch,
            latestPosition: head.lastPosition, hasMore: hasMore)
    }
}
