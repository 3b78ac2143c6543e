import Crypto
import Testing

@testable import RTMWireServer

@Suite("Token keys")
struct TokenKeyTests {
    @Test func refusesSecretsShorterThan32Bytes() throws {
        #expect(throws: TokenKeyError.self) {
            try TokenKey(secret: Array(repeating: UInt8(1), count: 31))
        }
        #expect(throws: Never.self) { try TokenKey(secret: Array(repeating: UInt8(1), count: 32)) }
        do {
            _ = try TokenSigner(secret: Array(repeating: UInt8(1), count: 31))
            Issue.record("a 31-byte secret was accepted")
        } catch {
            #expect(error.code == .secretTooShort)
        }
    }

    @Test func refusesTextThatIsNoPEM() {
        for text in [
            "", "hello", "-----BEGIN PUBLIC KEY-----\nAAAA\n",
            "-----BEGIN PUBLIC KEY-----\n!!\n-----END PUBLIC KEY-----",
        ] {
            do {
                _ = try TokenKey(publicKeyPEM: text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.code == .notPEM)
            }
        }
    }

    @Test func refusesAPrivateKeyWherePublicIsExpected() throws {
        let pem = P256.Signing.PrivateKey().pemRepresentation
        do {
            _ = try TokenKey(publicKeyPEM: pem)
            Issue.record("a private key was taken as a public one")
        } catch {
            #expect(error.code == .unsupportedKeyType)
        }
    }

    @Test func refusesOtherCurves() throws {
        let pem = P384.Signing.PrivateKey().publicKey.pemRepresentation
        do {
            _ = try TokenKey(publicKeyPEM: pem)
            Issue.record("a P-384 key was accepted")
        } catch {
            #expect(error.code == .unsupportedKeyType)
        }
    }

    @Test func refusesATruncatedEd25519Key() throws {
        let der = Ed25519DER.publicKeyPrefix + Array(repeating: 1, count: 31)
        let pem = PEMBlock.text(label: "PUBLIC KEY", der: der)
        do {
            _ = try TokenKey(publicKeyPEM: pem)
            Issue.record("a 31-byte Ed25519 key was accepted")
        } catch {
            #expect(error.code == .invalidKey)
        }
    }

    @Test func base64URLRoundTripsEveryLengthAndRefusesNonCanonicalText() {
        var bytes: [UInt8] = []
        for length in 0..<40 {
            #expect(Base64URL.decode(Array(Base64URL.encode(bytes).utf8)) == bytes)
            bytes.append(UInt8(truncatingIfNeeded: length &* 37 &+ 11))
        }
        #expect(Base64URL.encode(Array("hi?".utf8)) == "aGk_")
        #expect(Base64URL.decode(Array("A".utf8)) == nil)  // no encoding is one past a group
        #expect(Base64URL.decode(Array("aGk=".utf8)) == nil)  // padding
        #expect(Base64URL.decode(Array("aGk/".utf8)) == nil)  // the standard alphabet
        #expect(Base64URL.decode(Array("aB".utf8)) == nil)  // bits set past the end
        #expect(Base64URL.decode(Array("aA".utf8)) == [0x68])
    }
}
