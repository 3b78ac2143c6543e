import Crypto

/// A key the server verifies tokens with: an HMAC secret shared with the backend (HS256), or the
/// public half of the backend's Ed25519 (EdDSA) or P-256 (ES256) key, so that the server holds
/// no secret. A key verifies tokens of its own algorithm only, so a token cannot pick how it is
/// checked (no `none`, no HMAC keyed with a public key).
public struct TokenKey: Sendable {
    let material: TokenKeyMaterial
    /// The key id a token's `kid` header must name to be checked with this key; nil = any.
    public var keyID: String?

    /// The algorithm this key verifies.
    public var algorithm: TokenAlgorithm { material.algorithm }

    /// An HS256 key: `secret` is the bytes the backend signs with, at least 32.
    public init(secret: some Collection<UInt8>, keyID: String? = nil) throws(TokenKeyError) {
        material = .hmac(try TokenKeyError.checkedSecret(secret))
        self.keyID = keyID
    }

    /// An EdDSA or ES256 key from a PEM `PUBLIC KEY` block (SubjectPublicKeyInfo), as
    /// `openssl pkey -pubout` and every JWT library's key tools write it.
    public init(publicKeyPEM: String, keyID: String? = nil) throws(TokenKeyError) {
        let block = try PEMBlock(publicKeyPEM)
        guard block.label == "PUBLIC KEY" else {
            throw TokenKeyError(
                .unsupportedKeyType, "expected a 'PUBLIC KEY' block, found '\(block.label)'")
        }
        if Ed25519DER.namesEd25519(block.der) {
            guard let raw = Ed25519DER.keyBytes(block.der, prefix: Ed25519DER.publicKeyPrefix),
                (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil
            else { throw TokenKeyError(.invalidKey, "not a valid Ed25519 public key") }
            material = .ed25519(raw)
        } else {
            do {
                let key = try P256.Signing.PublicKey(derRepresentation: block.der)
                material = .p256(Array(key.x963Representation))
            } catch {
                throw TokenKeyError(
                    .unsupportedKeyType, "the public key is neither Ed25519 nor P-256")
            }
        }
        self.keyID = keyID
    }

    /// Whether `signature` signs `input` (the token's `header.payload` text) under this key.
    func verifies(_ signature: [UInt8], of input: [UInt8]) -> Bool {
        switch material {
        case .hmac(let secret):
            return HMAC<SHA256>.isValidAuthenticationCode(
                signature, authenticating: input, using: SymmetricKey(data: secret))
        case .ed25519(let raw):
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else {
                return false
            }
            return key.isValidSignature(signature, for: input)
        case .p256(let raw):
            // JWS carries ECDSA signatures as r ‖ s, 32 bytes each (RFC 7518 §3.4).
            guard signature.count == 64,
                let key = try? P256.Signing.PublicKey(x963Representation: raw),
                let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: input)
        }
    }
}
