/// Which rows of the `fanout` table a node has handled, read by id: the ids at or below
/// ``frontier`` are done, and those above it that were already handled are remembered so that
/// a row is handled once.
///
/// Ids come from a sequence when a row is inserted, but transactions commit in any order: row
/// 11 may be visible before row 10, which then appears a moment later, or never (its
/// transaction rolled back). So the frontier stops at a gap and waits for it up to
/// ``gapTimeoutMs`` before giving it up.
struct FanOutReader: Sendable {
    /// Every id at or below it was handled or given up.
    private(set) var frontier: Int64
    /// Handled ids above the frontier.
    private var handled: Set<Int64> = []
    /// Missing ids above the frontier, and when each was first missed.
    private var gaps: [Int64: Int64] = [:]
    /// How long a missing id is waited for. Default 5 s: far longer than a commit takes.
    let gapTimeoutMs: Int64

    /// Starts after `frontier` (the last id before this node started: what came before is not
    /// its to deliver).
    init(after frontier: Int64, gapTimeoutMs: Int64 = 5_000) {
        self.frontier = frontier
        self.gapTimeoutMs = gapTimeoutMs
    }

    /// Whether the row `id` is new; records it as handled.
    mutating func take(_ id: Int64) -> Bool {
        guard id > frontier, !handled.contains(id) else { return false }
        handled.insert(id)
        gaps[id] = nil
        return true
    }

    /// After a read whose highest id was `highest`: records the ids below it not seen as gaps,
    /// gives up those older than the timeout, and moves the frontier past what is done.
    mutating func advance(seenUpTo highest: Int64, at nowMs: Int64) {
        // A reader that fell further behind than this lost what lies before: those rows were
        // deleted (they are kept a minute) or never committed.
        if highest - frontier > Self.maxAwaited {
            let skipTo = highest - Self.maxAwaited
            handled = handled.filter { $0 > skipTo }
            gaps = gaps.filter { $0.key > skipTo }
            frontier = skipTo
        }
        if highest > frontier {
            var id = frontier + 1
            while id < highest {
                if !handled.contains(id), gaps[id] == nil { gaps[id] = nowMs }
                id += 1
            }
        }
        while true {
            let next = frontier + 1
            if handled.remove(next) != nil {
                frontier = next
            } else if let since = gaps[next], nowMs - since >= gapTimeoutMs {
                gaps[next] = nil
                frontier = next
            } else {
                return
            }
        }
    }

    /// The most ids above the frontier a reader keeps track of.
    static let maxAwaited: Int64 = 10_000

    /// How many ids above the frontier are still awaited.
    var awaited: Int { gaps.count }
}
