// Without the Serve trait only: the server's commands are listed, and say how to get them.
#if !Serve
    import ArgumentParser

    extension CLIError {
        /// `rtmwire <command>` needs the server, which this build of the tool leaves out.
        static func serverNotBuilt(_ command: String) -> CLIError {
            CLIError(
                kind: "notBuilt",
                detail: """
                    `rtmwire \(command)` needs the server, which this rtmwire was built without: \
                    build it with `swift build --traits Serve` (or run `swift run --traits Serve \
                    rtmwire \(command) …`)
                    """,
                status: .unavailable)
        }
    }

    /// `rtmwire serve` in a tool built without the `Serve` trait: fails with how to build it.
    struct ServeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve chat to TCP and WebSocket clients (needs the Serve trait).")

        @Argument(parsing: .allUnrecognized) var arguments: [String] = []

        func run() throws { throw CLIError.serverNotBuilt("serve") }
    }

    /// `rtmwire token` in a tool built without the `Serve` trait: fails with how to build it.
    struct TokenCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "token",
            abstract: "Mint a development token for rtmwire serve (needs the Serve trait).")

        @Argument(parsing: .allUnrecognized) var arguments: [String] = []

        func run() throws { throw CLIError.serverNotBuilt("token") }
    }
#endif
