import Foundation
import Testing

@testable import RTMWireServer

/// A backend in another language mints tokens with a standard JWT library (PyJWT, as
/// `Scripts/requirements.txt` pins it) and the server accepts them: the interoperability the
/// server's sign-in promises. The same script is the example in the server's documentation.
@Suite("Tokens minted by PyJWT")
struct PythonMintedTokenTests {
    /// Runs `script` with `python3`, `arguments` after it; returns its standard output.
    func python(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let error = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonFailed(
                message: String(decoding: error, as: UTF8.self)
                    + " (Scripts/install-deps installs PyJWT)")
        }
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct PythonFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// What a backend writes: sign `sub`, `exp` in an hour, `aud`, and a channels claim.
    static let mint = """
        import sys, time, jwt
        algorithm, key, user = sys.argv[1], sys.argv[2], sys.argv[3]
        if algorithm != "HS256":
            key = open(key).read()
        claims = {"sub": user, "exp": int(time.time()) + 3600, "aud": "rtmwire",
                  "channels": ["general"]}
        print(jwt.encode(claims, key, algorithm=algorithm))
        """

    func verify(_ token: String, with key: TokenKey) throws -> AccessToken {
        let verifier = TokenVerifier(.init(keys: [key], audience: "rtmwire"))
        let now = Int64(Date().timeIntervalSince1970 * 1_000)
        return try verifier.verify(token, at: now)
    }

    @Test func hs256() throws {
        let secret = "a shared secret of at least 32 bytes"
        let token = try python(Self.mint, ["HS256", secret, "alice"])
        let access = try verify(token, with: try TokenKey(secret: Array(secret.utf8)))
        #expect(access.userID == "alice")
        #expect(access.allowsChannel("general") && !access.allowsChannel("random"))
    }

    @Test(arguments: ["EdDSA", "ES256"])
    func publicKeyAlgorithms(_ algorithm: String) throws {
        // The key pair is made by Python's cryptography too, as a backend's key tool would.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rtmwire-pyjwt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let privatePath = folder.appendingPathComponent("private.pem").path
        let publicPath = folder.appendingPathComponent("public.pem").path
        _ = try python(
            """
            import sys
            from cryptography.hazmat.primitives import serialization
            from cryptography.hazmat.primitives.asymmetric import ec, ed25519
            key = ed25519.Ed25519PrivateKey.generate() if sys.argv[1] == "EdDSA" \\
                else ec.generate_private_key(ec.SECP256R1())
            open(sys.argv[2], "wb").write(key.private_bytes(serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
            open(sys.argv[3], "wb").write(key.public_key().public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
            """, [algorithm, privatePath, publicPath])
        let token = try python(Self.mint, [algorithm, privatePath, "bob"])
        let key = try TokenKey(
            publicKeyPEM: try String(contentsOfFile: publicPath, encoding: .utf8))
        #expect(key.algorithm.rawValue == algorithm)
        #expect(try verify(token, with: key).userID == "bob")
        // And the Swift signer reads the backend's private key: `rtmwire token --key`.
        let signer = try TokenSigner(
            privateKeyPEM: try String(contentsOfFile: privatePath, encoding: .utf8))
        let swiftToken = try signer.sign(
            TokenClaims(
                subject: "carol", expiresAt: Date().timeIntervalSince1970 + 60,
                audience: ["rtmwire"]))
        #expect(try verify(swiftToken, with: key).userID == "carol")
        // PyJWT accepts the Swift signer's token too.
        let decoded = try python(
            """
            import sys, jwt
            print(jwt.decode(sys.argv[1], open(sys.argv[2]).read(), algorithms=[sys.argv[3]],
                             audience="rtmwire")["sub"])
            """, [swiftToken, publicPath, algorithm])
        #expect(decoded == "carol")
    }
}
