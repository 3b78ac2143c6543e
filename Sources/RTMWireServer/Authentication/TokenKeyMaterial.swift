/// The bytes of a key, by algorithm: the public half for a ``TokenKey``, the private half for a
/// ``TokenSigner``. Checked when the key is made; swift-crypto 3's key types are not `Sendable`,
/// so they are made again from these (which cannot fail) for each use.
enum TokenKeyMaterial: Sendable {
    /// An HS256 secret (at least 32 bytes).
    case hmac([UInt8])
    /// An Ed25519 key: 32 bytes.
    case ed25519([UInt8])
    /// A P-256 key: the public key in X9.63 form (0x04, x, y), or the 32-byte private scalar.
    case p256([UInt8])

    /// The algorithm the key signs or verifies.
    var algorithm: TokenAlgorithm {
        switch self {
        case .hmac: .hs256
        case .ed25519: .edDSA
        case .p256: .es256
        }
    }
}
