import Foundation
import PostgresNIO
import RTMWire
import Testing

@testable import RTMWireServer

/// What only PostgreSQL has: a server to reach, a schema version in a table, and several nodes
/// writing one database at once (two ``PostgresStorage`` instances stand for two nodes: each has
/// its own pool of connections, as two processes would).
@Suite("PostgreSQL storage")
struct PostgresStorageTests {
    @Test func readsTheURLsOfADatabase() throws {
        let full = try PostgresAddress(
            url: "postgresql://ann:p%40ss@db.example:6543/chat?sslmode=disable")
        #expect(full.username == "ann" && full.password == "p@ss" && full.host == "db.example")
        #expect(full.port == 6543 && full.database == "chat" && full.tls == .disable)
        #expect(full.description == "ann@db.example:6543/chat")
        let bare = try PostgresAddress(url: "postgres://[::1]")
        #expect(bare.host == "::1" && bare.port == 5432 && bare.username == "postgres")
        #expect(bare.database == nil && bare.tls == .prefer)
        for bad in [
            "mysql://a@b/c", "postgres://a@b:99999/c", "postgres://a@b/c?sslmode=maybe",
            "postgres://a:%zz@b/c",
        ] {
            #expect(throws: StorageError.self) { try PostgresAddress(url: bad) }
        }
        #expect(
            PostgresAddress.redacted("postgres://ann:secret@h/d") == "postgres://ann:***@h/d")
    }

    @Test func aServerThatCannotBeReachedIsUnavailableAndNamed() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else {
            try Test.cancel("PostgresStorage needs macOS 13")
        }
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        do throws(StorageError) {
            let storage = try await PostgresStorage.open(
                url: "postgres://rtmwire:secret@127.0.0.1:1/chat?sslmode=disable")
            await storage.close()
            Issue.record("opened a database nobody serves")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.detail.contains("connect to PostgreSQL at rtmwire@127.0.0.1:1/chat"))
            #expect(!error.detail.contains("secret"))
        }
    }

    /// Skipped, saying why, when the tests have no server: then ``StorageTests`` ran against
    /// SQLite alone.
    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func everyStorageTestRunsAgainstPostgreSQLToo() {
        #expect(StorageBackend.testable == [.sqlite, .postgres])
    }

    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func refusesADatabaseOfANewerSchema() async throws {
        try await StorageBackend.postgres.withPlace { place in
            let storage = try await place.open()
            await storage.close()
            guard case .database(let address, _) = place.location else { return }
            try await TestPostgres.withAdminConnection(Self.url(of: address)) { connection in
                try await connection.query(
                    "UPDATE schema_version SET version = 99", logger: TestPostgres.logger)
            }
            do {
                let newer = try await place.open()
                await newer.close()
                Issue.record("a database of a newer schema was opened")
            } catch let error as StorageError {
                #expect(error.code == .newerSchema)
                #expect(error.detail.contains("schema version 99"))
            }
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func closingLetsTheRunningCallsEndAndRefusesNewOnes() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        try await StorageBackend.postgres.withPlace { place in
            guard case .database(let address, _) = place.location else { return }
            let storage = try await PostgresStorage.open(address, configuration: .init())
            // A call that is inside the pool when the storage closes: it ends with its answer
            // (a pool cancelled under it would leave it waiting for ever).
            let slow = Task {
                try await storage.read("sleep", "SELECT 1::bigint FROM pg_sleep(0.3)")
                    .first?.decode(Int64.self)
            }
            while storage.operations.runningCount == 0 { await Task.yield() }
            await storage.close()
            #expect(try await slow.value == 1)
            do {
                _ = try await storage.read("after", "SELECT 1")
                Issue.record("a closed storage ran a call")
            } catch let error as StorageError {
                #expect(error.code == .closed)
            }
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func twoNodesAppendingToOneHistoryGetDistinctConsecutivePositions() async throws {
        try await StorageBackend.postgres.withPlace { place in
            let nodes = [try await place.open(), try await place.open()]
            // Both nodes start the history at once (neither has a row for it yet), then keep
            // appending: 8 writers per node, 25 envelopes each, some in batches of two.
            let positions = try await withThrowingTaskGroup(of: [StoredPosition].self) { group in
                for (node, storage) in nodes.enumerated() {
                    for writer in 0..<8 {
                        group.addTask {
                            var positions: [StoredPosition] = []
                            var index = 0
                            while index < 25 {
                                let count = index % 3 == 0 && index < 24 ? 2 : 1
                                let batch = (index..<index + count).map {
                                    StorageFixture.envelope("n\(node)w\(writer)m\($0)")
                                }
                                positions += try await storage.append(batch, at: 1_000)
                                index += count
                            }
                            return positions
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(positions.count == 400 && positions.allSatisfy { !$0.isRepeat })
            #expect(positions.map(\.position).sorted() == Array(1...400))
            #expect(Set(positions.map(\.epoch)).count == 1)
            // Either node reads the one history, and a retry on the other node is a repeat.
            let page = try await nodes[1].history(
                HistoryQuery(key: StorageFixture.channel, direction: .latest, limit: 500))
            #expect(page.latestPosition == 400 && page.envelopes.count == 400)
            let retry = try await nodes[1].append([StorageFixture.envelope("n0w0m0")], at: 2_000)
            #expect(retry[0].isRepeat && retry[0].storedTimeMs == 1_000)
            for storage in nodes { await storage.close() }
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func twoNodesChangingOneTargetsMetadataTakeTurns() async throws {
        try await StorageBackend.postgres.withPlace { place in
            let nodes = [try await place.open(), try await place.open()]
            // Each node adds one to a counter 50 times, 5 at a time: a change that read the
            // count before another's commit would lose an increment.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for storage in nodes {
                    for _ in 0..<5 {
                        group.addTask {
                            for _ in 0..<10 {
                                _ = try await storage.modifyMetadata(of: "channel:1:general") {
                                    record in
                                    let count = Int(record.metadata?.items.first?.value ?? "0") ?? 0
                                    record.lastRevision += 1
                                    record.metadata = Metadata(items: [
                                        MetadataItem(
                                            key: "count", value: "\(count + 1)",
                                            revision: record.lastRevision)
                                    ])
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let record = try await nodes[0].modifyMetadata(of: "channel:1:general") { $0 }
            #expect(record.metadata?.items.first?.value == "100")
            #expect(record.lastRevision == 100 && record.metadata?.items.first?.revision == 100)
            for storage in nodes { await storage.close() }
        }
    }

    /// The URL of the database at `address` (tests have no password).
    static func url(of address: PostgresAddress) -> String {
        "postgres://\(address.username)@\(address.host):\(address.port)/\(address.database ?? "")"
            + "?sslmode=\(address.tls.rawValue)"
    }
}
