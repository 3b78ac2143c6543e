import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import RTMWireServer

/// `PostgresOperations.run(within:_:)` bounds a call by its limit even when the call does not
/// end when cancelled (as postgres-nio's wait for a connection may not), and `close()` still
/// waits for it; no database needed.
@Suite("PostgreSQL calls and their time limit")
struct PostgresOperationsTests {
    /// A call that ends only when `release()` is called, whatever cancels it.
    final class Stuck: Sendable {
        private let waiting = NIOLockedValueBox<[CheckedContinuation<Void, Never>]>([])
        private let released = NIOLockedValueBox(false)

        func wait() async {
            await withCheckedContinuation { continuation in
                let resumeNow = released.withLockedValue { released in
                    if !released { waiting.withLockedValue { $0.append(continuation) } }
                    return released
                }
                if resumeNow { continuation.resume() }
            }
        }

        func release() {
            released.withLockedValue { $0 = true }
            for continuation in waiting.withLockedValue({ $0 }) { continuation.resume() }
        }
    }

    @Test func aCallThatIgnoresCancellationIsRefusedAtItsLimit() async throws {
        let operations = PostgresOperations(drainLimit: .seconds(5))
        let stuck = Stuck()
        let error = await #expect(throws: StorageError.self) {
            try await operations.run(within: .milliseconds(200)) {
                await stuck.wait()
                return 1
            }
        }
        #expect(error?.code == .unavailable)
        // It returned while the call still runs (no wall-clock bound: the call only ends when
        // released), and the call is still counted, so closing waits for it.
        #expect(operations.runningCount == 1)
        stuck.release()
        #expect(await operations.close())
        #expect(operations.runningCount == 0)
    }

    @Test func aCallWithinItsLimitGivesItsResult() async throws {
        let operations = PostgresOperations()
        let value = try await operations.run(within: .seconds(5)) { 42 }
        #expect(value == 42)
        #expect(operations.runningCount == 0)
    }

    @Test func aCallThatFailsGivesItsError() async throws {
        let operations = PostgresOperations()
        let error = await #expect(throws: StorageError.self) {
            try await operations.run(within: .seconds(5)) { () async throws -> Int in
                throw StorageError(.corrupt, "refused")
            }
        }
        #expect(error?.code == .corrupt)
    }

    @Test func aClosedStorageRefusesNewCalls() async throws {
        let operations = PostgresOperations()
        #expect(await operations.close())
        let error = await #expect(throws: StorageError.self) {
            try await operations.run(within: .seconds(5)) { 1 }
        }
        #expect(error?.code == .closed)
    }
}
