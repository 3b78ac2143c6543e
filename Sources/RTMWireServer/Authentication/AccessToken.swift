/// A verified token: who the connection is, until when, and what its claims allow. A connection
/// is the user its access token names, never the user its envelopes name.
public struct AccessToken: Hashable, Sendable {
    /// The user id (`sub`).
    public var userID: String
    /// When the token expires, ms since the Unix epoch; nil when it has no `exp` (only accepted
    /// when ``TokenVerifier/Configuration/requiresExpiry`` is off).
    public var expiresAtMs: Int64?
    /// The channels the user may join: names, or prefixes ending in `*`; nil = any channel.
    public var channels: [String]?
    /// The groups the backend says the user belongs to (the `groups` claim).
    public var groups: Set<String>

    /// Creates an access token (the verifier makes them; tests and a server without
    /// authentication make them directly).
    public init(
        userID: String, expiresAtMs: Int64? = nil, channels: [String]? = nil,
        groups: Set<String> = []
    ) {
        self.userID = userID
        self.expiresAtMs = expiresAtMs
        self.channels = channels
        self.groups = groups
    }

    /// Whether the token lets its user join `channel`: any channel without a `channels` claim;
    /// otherwise one the claim names, or one starting with a prefix it gives before `*`.
    public func allowsChannel(_ channel: String) -> Bool {
        guard let channels else { return true }
        return channels.contains { pattern in
            if pattern.hasSuffix("*") {
                return channel.utf8.starts(with: pattern.utf8.dropLast())
            }
            return channel.utf8.elementsEqual(pattern.utf8)
        }
    }

    /// Whether the token has expired at `nowMs`.
    public func hasExpired(at nowMs: Int64) -> Bool {
        guard let expiresAtMs else { return false }
        return nowMs >= expiresAtMs
    }
}
