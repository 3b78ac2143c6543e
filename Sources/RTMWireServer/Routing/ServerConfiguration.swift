import RTMWire
import RTMWireReferencePeers

/// Settings of a ``ChatServer``: how connections sign in, the codec's rules, and who the
/// server's own envelopes are from.
public struct ServerConfiguration: Sendable {
    /// How a connection becomes a user.
    public enum Authentication: Sendable {
        /// By a signed token: in the WebSocket handshake, or in a sign-in envelope first.
        case tokens(TokenVerifier)
        /// By the sender its first envelope names, without proof: for development on a
        /// machine of one's own only (`rtmwire serve` allows it on a loopback address alone).
        case unauthenticated
    }

    /// How a connection becomes a user.
    public var authentication: Authentication
    /// The rules every envelope is decoded and checked with (the full decoder's, so that what
    /// the server stores and forwards is what every receiver accepts).
    public var codec: CodecOptions
    /// Who the server's own envelopes (acknowledgements, refusals, pages, offline statuses) are
    /// from. Default `rtmwire-server`.
    public var identity: Sender
    /// The most envelopes one commit stores. Default 1,000.
    public var maxCommitBatch: Int
    /// How long a media id works from when the server first sees it (unless its message says
    /// sooner). Default 7 days, as Agora's file server keeps an upload.
    public var mediaLifetimeMs: Int64
    /// How often expired history and media records are deleted. Default 1 minute.
    public var retentionSweepIntervalMs: Int64
    /// How long a connection may stay open without signing in (token authentication only):
    /// then it is refused (`unauthenticated`) and closed. Default
    /// ``defaultSignInTimeoutMs`` (10 s).
    public var signInTimeoutMs: Int64
    /// The default of ``signInTimeoutMs``: 10 s.
    public static let defaultSignInTimeoutMs: Int64 = 10_000
    /// The policy edits, recalls, reactions and app-data updates are held to: the recall
    /// window, the moderators, the reaction bounds. Default `MessageStore.Configuration.default`.
    public var messageRules: MessageStore.Configuration

    /// Creates settings.
    public init(
        authentication: Authentication, codec: CodecOptions = .default,
        identity: Sender = Sender(userID: "rtmwire-server"), maxCommitBatch: Int = 1_000,
        signInTimeoutMs: Int64 = defaultSignInTimeoutMs,
        mediaLifetimeMs: Int64 = 7 * 24 * 3_600 * 1_000,
        retentionSweepIntervalMs: Int64 = 60_000,
        messageRules: MessageStore.Configuration = .default
    ) {
        self.mediaLifetimeMs = mediaLifetimeMs
        self.retentionSweepIntervalMs = retentionSweepIntervalMs
        self.signInTimeoutMs = signInTimeoutMs
        self.authentication = authentication
        self.codec = codec
        self.identity = identity
        self.maxCommitBatch = maxCommitBatch
        self.messageRules = messageRules
    }
}
