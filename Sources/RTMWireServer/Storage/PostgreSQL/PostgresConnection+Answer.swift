import Logging
import NIOCore
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and returns its rows; throws at once when the connection is closed already,
    /// and as soon as the calling task is cancelled, whatever becomes of the statement.
    ///
    /// postgres-nio's pool can lend a connection whose socket has just closed, and a statement
    /// written to it may never end and ignores cancellation (vapor/postgres-nio#487, reverted by
    /// #501). `DatabaseLossTests` met it: a store leased a closed connection as the database went
    /// away, its `BEGIN` never ended, and ``PostgresOperations/run(within:_:)`` waited for it, so
    /// the client never got `storageUnavailable`. So nothing is written to a closed connection,
    /// and the caller waits on a promise of its own that the statement's answer or a cancellation
    /// completes, whichever comes first: a connection that closes after the check still leaves
    /// the call to its time limit. A cancelled statement may still be in flight, so its
    /// connection is closed: the pool never lends it again, and PostgreSQL rolls back what it
    /// began.
    func answer(to query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        guard !isClosed else {
            throw StorageError(.unavailable, "the connection to PostgreSQL closed")
        }
        let answer = eventLoop.makePromise(of: [PostgresRow].self)
        let result: EventLoopFuture<PostgresQueryResult> = self.query(query, logger: logger)
        result.map(\.rows).cascade(to: answer)
        return try await withTaskCancellationHandler {
            try await answer.futureResult.get()
        } onCancel: {
            answer.fail(CancellationError())
            let _: EventLoopFuture<Void> = close()
        }
    }
}
