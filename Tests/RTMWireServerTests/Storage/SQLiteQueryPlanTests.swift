import Foundation
import SQLiteNIO
import Testing

@testable import RTMWireServer

/// The queries that run with every commit or receipt look envelopes up by an index, never read
/// a whole table or history (what SQLite's planner did with their first wording).
@Suite("SQLite query plans")
struct SQLiteQueryPlanTests {
    /// The plan of `query` with `binds`, one line per step.
    static func plan(_ query: String, _ binds: [SQLiteData]) async throws -> [String] {
        let directory = try TemporaryDirectory()
        let storage = try await SQLiteStorage.open(directory: directory.path + "/data")
        let rows = try await storage.reader.query("EXPLAIN QUERY PLAN " + query, binds)
        await storage.close()
        return rows.compactMap { $0.column("detail")?.string }
    }

    @Test func aCommitLooksEachMessageIdUpByTheIndex() async throws {
        let steps = try await Self.plan(
            SQLiteStorage.storedPositionsQuery(count: 2),
            [.text("h1"), .text("m1"), .text("h2"), .text("m2")])
        #expect(
            steps.contains { $0.hasPrefix("SEARCH e USING INDEX") && $0.contains("message_id=?") },
            "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN e") || $0.hasPrefix("SCAN envelopes") })
    }

    @Test func theRetentionSweepReadsOnlyWhatExpired() async throws {
        let steps = try await Self.plan(SQLiteStorage.expiredQuery, [.integer(1_000)])
        #expect(
            steps.contains {
                $0.hasPrefix("SEARCH envelopes USING COVERING INDEX envelopes_stored")
            }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN envelopes") })
    }

    @Test func aReceiptLooksItsSendersUpByTheIndex() async throws {
        let steps = try await Self.plan(
            SQLiteStorage.sendersQuery(count: 2), [.text("m1"), .text("m2"), .text("h")])
        #expect(
            steps.contains {
                $0.hasPrefix("SEARCH e USING INDEX") && $0.contains("history=? AND message_id=?")
            }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN e") || $0.hasPrefix("SCAN envelopes") })
    }
}
