/// A signature algorithm the server accepts on a token (the JWS `alg` header, RFC 7518 and
/// RFC 8037). `none` and every other algorithm are refused.
public enum TokenAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// HMAC with SHA-256 and a secret shared with the backend that mints the tokens.
    case hs256 = "HS256"
    /// Ed25519 signatures: the server holds only the backend's public key.
    case edDSA = "EdDSA"
    /// ECDSA on P-256 with SHA-256: the server holds only the backend's public key.
    case es256 = "ES256"
}
