/// Why a key for signing or verifying tokens could not be made (``TokenKey``, ``TokenSigner``).
public struct TokenKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, for a caller to switch on.
    public enum Code: String, Hashable, Sendable {
        /// An HMAC secret shorter than 32 bytes, the size of SHA-256's output (RFC 7518 §3.2).
        case secretTooShort
        /// The text is not one PEM block (`-----BEGIN …-----`, base64, `-----END …-----`).
        case notPEM
        /// The PEM block holds a key of a type the server does not use (RSA, P-384, …).
        case unsupportedKeyType
        /// The key's bytes are not a valid key of its type.
        case invalidKey
        /// A token could not be signed: a claim that JSON cannot carry, or a failure of the
        /// signing primitive.
        case signingFailed
    }

    /// The kind of failure.
    public var code: Code
    /// What was wrong, for a person (never the key's bytes).
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// `secret` as bytes, when it is long enough for HS256: at least 32 bytes, the size of
    /// SHA-256's output (RFC 7518 §3.2).
    static func checkedSecret(_ secret: some Collection<UInt8>) throws(TokenKeyError) -> [UInt8] {
        guard secret.count >= 32 else {
            throw TokenKeyError(
                .secretTooShort,
                "an HS256 secret needs at least 32 bytes (256 bits); this one has \(secret.count)")
        }
        return Array(secret)
    }

    /// The code and detail, on one line.
    public var description: String { "token key error (\(code.rawValue)): \(detail)" }
}
