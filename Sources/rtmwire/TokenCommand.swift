// With the Serve trait only: the server and its packages are in this tool then (Package.swift).
#if Serve
    import ArgumentParser
    import Foundation
    import RTMWireServer

    /// `rtmwire token`: mints a development token that `rtmwire serve` accepts, signed with the
    /// same secret or key the server is given (a production backend mints them with its own JWT
    /// library; the server's DocC article shows one in Python).
    struct TokenCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "token",
            abstract: "Mint a signed token (JWT) for a user, for development and tests.",
            discussion: """
                Signs with --secret-file (HS256: the file's bytes, one trailing newline dropped, at \
                least 32) or --key-file (a PEM PRIVATE KEY, Ed25519 for EdDSA or P-256 for ES256; \
                the server then needs only the public key). Prints the token and a newline.
                """)

        @Option(name: .customLong("user"), help: "The user id the token names (its sub claim).")
        var user: String

        @Option(
            name: .customLong("secret-file"), help: "Sign with HS256 and the secret in this file.")
        var secretFile: String?

        @Option(
            name: .customLong("key-file"),
            help: "Sign with EdDSA or ES256 and the PEM private key in this file.")
        var keyFile: String?

        @Option(
            name: .customLong("expires-in"),
            help: "Seconds until the token expires (default: 1 hour).")
        var expiresIn: Int = 3_600

        @Option(
            name: .customLong("audience"), help: "The aud claim (the server's --token-audience).")
        var audience: String?

        @Option(name: .customLong("issuer"), help: "The iss claim (the server's --token-issuer).")
        var issuer: String?

        @Option(
            name: .customLong("channel"),
            help: "A channel the user may join, or a prefix ending in * (repeatable; none: any).")
        var channels: [String] = []

        @Option(
            name: .customLong("group"),
            help: "A group the user belongs to by the token's word (repeatable).")
        var groups: [String] = []

        @Option(name: .customLong("key-id"), help: "The kid header, naming the server's key.")
        var keyID: String?

        func validate() throws {
            guard (secretFile == nil) != (keyFile == nil) else {
                throw ValidationError("give --secret-file or --key-file (one of them)")
            }
            guard !user.isEmpty else { throw ValidationError("--user names no user") }
            guard expiresIn > 0 else { throw ValidationError("--expires-in must be positive") }
        }

        func run() throws {
            let signer: TokenSigner
            do {
                if let secretFile {
                    signer = try TokenSigner(
                        secret: try TokenFiles.secret(secretFile), keyID: keyID)
                } else {
                    signer = try TokenSigner(
                        privateKeyPEM: try TokenFiles.text(keyFile ?? ""), keyID: keyID)
                }
            } catch let error as TokenKeyError {
                throw CLIError(kind: "tokenKey", detail: error.detail, status: .invalidInput)
            }
            let now = Date().timeIntervalSince1970.rounded(.down)
            let claims = TokenClaims(
                subject: user, expiresAt: now + Double(expiresIn), issuedAt: now, issuer: issuer,
                audience: audience.map { [$0] }, channels: channels.isEmpty ? nil : channels,
                groups: groups.isEmpty ? nil : groups)
            do {
                StandardStreams.write(try signer.sign(claims) + "\n")
            } catch {
                throw CLIError(kind: "tokenKey", detail: error.detail, status: .invalidInput)
            }
        }
    }

    /// The secret and key files `rtmwire token` and `rtmwire serve` read.
    enum TokenFiles {
        /// The file's bytes, without one trailing newline (`echo secret > file` writes one).
        static func secret(_ path: String) throws -> [UInt8] {
            var bytes = Array(try contents(path))
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            return bytes
        }

        /// The file as UTF-8 text.
        static func text(_ path: String) throws -> String {
            String(decoding: try contents(path), as: UTF8.self)
        }

        private static func contents(_ path: String) throws -> Data {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CLIError(kind: "io", detail: "cannot read \(path)", status: .unavailable)
            }
            return data
        }
    }
#endif
