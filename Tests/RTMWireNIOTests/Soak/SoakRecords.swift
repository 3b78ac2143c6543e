import RTMWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A constant-size summary of an envelope sequence: its length and an FNV-1a hash chained over
/// each envelope's encoded frame. Equal digests mean the same envelopes, once each, in the same
/// order; the soak keeps digests, not envelopes, so its own records do not grow its memory.
struct StreamDigest: Hashable, Sendable {
    private(set) var count = 0
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ envelope: Envelope) {
        count += 1
        // A separator per envelope, so [ab][c] and [a][bc] differ.
        value = (value ^ 0xFF) &* 0x0000_0100_0000_01B3
        for byte in (try? envelope.delimitedBytes()) ?? [] {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }

    /// The digests of every prefix of `envelopes`, the empty one first.
    static func prefixes(of envelopes: [Envelope]) -> [StreamDigest] {
        var digest = StreamDigest()
        var prefixes = [digest]
        for envelope in envelopes {
            digest.add(envelope)
            prefixes.append(digest)
        }
        return prefixes
    }
}

/// Round-trip times in buckets 1 % wide, from 1 µs to about 1,000 s (longer ones land in the
/// last); quantiles are read to within that 1 %. The buckets are one array of fixed size,
/// allocated at the first round trip, so the histogram holds the same memory however long the
/// run: a dictionary of the buckets seen so far grew each time a new one appeared, which the
/// soak's own slope measured (95 bytes per connection over a 60 s run, 11 with the array).
struct LatencyHistogram: Sendable {
    private var buckets: [Int] = []
    private(set) var count = 0

    private static let base = 1.01
    /// log base 1.01 of 10⁹ µs, rounded up.
    private static let bucketCount = 2_084

    mutating func add(microseconds: Double) {
        if buckets.isEmpty { buckets = Array(repeating: 0, count: Self.bucketCount) }
        let bucket = Int((log(max(microseconds, 1)) / log(Self.base)).rounded(.down))
        buckets[min(bucket, Self.bucketCount - 1)] += 1
        count += 1
    }

    mutating func merge(_ other: LatencyHistogram) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        for index in buckets.indices { buckets[index] += other.buckets[index] }
        count += other.count
    }

    /// The `q` quantile (0...1) in microseconds (its bucket's upper edge); nil when empty.
    func quantile(_ q: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((q * Double(count)).rounded(.up)))
        var seen = 0
        for (bucket, count) in buckets.enumerated() {
            seen += count
            if seen >= rank { return pow(Self.base, Double(bucket + 1)) }
        }
        return nil
    }
}
