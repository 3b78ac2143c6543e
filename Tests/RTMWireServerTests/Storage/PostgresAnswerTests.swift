import PostgresNIO
import Testing

@testable import RTMWireServer

/// `PostgresConnection.answer(to:logger:)`: whoever waits for a statement is answered once the
/// connection closes or the waiting task is cancelled, whatever postgres-nio does with the
/// statement. Each long statement sleeps 30 s in PostgreSQL: a test that got its rows waited
/// for the statement, which is the failure.
@Suite(
    "A statement's answer", .timeLimit(.minutes(2)),
    .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
struct PostgresAnswerTests {
    static let logger = TestPostgres.logger
    static let sleep: PostgresQuery = "SELECT pg_sleep(30)"

    static func connect() async throws -> PostgresConnection {
        let server = try #require(TestPostgres.url, TestPostgres.skipReason)
        return try await PostgresConnection.connect(
            configuration: try PostgresAddress(url: server).connectionConfiguration(), id: 7,
            logger: logger)
    }

    @Test func isTheRowsOfTheStatement() async throws {
        let connection = try await Self.connect()
        let rows = try await connection.answer(to: "SELECT 41 + 1", logger: Self.logger)
        #expect(try rows.map { try $0.decode(Int.self) } == [42])
        try await connection.close()
    }

    @Test func isRefusedAtOnceOnAClosedConnection() async throws {
        let connection = try await Self.connect()
        try await connection.close()
        await #expect(throws: StorageError(.unavailable, "the connection to PostgreSQL closed")) {
            _ = try await connection.answer(to: "SELECT 1", logger: Self.logger)
        }
    }

    @Test func endsWhenTheWaitingTaskIsCancelledAndClosesTheConnection() async throws {
        let connection = try await Self.connect()
        let waiting = Task { try await connection.answer(to: Self.sleep, logger: Self.logger) }
        try await Task.sleep(for: .milliseconds(300))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiting.value }
        // The statement may still be running: the connection is not lent again.
        try? await connection.closeFuture.get()
        #expect(connection.isClosed)
    }

    @Test func endsWhenItsConnectionCloses() async throws {
        let connection = try await Self.connect()
        let waiting = Task { try await connection.answer(to: Self.sleep, logger: Self.logger) }
        try await Task.sleep(for: .milliseconds(300))
        let _: EventLoopFuture<Void> = connection.close()
        await #expect(throws: (any Error).self) { _ = try await waiting.value }
    }
}
