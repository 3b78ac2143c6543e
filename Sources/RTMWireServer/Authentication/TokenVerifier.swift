import Foundation
import RTMWire

/// Verifies the signed tokens (JSON Web Tokens in compact JWS form, RFC 7519 and RFC 7515) that
/// clients present, as minted by any backend with a standard JWT library: HS256 with a shared
/// secret, EdDSA (Ed25519) or ES256 (P-256) with a public key.
///
/// A token is accepted when, in this order: it is at most ``Configuration/maxTokenBytes``; it
/// has three base64url parts; its header's `alg` is the algorithm of one of the keys (and its
/// `kid`, when keys have ids, one of theirs) and it names no critical extension; its signature
/// verifies with such a key; its payload is a JSON object whose `exp` has not passed (required
/// unless ``Configuration/requiresExpiry`` is off), whose `nbf` has come, whose `aud` names
/// ``Configuration/audience`` and whose `iss` is ``Configuration/issuer`` (each when set), and
/// whose `sub` names a user. Times allow ``Configuration/clockSkewMs`` either way.
public struct TokenVerifier: Sendable {
    /// What the verifier accepts.
    public struct Configuration: Sendable {
        /// The keys tokens may be signed with (at least one).
        public var keys: [TokenKey]
        /// The audience a token's `aud` must name; nil = `aud` is not checked.
        public var audience: String?
        /// The issuer a token's `iss` must be; nil = `iss` is not checked.
        public var issuer: String?
        /// Clock difference allowed between the backend and the server. Default 30 s.
        public var clockSkewMs: Int64
        /// Whether a token must carry `exp`. Default true: a token without one would never
        /// expire.
        public var requiresExpiry: Bool
        /// The longest token read; longer ones are refused before any parsing. Default
        /// `Limits.maxTokenBytes` (8,192 bytes), the limit a sign-in envelope is held to.
        public var maxTokenBytes: Int

        /// Creates a configuration.
        public init(
            keys: [TokenKey], audience: String? = nil, issuer: String? = nil,
            clockSkewMs: Int64 = 30_000, requiresExpiry: Bool = true,
            maxTokenBytes: Int = Limits.default.maxTokenBytes
        ) {
            self.keys = keys
            self.audience = audience
            self.issuer = issuer
            self.clockSkewMs = clockSkewMs
            self.requiresExpiry = requiresExpiry
            self.maxTokenBytes = maxTokenBytes
        }
    }

    /// The settings in force.
    public let configuration: Configuration

    /// Creates a verifier.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    private struct Header: Decodable {
        var alg: String
        var kid: String?
        var crit: [String]?
    }

    /// Verifies `token` at `nowMs` (ms since the Unix epoch) and returns what it grants; throws
    /// the first rule it breaks.
    public func verify(_ token: String, at nowMs: Int64) throws(TokenRefusal) -> AccessToken {
        let bytes = Array(token.utf8)
        guard !bytes.isEmpty else { throw TokenRefusal(.missing, "no token was presented") }
        guard bytes.count <= configuration.maxTokenBytes else {
            throw TokenRefusal(
                .tooLarge,
                "the token has \(bytes.count) bytes; at most \(configuration.maxTokenBytes) are read"
            )
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw TokenRefusal(
                .malformed,
                "a token has three base64url parts separated by dots; this has \(parts.count)")
        }
        guard let headerBytes = Base64URL.decode(parts[0]),
            let header = try? JSONDecoder().decode(Header.self, from: Data(headerBytes))
        else { throw TokenRefusal(.malformed, "the header is not a JSON object with an 'alg'") }
        if let critical = header.crit, !critical.isEmpty {
            throw TokenRefusal(
                .unsupportedAlgorithm,
                "the header names critical extensions the server does not know: \(critical)")
        }
        let candidates = try keys(for: header)
        guard let signature = Base64URL.decode(parts[2]) else {
            throw TokenRefusal(.malformed, "the signature is not base64url")
        }
        let signingInput = Array(bytes[..<parts[1].endIndex])
        guard candidates.contains(where: { $0.verifies(signature, of: signingInput) }) else {
            throw TokenRefusal(
                .badSignature, "the \(header.alg) signature does not verify with the server's keys")
        }
        guard let payload = Base64URL.decode(parts[1]),
            let claims = try? JSONDecoder().decode(TokenClaims.self, from: Data(payload))
        else {
            throw TokenRefusal(
                .malformed, "the payload is not a JSON object of claims of the expected types")
        }
        return try check(claims, at: nowMs)
    }

    /// The keys that may have signed a token with `header`.
    private func keys(for header: Header) throws(TokenRefusal) -> [TokenKey] {
        let offered = Set(configuration.keys.map(\.algorithm))
        guard let algorithm = TokenAlgorithm(rawValue: header.alg), offered.contains(algorithm)
        else {
            let names = offered.map(\.rawValue).sorted().joined(separator: ", ")
            throw TokenRefusal(
                .unsupportedAlgorithm,
                "alg '\(header.alg)' is not accepted here (accepted: \(names))")
        }
        var keys = configuration.keys.filter { $0.algorithm == algorithm }
        if let kid = header.kid, keys.contains(where: { $0.keyID != nil }) {
            keys = keys.filter { $0.keyID == nil || $0.keyID == kid }
            guard !keys.isEmpty else {
                throw TokenRefusal(.badSignature, "no \(algorithm.rawValue) key has kid '\(kid)'")
            }
        }
        return keys
    }

    private func check(_ claims: TokenClaims, at nowMs: Int64) throws(TokenRefusal) -> AccessToken {
        let skew = configuration.clockSkewMs
        let expiresAtMs = try claims.expiresAt.map { (seconds) throws(TokenRefusal) in
            try milliseconds(seconds, claim: "exp")
        }
        if let expiresAtMs {
            guard nowMs < expiresAtMs + skew else {
                throw TokenRefusal(
                    .expired, "the token expired \((nowMs - expiresAtMs) / 1_000) s ago")
            }
        } else if configuration.requiresExpiry {
            throw TokenRefusal(.expired, "the token has no 'exp': the server requires one")
        }
        if let notBefore = claims.notBefore {
            let notBeforeMs = try milliseconds(notBefore, claim: "nbf")
            guard nowMs + skew >= notBeforeMs else {
                throw TokenRefusal(
                    .notYetValid,
                    "the token is valid from \((notBeforeMs - nowMs) / 1_000) s from now")
            }
        }
        if let audience = configuration.audience {
            guard let named = claims.audience, named.contains(audience) else {
                let shown = claims.audience.map { "\($0)" } ?? "none"
                throw TokenRefusal(
                    .wrongAudience, "the token is for audience \(shown), not '\(audience)'")
            }
        }
        if let issuer = configuration.issuer {
            guard claims.issuer == issuer else {
                throw TokenRefusal(
                    .wrongIssuer,
                    "the token was issued by '\(claims.issuer ?? "nobody")', not '\(issuer)'")
            }
        }
        guard let subject = claims.subject, !subject.isEmpty, !subject.utf8.contains(0),
            subject.utf8.count <= 1_024
        else {
            throw TokenRefusal(
                .missingSubject, "the token names no user ('sub': 1 to 1,024 bytes, no NUL)")
        }
        return AccessToken(
            userID: subject, expiresAtMs: expiresAtMs, channels: claims.channels,
            groups: Set(claims.groups ?? []))
    }

    /// A NumericDate (seconds, fractions allowed) as ms, refused when it is no finite date.
    private func milliseconds(_ seconds: Double, claim: String) throws(TokenRefusal) -> Int64 {
        let milliseconds = (seconds * 1_000).rounded(.down)
        guard milliseconds.isFinite, abs(milliseconds) < 9.0e15 else {
            throw TokenRefusal(.malformed, "'\(claim)' is not a date in seconds since 1970")
        }
        return Int64(milliseconds)
    }
}
