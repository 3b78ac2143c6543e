// With the Serve trait only: the server and its packages are in this tool then (Package.swift).
#if Serve
    import ArgumentParser
    import Dispatch
    import Foundation
    import RTMWire
    import RTMWireNIO
    import RTMWireReferencePeers
    import RTMWireServer

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// `rtmwire serve`: the chat server (`ChatServer` over `SQLiteStorage`, or `PostgresStorage`
    /// with `--database postgres://…`) on TCP and WebSocket,
    /// with an optional web page: connections sign in with signed tokens, what they send is stored
    /// and acknowledged, and history is served.
    struct ServeCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve chat to TCP and WebSocket clients: sign-in, storage, history.",
            discussion: """
                Listens on --tcp (length-delimited envelopes) and/or --websocket (subprotocols \
                rtmwire.v1.binary and rtmwire.v1.json). A connection is the user a signed token \
                (JWT) names: give --token-secret-file (HS256) and/or --token-public-key (EdDSA or \
                ES256); `rtmwire token` mints development tokens. A WebSocket client presents the \
                token in its handshake (Authorization: Bearer, or the subprotocol entry \
                rtmwire.bearer.<token>; a bad one is refused with HTTP 401 or 403), any client in a \
                sign_in envelope first. --no-authentication (loopback addresses only) trusts the \
                sender each connection's first envelope names instead. What is sent is stored in \
                --data-dir (SQLite), or in the PostgreSQL database --database names, and \
                acknowledged with its position; history is served on request. Conformance/SERVER.md \
                describes the protocol. With --web DIR, the WebSocket port also serves the files of \
                DIR (index.html at /). Prints one line with the bound addresses on standard output \
                once listening (`rtmwire serve: tcp HOST:PORT, websocket HOST:PORT, page \
                http://HOST:PORT/`); SIGINT or SIGTERM drains (what is queued is sent, every \
                connection is closed, the database is closed) and prints what was served.
                """)

        @Option(
            name: .customLong("tcp"), help: "Listen for TCP clients on HOST:PORT (port 0: any).")
        var tcp: String?

        @Option(
            name: .customLong("websocket"),
            help: "Listen for WebSocket clients on HOST:PORT (port 0: any).")
        var webSocket: String?

        @Option(
            name: .customLong("web"),
            help: "Serve the files of this folder over HTTP on the WebSocket port.")
        var web: String?

        @Option(
            name: .customLong("allowed-origin"),
            help: "Accept WebSocket handshakes only from this Origin (repeatable; default: any).")
        var allowedOrigins: [String] = []

        @Option(
            name: .customLong("max-connections"), help: "Most connections per listener at once.")
        var maxConnections = ConnectionLimits.default.maxConnections

        @Option(
            name: .customLong("data-dir"),
            help: ArgumentHelp(
                "The folder of the database, created when missing.",
                discussion:
                    "Default: $XDG_DATA_HOME/rtmwire, else ~/.local/share/rtmwire. One server "
                    + "at a time uses a folder (it holds rtmwire.lock there); several servers "
                    + "share a --database instead."))
        var dataDirectory: String?

        @Option(
            name: .customLong("database"),
            help: ArgumentHelp(
                "Store in this PostgreSQL database instead of --data-dir: "
                    + "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.",
                discussion: """
                    postgresql:// works too; ?sslmode=disable, prefer (default) or require. The \
                    schema is created or brought up to date at start (a database of a newer \
                    rtmwire is refused). Several servers may share one database: positions, \
                    repeats and metadata locks hold across them. --durability is SQLite's; \
                    PostgreSQL commits as its synchronous_commit says.
                    """,
                valueName: "url"))
        var database: String?

        @Option(
            name: .customLong("durability"),
            help: ArgumentHelp(
                "When a commit reaches the disk: full or normal.",
                discussion: """
                    full (default): synced at every commit (SQLite synchronous=FULL), an \
                    acknowledged envelope survives a crash of the machine; normal: synced at \
                    checkpoints (synchronous=NORMAL), survives a killed process, commits faster.
                    """))
        var durability: SQLiteStorage.Configuration.Durability = .full

        @Option(
            name: .customLong("history-limit"),
            help: "Most envelopes kept per conversation (older ones are deleted).")
        var historyLimit = RetentionPolicy.default.maxEnvelopes

        @Option(
            name: .customLong("history-days"),
            help: "Days an envelope is kept.")
        var historyDays = Int(RetentionPolicy.default.maxAgeMs / 86_400_000)

        @Option(
            name: .customLong("sign-in-timeout"),
            help: ArgumentHelp(
                "Seconds a connection may stay open without signing in (1 to 3600).",
                discussion: "Then it is refused (unauthenticated) and closed. Default 10."))
        var signInTimeout = Int(ServerConfiguration.defaultSignInTimeoutMs / 1_000)

        @Option(
            name: .customLong("token-secret-file"),
            help: "Accept HS256 tokens signed with the secret in this file (at least 32 bytes).")
        var tokenSecretFile: String?

        @Option(
            name: .customLong("token-public-key"),
            help: "Accept EdDSA or ES256 tokens signed by this PEM public key (repeatable).")
        var tokenPublicKeys: [String] = []

        @Option(
            name: .customLong("token-audience"), help: "A token's aud claim must name this.")
        var tokenAudience: String?

        @Option(name: .customLong("token-issuer"), help: "A token's iss claim must be this.")
        var tokenIssuer: String?

        @Flag(
            name: .customLong("no-authentication"),
            help: ArgumentHelp(
                "Trust the sender a connection's first envelope names (loopback addresses only).",
                discussion: "For development on one's own machine: anyone who connects is anyone."))
        var noAuthentication = false

        func validate() throws {
            guard tcp != nil || webSocket != nil else {
                throw ValidationError("give --tcp HOST:PORT, --websocket HOST:PORT, or both")
            }
            if web != nil, webSocket == nil {
                throw ValidationError("--web needs --websocket: the page is served on that port")
            }
            let endpoints = try [tcp, webSocket].compactMap { try $0.map(Self.endpoint) }
            let hasKeys = tokenSecretFile != nil || !tokenPublicKeys.isEmpty
            if noAuthentication {
                guard !hasKeys else {
                    throw ValidationError(
                        "--no-authentication and token keys exclude each other: give one of them")
                }
                if let exposed = endpoints.first(where: { !LoopbackHost.contains($0.host) }) {
                    throw ValidationError(
                        "--no-authentication is allowed only on loopback addresses (127.0.0.0/8, "
                            + "::1, localhost), not on \(exposed.host): give token keys instead")
                }
            } else {
                guard hasKeys else {
                    throw ValidationError(
                        "give --token-secret-file FILE or --token-public-key FILE (clients sign in "
                            + "with tokens), or --no-authentication on a loopback address")
                }
            }
            if !hasKeys, tokenAudience != nil || tokenIssuer != nil {
                throw ValidationError("--token-audience and --token-issuer need token keys")
            }
            guard (1...3_600).contains(signInTimeout) else {
                throw ValidationError("--sign-in-timeout must be 1 to 3600 seconds")
            }
            guard historyLimit > 0 else {
                throw ValidationError("--history-limit must be positive")
            }
            guard (1...36_500).contains(historyDays) else {
                throw ValidationError("--history-days must be 1 to 36500")
            }
            if let database {
                guard PostgresStorage.isDatabaseURL(database) else {
                    throw ValidationError(
                        "--database takes a postgres:// or postgresql:// URL; for SQLite give "
                            + "--data-dir DIR")
                }
                guard dataDirectory == nil else {
                    throw ValidationError("--database and --data-dir exclude each other: give one")
                }
            } else if dataDirectory == nil,
                DataDirectory.defaultPath(environment: ProcessInfo.processInfo.environment) == nil
            {
                throw ValidationError("give --data-dir DIR: neither XDG_DATA_HOME nor HOME is set")
            }
        }

        func run() async throws {
            guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
                throw CLIError(
                    kind: "unsupported", detail: "the server needs macOS 14", status: .unavailable)
            }
            try await serve()
        }

        @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
        private func serve() async throws {
            let authentication = try ServeAuthentication(
                secretFile: tokenSecretFile, publicKeyFiles: tokenPublicKeys,
                audience: tokenAudience, issuer: tokenIssuer)
            let retention = RetentionPolicy(
                maxEnvelopes: historyLimit, maxAgeMs: Int64(historyDays) * 86_400_000)
            let storage: any ServerStorage
            var storedIn: String
            do {
                if let database {
                    let postgres = try await PostgresStorage.open(
                        url: database, configuration: .init(retention: retention))
                    storage = postgres
                    storedIn = "PostgreSQL \(postgres.location)"
                } else {
                    let directory =
                        dataDirectory
                        ?? DataDirectory.defaultPath(
                            environment: ProcessInfo.processInfo.environment)
                        ?? ""
                    let sqlite = try await SQLiteStorage.open(
                        directory: directory,
                        configuration: .init(durability: durability, retention: retention))
                    storage = sqlite
                    storedIn = "\(sqlite.path) (durability \(durability.rawValue))"
                }
            } catch {
                throw CLIError(
                    kind: error.code.rawValue, detail: error.detail, status: .unavailable)
            }
            // With PostgreSQL, this process is one node of as many as share the database.
            var fanOut: PostgresFanOut?
            if let postgres = storage as? PostgresStorage {
                do {
                    fanOut = try await PostgresFanOut.start(on: postgres)
                } catch {
                    await postgres.close()
                    throw CLIError(
                        kind: error.code.rawValue, detail: error.detail, status: .unavailable)
                }
                storedIn += " as node \(fanOut?.node ?? "")"
            }
            do {
                try await serve(storage, fanOut: fanOut, storedIn: storedIn, authentication)
            } catch {
                await fanOut?.close()
                await storage.close()
                throw error
            }
            await fanOut?.close()
            await storage.close()
        }

        @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
        private func serve(
            _ storage: any ServerStorage, fanOut: PostgresFanOut?, storedIn: String,
            _ authentication: ServeAuthentication
        ) async throws {
            let limits = ConnectionLimits(maxConnections: maxConnections)
            var webSocketConfiguration = WebSocketConfiguration(
                limits: limits, allowedOrigins: allowedOrigins.isEmpty ? nil : Set(allowedOrigins),
                credentialCheck: authentication.credentialCheck)
            if let web {
                let site = try StaticSite(folder: web)
                webSocketConfiguration.httpResponder = { method, target in
                    site.response(method: method, target: target)
                }
            }
            let configuration = ServerConfiguration(
                authentication: authentication.serverAuthentication,
                signInTimeoutMs: Int64(signInTimeout) * 1_000)
            let server: ChatServer
            if let fanOut, let postgres = storage as? PostgresStorage {
                server = ChatServer(configuration: configuration, storage: postgres, fanOut: fanOut)
            } else {
                server = ChatServer(configuration: configuration, storage: storage)
            }
            let relay = EnvelopeRelay(
                configuration: RelayConfiguration(
                    tcp: TCPConfiguration(limits: limits), webSocket: webSocketConfiguration),
                router: server)
            StandardStreams.writeError(
                "rtmwire serve: data in \(storedIn), history \(historyLimit) envelopes and "
                    + "\(historyDays) days per conversation\n")
            if authentication.verifier == nil {
                StandardStreams.writeError(
                    "rtmwire serve: WARNING: authentication is off (--no-authentication): the server "
                        + "trusts the sender name each connection's first envelope gives; anyone who "
                        + "can connect can speak as any user\n")
            } else {
                StandardStreams.writeError("rtmwire serve: sign-in: \(authentication.summary)\n")
            }
            let signals = ShutdownSignals()
            try await relay.run(
                tcp: try tcp.map(Self.endpoint), webSocket: try webSocket.map(Self.endpoint)
            ) { addresses in
                var parts: [String] = []
                if let address = addresses.tcp {
                    parts.append("tcp \(Self.show(address.ipAddress, address.port))")
                }
                if let address = addresses.webSocket {
                    let shown = Self.show(address.ipAddress, address.port)
                    parts.append("websocket \(shown)")
                    if web != nil { parts.append("page http://\(shown)/") }
                }
                StandardStreams.write("rtmwire serve: \(parts.joined(separator: ", "))\n")
                let signal = await signals.next()
                StandardStreams.write("rtmwire serve: \(signal), draining\n")
            }
            let statistics = relay.statistics
            StandardStreams.write(
                "rtmwire serve: received \(statistics.received) envelopes and made "
                    + "\(statistics.deliveries) deliveries over \(statistics.connections) connections "
                    + "(JSON conversions \(statistics.jsonConversions), closed \(statistics.closed))\n"
            )
        }

        /// `HOST:PORT` (the port after the last colon; `[::1]:80` keeps its brackets off).
        static func endpoint(_ text: String) throws -> RelayEndpoint {
            guard let colon = text.lastIndex(of: ":"),
                let port = Int(text[text.index(after: colon)...]),
                (0...65_535).contains(port)
            else {
                throw ValidationError("'\(text)' is not HOST:PORT (for example 127.0.0.1:8080)")
            }
            var host = String(text[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") {
                host = String(host.dropFirst().dropLast())
            }
            guard !host.isEmpty else { throw ValidationError("'\(text)' names no host") }
            return RelayEndpoint(host: host, port: port)
        }

        /// `host:port` of a bound address.
        static func show(_ host: String?, _ port: Int?) -> String {
            "\(host ?? "?"):\(port ?? 0)"
        }
    }

    /// SIGINT and SIGTERM as an async wait: the first one ends the wait (later ones are ignored
    /// while the relay drains).
    final class ShutdownSignals {
        private let stream: AsyncStream<String>
        private let sources: [any DispatchSourceSignal]

        /// Returns once both signals are watched: a signal sent as soon as the listening line
        /// is out must not be lost.
        init() {
            let (stream, continuation) = AsyncStream.makeStream(of: String.self)
            self.stream = stream
            // libdispatch installs a source's handler on its own thread after `resume()`; until
            // then the signal is ignored (SIG_IGN) and lost. A test that stopped the server right
            // after its listening line once waited for ever (the server never heard SIGTERM).
            let registered = DispatchGroup()
            sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
                // The default action would end the process before the relay drains.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield(name) }
                registered.enter()
                source.setRegistrationHandler { registered.leave() }
                source.resume()
                return source
            }
            registered.wait()
        }

        /// Waits for the next signal and returns its name.
        func next() async -> String {
            for await name in stream { return name }
            return "end"
        }
    }

    /// `--durability full|normal`.
    extension SQLiteStorage.Configuration.Durability: ExpressibleByArgument {}
#endif
