// With the Serve trait only: the server and its packages are in this tool then (Package.swift).
#if Serve
    import RTMWireNIO
    import RTMWireReferencePeers
    import RTMWireServer

    /// How `rtmwire serve` signs connections in, from its flags: a ``TokenVerifier`` over the
    /// secret and public key files, or no authentication at all.
    struct ServeAuthentication {
        /// The verifier, nil without authentication.
        let verifier: TokenVerifier?

        /// The server's setting.
        var serverAuthentication: ServerConfiguration.Authentication {
            verifier.map { .tokens($0) } ?? .unauthenticated
        }

        /// Reads the key files; throws `tokenKey` (a secret under 32 bytes, a PEM that is no
        /// Ed25519 or P-256 public key) or `io` (a file that cannot be read).
        init(
            secretFile: String?, publicKeyFiles: [String], audience: String?, issuer: String?
        ) throws {
            var keys: [TokenKey] = []
            do {
                if let secretFile {
                    keys.append(try TokenKey(secret: try TokenFiles.secret(secretFile)))
                }
                for file in publicKeyFiles {
                    do {
                        keys.append(try TokenKey(publicKeyPEM: try TokenFiles.text(file)))
                    } catch let error as TokenKeyError {
                        throw TokenKeyError(error.code, "\(file): \(error.detail)")
                    }
                }
            } catch let error as TokenKeyError {
                throw CLIError(kind: "tokenKey", detail: error.detail, status: .invalidInput)
            }
            verifier =
                keys.isEmpty
                ? nil : TokenVerifier(.init(keys: keys, audience: audience, issuer: issuer))
        }

        /// The WebSocket handshake's check: a token presented in the handshake (`Authorization:
        /// Bearer`, or the `rtmwire.bearer.<token>` subprotocol entry) that does not verify is
        /// refused over HTTP before the upgrade (401, or 403 for another audience or issuer). A
        /// handshake without a token is let through: the client signs in with a `sign_in`
        /// envelope first, as TCP clients do.
        var credentialCheck: (@Sendable (String?) -> WebSocketCredentialRefusal?)? {
            guard let verifier else { return nil }
            return { credential in
                guard let credential else { return nil }
                do throws(TokenRefusal) {
                    _ = try verifier.verify(credential, at: WallClock.nowMilliseconds())
                    return nil
                } catch {
                    return WebSocketCredentialRefusal(status: error.httpStatus, reason: "\(error)")
                }
            }
        }

        /// One line for the log: the algorithms accepted and the claims checked.
        var summary: String {
            guard let verifier else {
                return "no authentication: every connection is the user its first envelope names"
            }
            let configuration = verifier.configuration
            let algorithms = Set(configuration.keys.map(\.algorithm.rawValue)).sorted()
            var parts = ["tokens signed with \(algorithms.joined(separator: ", "))"]
            if let audience = configuration.audience { parts.append("audience \(audience)") }
            if let issuer = configuration.issuer { parts.append("issuer \(issuer)") }
            return parts.joined(separator: ", ")
        }
    }
#endif
