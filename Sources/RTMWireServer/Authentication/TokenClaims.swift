/// The claims of a token (its payload): the registered ones the server checks (RFC 7519 §4.1)
/// and RTMWire's own, which say what the user may join. ``TokenSigner`` writes them; the
/// verifier reads them into an ``AccessToken``.
///
/// RTMWire's claims, both optional:
/// - `channels`: the channels the user may join, as names or prefixes ending in `*`
///   (`["general", "team-*"]`). Absent = any channel; empty = none.
/// - `groups`: groups the user belongs to by the backend's word, besides the members the server
///   keeps (``ServerStorage/groupMembers(_:)``).
public struct TokenClaims: Codable, Hashable, Sendable {
    /// `sub`: the user id. Required.
    public var subject: String?
    /// `exp`: expiry, in seconds since the Unix epoch (fractions allowed).
    public var expiresAt: Double?
    /// `nbf`: not valid before, in seconds since the Unix epoch.
    public var notBefore: Double?
    /// `iat`: issued at, in seconds since the Unix epoch.
    public var issuedAt: Double?
    /// `iss`: who minted the token.
    public var issuer: String?
    /// `aud`: who the token is for: one name or several.
    public var audience: [String]?
    /// `channels`: the channels the user may join (names, or prefixes ending in `*`).
    public var channels: [String]?
    /// `groups`: groups the backend says the user belongs to.
    public var groups: [String]?

    /// Creates claims.
    public init(
        subject: String?, expiresAt: Double? = nil, notBefore: Double? = nil,
        issuedAt: Double? = nil, issuer: String? = nil, audience: [String]? = nil,
        channels: [String]? = nil, groups: [String]? = nil
    ) {
        self.subject = subject
        self.expiresAt = expiresAt
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.issuer = issuer
        self.audience = audience
        self.channels = channels
        self.groups = groups
    }

    enum CodingKeys: String, CodingKey {
        case subject = "sub"
        case expiresAt = "exp"
        case notBefore = "nbf"
        case issuedAt = "iat"
        case issuer = "iss"
        case audience = "aud"
        case channels, groups
    }

    /// Reads the claims; `aud` may be one string or an array of them (RFC 7519 §4.1.3).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        expiresAt = try container.decodeIfPresent(Double.self, forKey: .expiresAt)
        notBefore = try container.decodeIfPresent(Double.self, forKey: .notBefore)
        issuedAt = try container.decodeIfPresent(Double.self, forKey: .issuedAt)
        issuer = try container.decodeIfPresent(String.self, forKey: .issuer)
        if let one = try? container.decodeIfPresent(String.self, forKey: .audience) {
            audience = [one]
        } else {
            audience = try container.decodeIfPresent([String].self, forKey: .audience)
        }
        channels = try container.decodeIfPresent([String].self, forKey: .channels)
        groups = try container.decodeIfPresent([String].self, forKey: .groups)
    }

    /// Writes the claims, `aud` as a string when it names one audience.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(notBefore, forKey: .notBefore)
        try container.encodeIfPresent(issuedAt, forKey: .issuedAt)
        try container.encodeIfPresent(issuer, forKey: .issuer)
        if let audience, audience.count == 1 {
            try container.encode(audience[0], forKey: .audience)
        } else {
            try container.encodeIfPresent(audience, forKey: .audience)
        }
        try container.encodeIfPresent(channels, forKey: .channels)
        try container.encodeIfPresent(groups, forKey: .groups)
    }
}
