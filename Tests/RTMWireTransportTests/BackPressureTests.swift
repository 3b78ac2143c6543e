import RTMWire
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// A counter shared between a sending task and the test.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

// The time limit catches a hang, not slowness: these tests take seconds, but under
// ThreadSanitizer on a busy 2-core machine several took over a minute (CI, 2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct BackPressureTests {
    @Test("in memory: a sender suspends while the bounded buffer is full")
    func senderSuspendsWhenFull() async throws {
        let (a, b) = InMemoryConnection.makePair(configuration: .init(capacity: 2))
        let sent = Counter()
        let messages = (0..<5).map { Fixtures.text("m\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for message in messages {
                    try await a.send(message)
                    await sent.increment()
                }
                await a.close()
            }
            // Wait (by yielding, not by time) until the third send is parked.
            var suspended = 0
            for _ in 0..<100_000 where suspended == 0 {
                suspended = await a.outboundSuspendedSendCount
                if suspended == 0 { await Task.yield() }
            }
            #expect(suspended == 1)
            #expect(await a.outboundQueuedPieceCount == 2)
            #expect(await sent.value == 2)
            // Draining the buffer lets the sender finish, in order, with nothing lost.
            #expect(try await receiveAll(b) == messages)
            try await group.waitForAll()
        }
        #expect(await sent.value == 5)
    }

    @Test("in memory: a parked send can be cancelled before any of its bytes are queued")
    func parkedSendIsCancellable() async throws {
        let (a, b) = InMemoryConnection.makePair(configuration: .init(capacity: 1))
        try await a.send(Fixtures.text("first"))
        let parked = Task { try await a.send(Fixtures.text("second")) }
        for _ in 0..<100_000 where await a.outboundSuspendedSendCount == 0 { await Task.yield() }
        parked.cancel()
        await #expect(throws: CancellationError.self) { try await parked.value }
        async let received = receiveAll(b)
        try await a.send(Fixtures.text("third"))
        await a.close()
        #expect(try await received.map(\.messageID) == ["first", "third"])
    }
}
