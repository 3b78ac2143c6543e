import Crypto
import Testing

@testable import RTMWireServer

@Suite("Token verification")
struct TokenVerifierTests {
    static let secret = Array("a development secret of 32+ bytes!".utf8)
    static let now: Int64 = 1_800_000_000_000
    static let hour = 3_600.0

    let signer = try! TokenSigner(secret: TokenVerifierTests.secret)
    let verifier = TokenVerifier(.init(keys: [try! TokenKey(secret: TokenVerifierTests.secret)]))

    func claims(_ user: String = "alice", expiresIn: Double = hour) -> TokenClaims {
        TokenClaims(subject: user, expiresAt: Double(Self.now) / 1_000 + expiresIn)
    }

    func refusal(_ token: String, _ verifier: TokenVerifier? = nil, at now: Int64 = now)
        -> TokenRefusal.Code?
    {
        do {
            _ = try (verifier ?? self.verifier).verify(token, at: now)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func acceptsItsOwnHS256Token() throws {
        let token = try signer.sign(claims())
        let access = try verifier.verify(token, at: Self.now)
        #expect(access.userID == "alice")
        #expect(access.expiresAtMs == Self.now + 3_600_000)
        #expect(access.channels == nil)
        #expect(access.groups.isEmpty)
    }

    @Test func readsChannelsAndGroupsClaims() throws {
        var claims = claims()
        claims.channels = ["general", "team-*"]
        claims.groups = ["g1", "g2"]
        let access = try verifier.verify(try signer.sign(claims), at: Self.now)
        #expect(access.groups == ["g1", "g2"])
        #expect(access.allowsChannel("general"))
        #expect(access.allowsChannel("team-ios"))
        #expect(access.allowsChannel("team-"))
        #expect(!access.allowsChannel("generally"))
        #expect(!access.allowsChannel("tea"))
    }

    @Test func refusesAnAlteredPayloadOrSignature() throws {
        let token = try signer.sign(claims())
        let parts = token.split(separator: ".").map(String.init)
        let bob = try signer.sign(claims("bob")).split(separator: ".").map(String.init)
        #expect(refusal([parts[0], bob[1], parts[2]].joined(separator: ".")) == .badSignature)
        var signature = Array(parts[2].utf8)
        signature[0] = signature[0] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let altered = parts[0] + "." + parts[1] + "." + String(decoding: signature, as: UTF8.self)
        #expect(refusal(altered) == .badSignature)
    }

    @Test func refusesATokenSignedWithAnotherSecret() throws {
        let other = try TokenSigner(secret: Array(repeating: UInt8(7), count: 32))
        #expect(refusal(try other.sign(claims())) == .badSignature)
    }

    @Test func refusesAlgNoneAndAlgorithmsOfNoKey() throws {
        let payload = Base64URL.encode(Array(#"{"sub":"alice","exp":4000000000}"#.utf8))
        let none = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + payload + "."
        #expect(refusal(none) == .unsupportedAlgorithm)
        // An EdDSA token where the server holds only an HS256 secret.
        let ed = TokenSigner.generatingEd25519()
        #expect(refusal(try ed.sign(claims())) == .unsupportedAlgorithm)
    }

    /// The classic confusion: an HS256 token keyed with the server's public key text.
    @Test func refusesHS256KeyedWithThePublicKey() throws {
        let ed = TokenSigner.generatingEd25519()
        let publicPEM = try #require(ed.publicKeyPEM)
        let verifier = TokenVerifier(.init(keys: [try TokenKey(publicKeyPEM: publicPEM)]))
        let forged = try TokenSigner(secret: Array(publicPEM.utf8)).sign(claims())
        #expect(refusal(forged, verifier) == .unsupportedAlgorithm)
        #expect(try verifier.verify(try ed.sign(claims()), at: Self.now).userID == "alice")
    }

    @Test func refusesCriticalExtensions() throws {
        let header = Base64URL.encode(Array(#"{"alg":"HS256","crit":["exp"]}"#.utf8))
        let payload = Base64URL.encode(Array(#"{"sub":"alice","exp":4000000000}"#.utf8))
        let mac = HMAC<SHA256>.authenticationCode(
            for: Array((header + "." + payload).utf8), using: SymmetricKey(data: Self.secret))
        let token = header + "." + payload + "." + Base64URL.encode(Array(mac))
        #expect(refusal(token) == .unsupportedAlgorithm)
    }

    @Test func honoursExpiryWithClockSkew() throws {
        let token = try signer.sign(claims(expiresIn: 0))
        // 30 s of skew by default: valid until exp + 30 s, refused from then on.
        #expect(refusal(token, at: Self.now + 29_999) == nil)
        #expect(refusal(token, at: Self.now + 30_000) == .expired)
        let strict = TokenVerifier(.init(keys: verifier.configuration.keys, clockSkewMs: 0))
        #expect(refusal(token, strict, at: Self.now - 1) == nil)
        #expect(refusal(token, strict, at: Self.now) == .expired)
    }

    @Test func requiresExpiryUnlessToldNotTo() throws {
        let token = try signer.sign(TokenClaims(subject: "alice"))
        #expect(refusal(token) == .expired)
        let lenient = TokenVerifier(.init(keys: verifier.configuration.keys, requiresExpiry: false))
        #expect(try lenient.verify(token, at: Self.now).expiresAtMs == nil)
    }

    @Test func honoursNotBefore() throws {
        var claims = claims()
        claims.notBefore = Double(Self.now) / 1_000 + 60
        let token = try signer.sign(claims)
        #expect(refusal(token) == .notYetValid)
        #expect(refusal(token, at: Self.now + 30_000) == nil)
    }

    @Test func checksAudienceAndIssuerWhenConfigured() throws {
        let verifier = TokenVerifier(
            .init(keys: verifier.configuration.keys, audience: "rtmwire", issuer: "backend"))
        var claims = claims()
        #expect(refusal(try signer.sign(claims), verifier) == .wrongAudience)
        claims.audience = ["web", "rtmwire"]
        #expect(refusal(try signer.sign(claims), verifier) == .wrongIssuer)
        claims.issuer = "backend"
        #expect(refusal(try signer.sign(claims), verifier) == nil)
        claims.audience = ["web"]
        #expect(refusal(try signer.sign(claims), verifier) == .wrongAudience)
        #expect(TokenRefusal(.wrongAudience, "").httpStatus == 403)
        #expect(TokenRefusal(.expired, "").httpStatus == 401)
    }

    @Test func refusesATokenWithoutSubject() throws {
        #expect(refusal(try signer.sign(claims(""))) == .missingSubject)
        var claims = claims()
        claims.subject = nil
        #expect(refusal(try signer.sign(claims)) == .missingSubject)
    }

    @Test func refusesMalformedTokens() throws {
        #expect(refusal("") == .missing)
        #expect(refusal("abc") == .malformed)
        #expect(refusal("a.b") == .malformed)
        #expect(refusal("a.b.c.d") == .malformed)
        #expect(refusal("!!.e30.AA") == .malformed)
        // A header that is JSON but names no algorithm.
        let header = Base64URL.encode(Array(#"{"typ":"JWT"}"#.utf8))
        #expect(refusal(header + ".e30.AA") == .malformed)
        // A claim of the wrong type, validly signed.
        let payload = Base64URL.encode(Array(#"{"sub":"alice","exp":"tomorrow"}"#.utf8))
        let signed = Base64URL.encode(Array(#"{"alg":"HS256"}"#.utf8)) + "." + payload
        let mac = HMAC<SHA256>.authenticationCode(
            for: Array(signed.utf8), using: SymmetricKey(data: Self.secret))
        #expect(refusal(signed + "." + Base64URL.encode(Array(mac))) == .malformed)
    }

    @Test func readsTokensUpToTheSizeLimit() throws {
        let token = try signer.sign(claims())
        let exact = TokenVerifier(
            .init(keys: verifier.configuration.keys, maxTokenBytes: token.utf8.count))
        #expect(refusal(token, exact) == nil)
        let under = TokenVerifier(
            .init(keys: verifier.configuration.keys, maxTokenBytes: token.utf8.count - 1))
        #expect(refusal(token, under) == .tooLarge)
    }

    @Test func picksTheKeyItsKidNames() throws {
        let first = try TokenSigner(secret: Array(repeating: UInt8(1), count: 32), keyID: "k1")
        let second = try TokenSigner(secret: Array(repeating: UInt8(2), count: 32), keyID: "k2")
        let verifier = TokenVerifier(
            .init(keys: [
                try TokenKey(secret: Array(repeating: UInt8(1), count: 32), keyID: "k1"),
                try TokenKey(secret: Array(repeating: UInt8(2), count: 32), keyID: "k2"),
            ]))
        #expect(refusal(try first.sign(claims()), verifier) == nil)
        #expect(refusal(try second.sign(claims()), verifier) == nil)
        let unknown = try TokenSigner(secret: Array(repeating: UInt8(2), count: 32), keyID: "k3")
        #expect(refusal(try unknown.sign(claims()), verifier) == .badSignature)
    }

    @Test func verifiesEdDSAAndES256WithPublicKeysOnly() throws {
        let ed = TokenSigner.generatingEd25519()
        let es = try TokenSigner(privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation)
        #expect(es.algorithm == .es256)
        let verifier = TokenVerifier(
            .init(keys: [
                try TokenKey(publicKeyPEM: try #require(ed.publicKeyPEM)),
                try TokenKey(publicKeyPEM: try #require(es.publicKeyPEM)),
            ]))
        #expect(try verifier.verify(try ed.sign(claims("ed")), at: Self.now).userID == "ed")
        #expect(try verifier.verify(try es.sign(claims("es")), at: Self.now).userID == "es")
        // The signer's PEM reads back as the same key.
        let again = try TokenSigner(privateKeyPEM: try #require(ed.privateKeyPEM))
        #expect(try verifier.verify(try again.sign(claims("ed")), at: Self.now).userID == "ed")
        let stranger = TokenSigner.generatingEd25519()
        #expect(refusal(try stranger.sign(claims()), verifier) == .badSignature)
    }
}
