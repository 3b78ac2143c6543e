/// Shrinks the input of a ``Divergence`` while the same effect holds and nothing known
/// explains it (so the features that remain are the ones that matter): whole
/// records first (at the top level, then inside sub-messages), then runs of bytes halving in
/// length down to single bytes (delta debugging). Bounded by a number of requests, so a slow
/// or crashing testee cannot hold a run.
struct DivergenceMinimizer {
    /// Requests it may still send.
    var budget: Int

    init(maxRequests: Int) { budget = maxRequests }

    /// The smallest input found that gives `divergence`'s effect on the same check and that
    /// `unexplained` accepts.
    mutating func minimize<Testee>(
        _ divergence: Divergence, input: [UInt8], session: inout FuzzSession<Testee>,
        unexplained: (Divergence) -> Bool
    ) -> Divergence {
        var best = divergence
        var bytes = input
        func holds(_ candidate: [UInt8]) -> Bool {
            guard budget > 0 else { return false }
            budget -= 1
            guard
                let found = session.divergence(
                    divergence.check, typeName: divergence.request.typeName, input: candidate),
                found.effect == divergence.effect, unexplained(found)
            else { return false }
            best = found
            bytes = candidate
            return true
        }
        // Records: drop whole records, top level first, then inside sub-messages.
        var changed = true
        while changed, budget > 0 {
            changed = false
            for candidate in Self.recordRemovals(bytes, depth: 0) where holds(candidate) {
                changed = true
                break
            }
        }
        // Runs of bytes, halving.
        var run = max(1, bytes.count / 2)
        while run >= 1, budget > 0 {
            var start = 0
            while start < bytes.count, budget > 0 {
                var candidate = bytes
                candidate.removeSubrange(start..<min(bytes.count, start + run))
                if !holds(candidate) { start += run }
            }
            run /= 2
        }
        return best
    }

    /// `bytes` with one record removed, for every record: those of the top level first, then
    /// those inside length-delimited values that read as records (their lengths rewritten),
    /// three levels deep at most.
    static func recordRemovals(_ bytes: [UInt8], depth: Int) -> [[UInt8]] {
        guard depth < 3, let records = WireRecord.split(bytes) else { return [] }
        var candidates = records.reversed().map { record in
            var candidate = bytes
            candidate.removeSubrange(record.record)
            return candidate
        }
        for record in records where record.wireType == 2 {
            let payload = Array(bytes[record.value])
            for inner in recordRemovals(payload, depth: depth + 1) {
                candidates.append(record.replacingValue(in: bytes, with: inner))
            }
        }
        return candidates
    }
}
