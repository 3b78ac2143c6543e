/// How much history the server keeps: per history, the newest ``maxEnvelopes`` envelopes no
/// older than ``maxAgeMs``. What falls out is deleted; a client that asks to catch up from a
/// position before it is told to reload.
public struct RetentionPolicy: Sendable, Hashable {
    /// The most envelopes kept per history. Default 10,000.
    public var maxEnvelopes: Int
    /// The oldest envelope kept, in ms. Default 30 days. A media id's record (see
    /// ``ServerStorage/mediaExpiry(of:)``) is kept this long past its end too, so that a late
    /// resend is not taken for a new upload.
    public var maxAgeMs: Int64

    /// Creates a policy.
    public init(maxEnvelopes: Int = 10_000, maxAgeMs: Int64 = 30 * 24 * 3_600 * 1_000) {
        self.maxEnvelopes = maxEnvelopes
        self.maxAgeMs = maxAgeMs
    }

    /// The defaults.
    public static let `default` = RetentionPolicy()
}
