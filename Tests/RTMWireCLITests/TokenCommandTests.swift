import Foundation
import RTMWireServer
import Testing

/// `rtmwire token`: the token it prints is one the server's verifier accepts, carrying the
/// claims asked for; bad keys and command lines get their exit statuses.
@Suite(.enabled(if: ServedTool.missing == nil, "\(ServedTool.missing ?? "")"))
struct TokenCommandTests {
    static let secret = "a development secret, at least 32 bytes long"

    /// A file holding `text`, removed when the test ends.
    func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-token-\(UUID().uuidString)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func mintsATokenTheVerifierAccepts() throws {
        // `echo secret > file` writes a newline; the command drops it, as the server will.
        let secretFile = try file(Self.secret + "\n")
        defer { try? FileManager.default.removeItem(at: secretFile) }
        let run = try Run([
            "token", "--user", "alice", "--secret-file", secretFile.path, "--audience", "rtmwire",
            "--channel", "general", "--group", "g1", "--expires-in", "120",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let token = run.text.trimmingCharacters(in: .newlines)
        let verifier = TokenVerifier(
            .init(keys: [try TokenKey(secret: Array(Self.secret.utf8))], audience: "rtmwire"))
        let now = Int64(Date().timeIntervalSince1970 * 1_000)
        let access = try verifier.verify(token, at: now)
        #expect(access.userID == "alice")
        #expect(access.channels == ["general"] && access.groups == ["g1"])
        let expiresIn = (access.expiresAtMs ?? 0) - now
        #expect(expiresIn > 100_000 && expiresIn <= 120_000)
    }

    @Test func signsWithAnEd25519KeyFile() throws {
        let signer = TokenSigner.generatingEd25519()
        let keyFile = try file(try #require(signer.privateKeyPEM))
        defer { try? FileManager.default.removeItem(at: keyFile) }
        let run = try Run(["token", "--user", "bob", "--key-file", keyFile.path])
        #expect(run.status == 0, "\(run.stderr)")
        let verifier = TokenVerifier(
            .init(keys: [try TokenKey(publicKeyPEM: try #require(signer.publicKeyPEM))]))
        let token = run.text.trimmingCharacters(in: .newlines)
        let now = Int64(Date().timeIntervalSince1970 * 1_000)
        #expect(try verifier.verify(token, at: now).userID == "bob")
    }

    @Test func aShortSecretIsInvalidInput() throws {
        let secretFile = try file("too short")
        defer { try? FileManager.default.removeItem(at: secretFile) }
        let run = try Run(["token", "--user", "alice", "--secret-file", secretFile.path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: tokenKey: an HS256 secret needs at least 32 bytes"))
    }

    @Test func oneKeyMustBeGiven() throws {
        #expect(try Run(["token", "--user", "alice"]).status == 2)
        let both = try Run(["token", "--user", "a", "--secret-file", "x", "--key-file", "y"])
        #expect(both.status == 2)
    }
}
