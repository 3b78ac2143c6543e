/// Why a token was refused: thrown by ``TokenVerifier/verify(_:at:)`` before the connection it
/// came with may route any envelope.
public struct TokenRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of refusal, for a caller to switch on.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// No token was presented.
        case missing
        /// Longer than the verifier's ``TokenVerifier/Configuration/maxTokenBytes``.
        case tooLarge
        /// Not three base64url parts, or a header or payload that is no JSON object of the
        /// expected members.
        case malformed
        /// The `alg` is none of the server's keys' (`none` included), or the header names a
        /// critical extension the server does not know.
        case unsupportedAlgorithm
        /// The signature does not verify with any key of the token's algorithm: forged, or
        /// signed by another backend.
        case badSignature
        /// The `exp` claim has passed (beyond the allowed clock skew), or is missing where the
        /// verifier requires it.
        case expired
        /// The `nbf` claim has not come yet.
        case notYetValid
        /// The `aud` claim does not name the server's audience.
        case wrongAudience
        /// The `iss` claim is not the server's issuer.
        case wrongIssuer
        /// No `sub` claim: the token names no user.
        case missingSubject
    }

    /// The kind of refusal.
    public var code: Code
    /// What was wrong, for a person (never the token or a secret).
    public var detail: String

    /// Creates a refusal.
    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// The HTTP status a WebSocket handshake is refused with: 403 (Forbidden) for a token that
    /// is valid but meant for another service (audience, issuer), 401 (Unauthorized) otherwise.
    public var httpStatus: Int {
        switch code {
        case .wrongAudience, .wrongIssuer: 403
        default: 401
        }
    }

    /// The code and detail, on one line.
    public var description: String { "token refused (\(code.rawValue)): \(detail)" }
}
