import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// Several server nodes in one process, as several `rtmwire serve --database` processes would
/// be: each a ``ChatServer`` behind its own relay on 127.0.0.1, with its own
/// ``PostgresStorage`` (its own pool of connections) and ``PostgresFanOut``, all on one new
/// database of the test server.
enum ClusterHarness {
    /// How often the nodes read without being woken: short, so that a test that loses a
    /// notification still ends quickly.
    static let pollInterval = Duration.milliseconds(200)

    /// Runs `body` with the TCP port of each of `count` nodes.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    static func run<Result: Sendable>(
        nodes count: Int, _ body: ([Int]) async throws -> Result
    ) async throws -> Result {
        let server = try #require(TestPostgres.url, TestPostgres.skipReason)
        let (address, _) = try await TestPostgres.createDatabase(on: server)
        var nodes: [(PostgresStorage, PostgresFanOut)] = []
        func close() async {
            for (storage, fanOut) in nodes {
                await fanOut.close()
                await storage.close()
            }
            await TestPostgres.dropDatabase(address.database ?? "", on: server)
        }
        do {
            for index in 0..<count {
                let storage = try await PostgresStorage.open(address, configuration: .init())
                let fanOut = try await PostgresFanOut.start(
                    on: storage, node: "node-\(index)", pollInterval: pollInterval)
                nodes.append((storage, fanOut))
            }
            let servers = nodes.map { storage, fanOut in
                ChatServer(
                    configuration: ServerConfiguration(
                        authentication: .tokens(ServerHarness.verifier)),
                    storage: storage, fanOut: fanOut)
            }
            let result = try await serve(servers[...], ports: [], body)
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }

    /// Runs a relay for the first server, and inside it the rest, then `body`.
    private static func serve<Result: Sendable>(
        _ servers: ArraySlice<ChatServer>, ports: [Int], _ body: ([Int]) async throws -> Result
    ) async throws -> Result {
        guard let server = servers.first else { return try await body(ports) }
        let relay = EnvelopeRelay(router: server)
        return try await relay.run(
            tcp: RelayEndpoint(host: "127.0.0.1", port: 0), webSocket: nil
        ) { addresses in
            let port = try #require(addresses.tcp?.port)
            return try await serve(servers.dropFirst(), ports: ports + [port], body)
        }
    }

    /// The next envelope on `connection` that `matches`, skipping others (presence and other
    /// users' joins reach channel members too).
    static func next(
        on connection: some EnvelopeConnection, _ what: String,
        where matches: (Envelope) -> Bool
    ) async throws -> Envelope {
        while let envelope = try await connection.receive() {
            if matches(envelope) { return envelope }
        }
        throw ClusterTestError("the connection ended before \(what)")
    }
}

/// A cluster test's failure that no expectation names.
struct ClusterTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
