import NIOCore
import RTMWireTransport
import Testing

@testable import RTMWireNIO

/// The outbound high-water mark at its boundary, one past it, and the ways a wait ends.
// The time limit catches a hang, not slowness: these tests take seconds, but under
// ThreadSanitizer on a busy 2-core machine several took over a minute (CI, 2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct OutboundBudgetTests {
    /// Waits until `budget` has `count` parked sends, polling every millisecond (sleeping, so
    /// it never starves the tasks it waits for, even under a sanitizer on a busy machine) up to
    /// a fixed number of polls.
    static func waitUntilParked(_ budget: OutboundBudget, count: Int = 1) async {
        for _ in 0..<30_000 where budget.waitingSends < count {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    @Test func reservationsUpToTheMarkAreImmediateAndOneByteMoreWaits() async throws {
        let budget = OutboundBudget(capacity: 100, timeout: nil)
        try await budget.reserve(60)
        try await budget.reserve(40)  // exactly at the mark
        #expect(budget.bufferedBytes == 100)
        #expect(budget.waitingSends == 0)
        let parked = Task { try await budget.reserve(1) }  // one past it
        await Self.waitUntilParked(budget)
        #expect(budget.waitingSends == 1)
        #expect(budget.bufferedBytes == 100)
        budget.release(1)
        try await parked.value
        #expect(budget.bufferedBytes == 100)
        #expect(budget.waitingSends == 0)
    }

    @Test func oneReservationLargerThanTheMarkGoesWhenNothingIsBuffered() async throws {
        let budget = OutboundBudget(capacity: 100, timeout: nil)
        try await budget.reserve(250)
        #expect(budget.bufferedBytes == 250)
        let next = Task { try await budget.reserve(1) }
        await Self.waitUntilParked(budget)
        budget.release(250)
        try await next.value
        #expect(budget.bufferedBytes == 1)
    }

    @Test func waitersAreServedInOrder() async throws {
        let budget = OutboundBudget(capacity: 10, timeout: nil)
        try await budget.reserve(10)
        let big = Task { try await budget.reserve(8) }
        await Self.waitUntilParked(budget, count: 1)
        // A small send behind a large one waits too: no overtaking, so no starvation.
        let small = Task { try await budget.reserve(1) }
        await Self.waitUntilParked(budget, count: 2)
        budget.release(9)  // 1 buffered: the 8 fits (9), the 1 then fits too (10)
        try await big.value
        try await small.value
        #expect(budget.bufferedBytes == 10)
    }

    @Test func aCancelledWaitReservesNothing() async throws {
        let budget = OutboundBudget(capacity: 10, timeout: nil)
        try await budget.reserve(10)
        let parked = Task { try await budget.reserve(5) }
        await Self.waitUntilParked(budget)
        parked.cancel()
        await #expect(throws: CancellationError.self) { try await parked.value }
        #expect(budget.waitingSends == 0)
        budget.release(10)
        #expect(budget.bufferedBytes == 0)
    }

    @Test func aWaitPastTheTimeoutThrowsSendTimedOutAndReservesNothing() async throws {
        let budget = OutboundBudget(capacity: 10, timeout: .milliseconds(20))
        try await budget.reserve(10)
        await #expect {
            try await budget.reserve(1)
        } throws: { ($0 as? TransportError)?.code == .sendTimedOut }
        #expect(budget.waitingSends == 0)
        #expect(budget.bufferedBytes == 10)
        // The budget still works.
        budget.release(10)
        try await budget.reserve(10)
        #expect(budget.bufferedBytes == 10)
    }

    @Test func theDefaultLimitsAreTheDocumentedOnes() {
        let limits = ConnectionLimits.default
        #expect(limits.maxOutboundBufferedBytes == 2_097_152)
        #expect(limits.sendTimeout == .seconds(30))
        #expect(limits.frameTimeout == .seconds(30))
        #expect(limits.maxConnections == 1_000)
        #expect(TCPConfiguration().limits == limits)
        #expect(
            ConnectionLimits(maxOutboundBufferedBytes: 0, maxConnections: 0).maxConnections == 1)
    }
}
