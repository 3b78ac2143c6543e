import RTMWire
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// One bad stream, read by every reader of delimited frames: `FrameReader` (the reference),
/// the in-memory transport (a `FrameReader` behind a bounded pipe) and TCP (the SwiftNIO
/// decoder behind a socket). Each must deliver the same good envelopes and then fail with the
/// same `RTMWireError`: code, offset in the stream, field path, limit and detail.
// The time limit catches a hang, not slowness: these tests take seconds, but under
// ThreadSanitizer on a busy 2-core machine several took over a minute (CI, 2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct SameErrorEveryTransportTests {
    struct BadStream: Sendable, CustomStringConvertible {
        var name: String
        /// The bytes after the good frames.
        var bytes: [UInt8]
        /// Whether the sender closes its side after the bytes (an unfinished frame is then cut).
        var closes = true
        var description: String { name }
    }

    static let good = [Fixtures.text("g1", "first"), Fixtures.text("g2", "second ✓")]

    /// A frame holding `envelope` without checking it first.
    static func unchecked(_ envelope: Envelope) -> [UInt8] {
        (try? envelope.delimitedBytes(options: .wireOnly)) ?? []
    }

    static let streams: [BadStream] = {
        var noSender = Fixtures.text("s", "hi")
        noSender.sender = nil
        var badUserID = Fixtures.text("u", "hi")
        badUserID.sender?.userID = "al~ce"
        // The sender's user id becomes invalid UTF-8 ("~" is the only 0x7E of the frame).
        let badFrame = unchecked(badUserID).map { $0 == 0x7E ? 0xFF : $0 }
        return [
            BadStream(name: "field number 0", bytes: [0x03, 0x00, 0x01, 0x02]),
            BadStream(name: "length past the end", bytes: [0x03, 0x0A, 0x7F, 0x41]),
            BadStream(name: "invalid UTF-8 in a nested field", bytes: badFrame),
            BadStream(
                name: "prefix longer than 10 bytes", bytes: Array(repeating: 0xFF, count: 11)),
            BadStream(
                name: "prefix above the frame cap", bytes: [0x80, 0x80, 0x80, 0x80, 0x10, 1]),
            BadStream(name: "no sender (a semantic rule)", bytes: unchecked(noSender)),
            BadStream(
                name: "text over maxContentBytes (a limit)",
                bytes: unchecked(Fixtures.text("big", String(repeating: "x", count: 40_000)))),
            BadStream(
                name: "cut inside a frame",
                bytes: Array(unchecked(Fixtures.text("cut", "never finished")).dropLast(3))),
        ]
    }()

    static func stream(_ bad: BadStream) throws -> [UInt8] {
        try good.flatMap { try $0.delimitedBytes() } + bad.bytes
    }

    /// What `FrameReader` makes of the stream: the reference every transport must match.
    static func frameReaderOutcome(_ bytes: [UInt8]) -> ([Envelope], RTMWireError?) {
        var reader = FrameReader<Envelope>()
        reader.append(bytes)
        var envelopes: [Envelope] = []
        do {
            while let envelope = try reader.next() { envelopes.append(envelope) }
            try reader.finish()
            return (envelopes, nil)
        } catch {
            return (envelopes, error)
        }
    }

    @Test("the same bad frame fails every transport with the same error", arguments: streams)
    func sameError(bad: BadStream) async throws {
        let bytes = try Self.stream(bad)
        let (expectedEnvelopes, expectedError) = Self.frameReaderOutcome(bytes)
        let error = try #require(expectedError, "the stream \(bad) is not bad")
        #expect(expectedEnvelopes == Self.good)
        #expect(error.offset != nil, "\(error) has no offset")

        let (a, b) = InMemoryConnection.makePair()
        // The writer may outrun the bounded pipe; it learns of the fault as a reset.
        async let sent: Void = {
            try? await a.sendRawBytes(bytes, chunking: .fixed(size: 3))
            await a.close()
        }()
        let inMemory = await readUntilFault(b)
        await sent
        #expect(inMemory.envelopes == Self.good)
        #expect(inMemory.wireError == error, "in memory")

        let tcp = try await tcpServerOutcome { port in
            try await RawTCPClient.withConnection(port: port) { client in
                try await client.write(bytes)
                try await client.closeOutput()
            }
        }
        #expect(tcp.envelopes == Self.good)
        #expect(tcp.wireError == error, "TCP")
    }
}
