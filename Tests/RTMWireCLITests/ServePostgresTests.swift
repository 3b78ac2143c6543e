import Foundation
import RTMWire
import RTMWireNIO
import Testing

/// `rtmwire serve --database postgres://…`: two server processes on one PostgreSQL database
/// serve one history. Needs the server `RTMWIRE_TEST_POSTGRES_URL` names (Scripts/test starts
/// one) and its `psql`.
@Suite("rtmwire serve on PostgreSQL")
struct ServePostgresTests {
    static let server = ProcessInfo.processInfo.environment["RTMWIRE_TEST_POSTGRES_URL"]
        .flatMap { $0.isEmpty ? nil : $0 }

    @Test(
        .enabled(
            if: server != nil,
            """
            RTMWIRE_TEST_POSTGRES_URL is not set, so there is no PostgreSQL server to serve from \
            (Scripts/test starts one when PostgreSQL is installed)
            """))
    func twoServersOnOneDatabaseServeOneHistory() async throws {
        let server = try #require(Self.server)
        // A database of this test's own (a name of hexadecimal digits: identifiers cannot be
        // bound), dropped at the end.
        let name = "rtmwire_cli_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
        try Self.psql(server, "CREATE DATABASE \(name)")
        defer { try? Self.psql(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let database = try Self.url(server, database: name)
        let folder = try ServeFolder()
        let nodes = [
            try folder.serve(["--tcp", "127.0.0.1:0"], storage: ["--database", database]),
            try folder.serve(["--tcp", "127.0.0.1:0"], storage: ["--database", database]),
        ]
        let token = ServeFolder.token("alice")
        var acknowledgements: [Acknowledgement?] = []
        for (index, node) in nodes.enumerated() {
            acknowledgements.append(
                try await TCPClient.withConnection(host: "127.0.0.1", port: try node.port("tcp")) {
                    alice in
                    _ = try await Chat.signIn(alice, as: "alice", token: token)
                    try await alice.send(
                        Chat.envelope(
                            "m\(index)", from: "alice", .text(TextMessage(text: "via \(index)"))))
                    // Her own earlier text may reach this connection first, from the other
                    // node, as it reaches each of a user's connections in the channel.
                    while let envelope = try await alice.receive() {
                        if let acknowledgement = envelope.acknowledgement { return acknowledgement }
                    }
                    return nil
                })
        }
        #expect(acknowledgements.map { $0?.position } == [1, 2])
        #expect(acknowledgements[0]?.epoch == acknowledgements[1]?.epoch)
        // The first node serves what the second stored.
        let page = try await TCPClient.withConnection(
            host: "127.0.0.1", port: try nodes[0].port("tcp")
        ) { alice in
            _ = try await Chat.signIn(alice, as: "alice", token: token)
            try await alice.send(
                Chat.envelope("h", from: "alice", .historyRequest(HistoryRequest(limit: 10))))
            return try await alice.receive()?.historyPage
        }
        #expect(page?.entries.map(\.position) == [1, 2])
        for node in nodes {
            let stopped = node.stop()
            #expect(stopped.status == 0)
            #expect(stopped.stderr.contains("data in PostgreSQL postgres@"), "\(stopped.stderr)")
        }
    }

    /// `server`'s URL with its database replaced by `database`.
    static func url(_ server: String, database: String) throws -> String {
        var components = try #require(URLComponents(string: server))
        components.path = "/" + database
        return try #require(components.string)
    }

    /// Runs one statement with `psql`.
    static func psql(_ url: String, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", url, "-qc", statement]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "psql failed: \(statement)")
    }
}
