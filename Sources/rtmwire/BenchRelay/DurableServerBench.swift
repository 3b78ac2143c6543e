// With the Serve trait only: the server and its packages are in this tool then (Package.swift).
#if Serve
    import Foundation
    import RTMWireNIO
    import RTMWireServer

    /// The durable half of `rtmwire bench-relay --durable`: a `ChatServer` over SQLite in a
    /// temporary folder, its clients signed in with tokens of a secret made for the run.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    struct DurableServerBench {
        var durability: SQLiteStorage.Configuration.Durability

        /// Runs `load` against the server (filling in its tokens) and returns its figures.
        func run(_ load: inout RelayLoad) async throws -> RelayLoad.Figures {
            let authentication = try Self.signIn(&load)
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("rtmwire-bench-\(UInt32.random(in: 0...UInt32.max))").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let storage = try await SQLiteStorage.open(
                directory: folder, configuration: .init(durability: durability))
            let server = ChatServer(
                configuration: ServerConfiguration(authentication: authentication),
                storage: storage)
            let relay = EnvelopeRelay(
                configuration: RelayConfiguration(maxQueuedEnvelopes: 1 << 20), router: server)
            do {
                let figures = try await load.run(relay)
                await storage.close()
                return figures
            } catch {
                await storage.close()
                throw error
            }
        }

        /// Gives each of `load`'s clients a token of a secret made for the run, and returns how
        /// a server verifies them.
        static func signIn(_ load: inout RelayLoad) throws -> ServerConfiguration.Authentication {
            var generator = SystemRandomNumberGenerator()
            let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let signer = try TokenSigner(secret: secret)
            let expiry = Date().timeIntervalSince1970 + 3_600
            load.tokens = try (0..<load.clients).map {
                try signer.sign(TokenClaims(subject: "user\($0)", expiresAt: expiry))
            }
            return .tokens(TokenVerifier(.init(keys: [try TokenKey(secret: secret)])))
        }
    }
#endif
