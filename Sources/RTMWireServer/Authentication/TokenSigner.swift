import Crypto
import Foundation

/// Mints tokens the server accepts: for development (`rtmwire token`) and tests. A production
/// backend mints them with its own language's JWT library; the result is the same.
public struct TokenSigner: Sendable {
    let material: TokenKeyMaterial
    /// The `kid` written into every token's header; nil = none.
    public var keyID: String?

    /// The algorithm tokens are signed with.
    public var algorithm: TokenAlgorithm { material.algorithm }

    /// An HS256 signer with a secret of at least 32 bytes.
    public init(secret: some Collection<UInt8>, keyID: String? = nil) throws(TokenKeyError) {
        material = .hmac(try TokenKeyError.checkedSecret(secret))
        self.keyID = keyID
    }

    /// An EdDSA or ES256 signer from a PEM `PRIVATE KEY` block (PKCS #8), as `openssl genpkey`
    /// writes it.
    public init(privateKeyPEM: String, keyID: String? = nil) throws(TokenKeyError) {
        let block = try PEMBlock(privateKeyPEM)
        if Ed25519DER.namesEd25519(block.der) {
            guard let raw = Ed25519DER.keyBytes(block.der, prefix: Ed25519DER.privateKeyPrefix),
                (try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)) != nil
            else { throw TokenKeyError(.invalidKey, "not a valid Ed25519 private key") }
            material = .ed25519(raw)
        } else {
            do {
                let key = try P256.Signing.PrivateKey(derRepresentation: block.der)
                material = .p256(Array(key.rawRepresentation))
            } catch {
                throw TokenKeyError(
                    .unsupportedKeyType, "the private key is neither Ed25519 nor P-256")
            }
        }
        self.keyID = keyID
    }

    /// A new Ed25519 signer with a fresh key (tests; a first key pair, with ``privateKeyPEM`` and
    /// ``publicKeyPEM``).
    public static func generatingEd25519() -> TokenSigner {
        TokenSigner(material: .ed25519(Array(Curve25519.Signing.PrivateKey().rawRepresentation)))
    }

    private init(material: TokenKeyMaterial) {
        self.material = material
    }

    /// The private key as a PEM `PRIVATE KEY` block (nil for an HMAC signer).
    public var privateKeyPEM: String? {
        switch material {
        case .hmac: nil
        case .ed25519(let raw):
            PEMBlock.text(label: "PRIVATE KEY", der: Ed25519DER.privateKeyPrefix + raw)
        case .p256(let raw):
            (try? P256.Signing.PrivateKey(rawRepresentation: raw))?.pemRepresentation
        }
    }

    /// The public key the server verifies with, as a PEM `PUBLIC KEY` block (nil for an HMAC
    /// signer, whose secret is the verifying key).
    public var publicKeyPEM: String? {
        switch material {
        case .hmac: nil
        case .ed25519(let raw):
            (try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)).map {
                PEMBlock.text(
                    label: "PUBLIC KEY",
                    der: Ed25519DER.publicKeyPrefix + $0.publicKey.rawRepresentation)
            }
        case .p256(let raw):
            (try? P256.Signing.PrivateKey(rawRepresentation: raw))?.publicKey.pemRepresentation
        }
    }

    /// A signed token carrying `claims`, in compact form. Throws ``TokenKeyError/Code/signingFailed``
    /// when a claim cannot be written (a time that is not finite) or the signature cannot be made.
    public func sign(_ claims: TokenClaims) throws(TokenKeyError) -> String {
        var header = ["alg": algorithm.rawValue, "typ": "JWT"]
        if let keyID { header["kid"] = keyID }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let input: String
        do {
            input =
                Base64URL.encode(try encoder.encode(header)) + "."
                + Base64URL.encode(try encoder.encode(claims))
        } catch {
            throw TokenKeyError(.signingFailed, "the claims cannot be written as JSON: \(error)")
        }
        return input + "." + Base64URL.encode(try signature(of: Array(input.utf8)))
    }

    private func signature(of input: [UInt8]) throws(TokenKeyError) -> [UInt8] {
        do {
            switch material {
            case .hmac(let secret):
                return Array(
                    HMAC<SHA256>.authenticationCode(for: input, using: SymmetricKey(data: secret)))
            case .ed25519(let raw):
                let key = try Curve25519.Signing.PrivateKey(rawRepresentation: raw)
                return Array(try key.signature(for: input))
            case .p256(let raw):
                let key = try P256.Signing.PrivateKey(rawRepresentation: raw)
                return Array(try key.signature(for: input).rawRepresentation)
            }
        } catch {
            throw TokenKeyError(.signingFailed, "the signature could not be made: \(error)")
        }
    }
}
