import RTMWire
import RTMWireTestSupport
import RTMWireTransport
import Testing

@testable import rtmwire

/// Passes every envelope through, except that it rewrites the text of one message in flight.
struct TamperingConnection: EnvelopeConnection {
    let inner: any EnvelopeConnection
    let messageID: String

    func tamper(_ envelope: Envelope) -> Envelope {
        guard envelope.messageID == messageID, case .text? = envelope.body else { return envelope }
        var changed = envelope
        changed.body = .text(TextMessage(text: "tampered"))
        return changed
    }

    func send(_ envelope: Envelope) async throws { try await inner.send(tamper(envelope)) }
    func send(contentsOf envelopes: [Envelope]) async throws {
        try await inner.send(contentsOf: envelopes.map(tamper))
    }
    func receive() async throws -> Envelope? { try await inner.receive() }
    func receiveBatch() async throws -> [Envelope] { try await inner.receiveBatch() }
    func close() async { await inner.close() }
}

// The time limit catches a hang, not slowness: the demo takes seconds, but on a busy 2-core
// machine one run took 83 s (2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct LoopbackExchangeTests {
    @Test(
        "the demo exchange crosses every kind and passes every check",
        arguments: TransportKind.allCases)
    func exchangeIsClean(kind: TransportKind) async throws {
        let report = try await kind.withPair { a, b in
            try await LoopbackExchange.run(a: a, b: b, clock: { Fixtures.time })
        }
        #expect(report.allOK, "\(report.rows.filter { !$0.ok }) \(report.checks.filter { !$0.ok })")
        let kinds = Set(
            report.rows.map { $0.kind.split(separator: " ").first.map(String.init) ?? "" })
        #expect(
            kinds.isSuperset(of: [
                "text", "image", "file", "status", "custom", "stream", "receipt", "metadata",
                "edit", "recall", "reaction", "typing",
            ]))
        let receipts = Set(
            report.rows.map(\.kind).filter { $0.hasPrefix("receipt") }.map { $0.prefix(25) })
        #expect(receipts.count >= 5)
        #expect(report.checks.count == 16)
        #expect(report.rows.allSatisfy { $0.bytes > 0 })
    }

    @Test("a message altered in flight is reported", arguments: TransportKind.allCases)
    func tamperingIsDetected(kind: TransportKind) async throws {
        let report = try await kind.withPair { a, b in
            try await LoopbackExchange.run(
                a: TamperingConnection(inner: a, messageID: "a-text"), b: b,
                clock: { Fixtures.time })
        }
        #expect(!report.allOK)
        #expect(report.rows.filter { !$0.ok }.map(\.kind) == ["text"])
    }
}
