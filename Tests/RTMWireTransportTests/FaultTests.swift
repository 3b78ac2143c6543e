import NIOCore
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// Faults end in a clear typed error on that connection, after every envelope accepted before
/// the fault, exactly once each.
// The time limit catches a hang, not slowness: these tests take seconds, but under
// ThreadSanitizer on a busy 2-core machine several took over a minute (CI, 2026-11-25).
@Suite(.timeLimit(.minutes(5)))
struct FaultTests {
    static let good = [
        Fixtures.text("g1", "first"), Fixtures.text("g2", "second ✓"), Fixtures.text("g3", "third"),
    ]

    static func frames(_ envelopes: [Envelope]) throws -> [UInt8] {
        try envelopes.flatMap { try $0.delimitedBytes() }
    }

    // MARK: Split frames

    @Test("in memory: a multi-frame stream split at every byte boundary arrives whole")
    func inMemoryEverySplitPoint() async throws {
        let stream = try Self.frames(Self.good)
        for split in 1..<stream.count {
            let (a, b) = InMemoryConnection.makePair(
                configuration: .init(chunking: .splitting(at: [split])))
            try await a.send(contentsOf: Self.good)
            await a.close()
            let received = try await receiveAll(b)
            #expect(received == Self.good, "split at \(split)")
        }
        let (a, b) = InMemoryConnection.makePair(
            configuration: .init(capacity: 4, chunking: .everyByte))
        async let received = receiveAll(b)
        try await a.send(contentsOf: Self.good)
        try await a.send(Self.good[0])
        await a.close()
        #expect(try await received == Self.good + [Self.good[0]])
    }

    @Test("NIO decoder: a multi-frame stream split at every byte boundary decodes whole")
    func decoderEverySplitPoint() throws {
        let stream = try Self.frames(Self.good)
        for split in 1..<stream.count {
            var decoder = EnvelopeFrameDecoder()
            var buffer = ByteBuffer(bytes: stream[..<split])
            var decoded: [Envelope] = []
            while let envelope = try decoder.decodeFrame(from: &buffer) { decoded.append(envelope) }
            buffer.writeBytes(stream[split...])
            while let envelope = try decoder.decodeFrame(from: &buffer) { decoded.append(envelope) }
            #expect(decoded == Self.good, "split at \(split)")
            #expect(buffer.readableBytes == 0)
        }
        // One byte at a time, as a cumulation buffer grows.
        var decoder = EnvelopeFrameDecoder()
        var buffer = ByteBuffer()
        var decoded: [Envelope] = []
        for byte in stream {
            buffer.writeInteger(byte)
            while let envelope = try decoder.decodeFrame(from: &buffer) { decoded.append(envelope) }
        }
        #expect(decoded == Self.good)
    }

    @Test("TCP: frames written one byte per write arrive whole")
    func tcpOneBytePerWrite() async throws {
        let stream = try Self.frames(Self.good)
        let outcome = try await tcpServerOutcome { port in
            try await RawTCPClient.withConnection(port: port) { client in
                try await client.writeEachByte(stream)
                try await client.closeOutput()
            }
        }
        #expect(outcome.envelopes == Self.good)
        #expect(outcome.error == nil)
    }

    // MARK: Garbage

    struct Garbage: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var code: RTMWireError.Code
        var description: String { name }
    }

    static let garbage: [Garbage] = [
        Garbage(
            name: "field number 0", bytes: [0x03, 0x00, 0x01, 0x02], code: .invalidFieldNumber),
        Garbage(
            name: "length past the end", bytes: [0x03, 0x0A, 0x7F, 0x41], code: .lengthPastEnd),
        Garbage(name: "invalid wire type", bytes: [0x02, 0x0F, 0x00], code: .invalidWireType),
        Garbage(
            name: "prefix longer than 10 bytes", bytes: Array(repeating: 0xFF, count: 11),
            code: .varintTooLong),
        Garbage(name: "invalid UTF-8", bytes: [0x04, 0x0A, 0x02, 0xC3, 0x28], code: .invalidUTF8),
        Garbage(
            name: "well-formed but no sender", bytes: [0x03, 0x0A, 0x01, 0x41], code: .missingField),
    ]

    @Test(
        "in memory: a garbage frame fails the connection after the good frames", arguments: garbage)
    func inMemoryGarbage(garbage: Garbage) async throws {
        let (a, b) = InMemoryConnection.makePair()
        let bytes =
            try Self.frames(Array(Self.good[0..<2])) + garbage.bytes + Self.frames([Self.good[2]])
        try await a.sendRawBytes(bytes, chunking: .fixed(size: 3))
        let outcome = await readUntilFault(b)
        #expect(outcome.envelopes == Array(Self.good[0..<2]))
        #expect(outcome.wireError?.code == garbage.code)
        #expect((outcome.secondError as? RTMWireError)?.code == garbage.code)
        // The failed side hung up: the sender learns its peer is gone.
        #expect(try await a.receive() == nil)
        await #expect(throws: TransportError.self) { try await a.send(Self.good[0]) }
    }

    @Test("TCP: a garbage frame fails the connection after the good frames", arguments: garbage)
    func tcpGarbage(garbage: Garbage) async throws {
        let bytes =
            try Self.frames(Array(Self.good[0..<2])) + garbage.bytes + Self.frames([Self.good[2]])
        let outcome = try await tcpServerOutcome { port in
            // No half-close: the server must end the connection by itself.
            try await RawTCPClient.withConnection(port: port) { client in
                try await client.write(bytes)
            }
        }
        #expect(outcome.envelopes == Array(Self.good[0..<2]))
        #expect(outcome.wireError?.code == garbage.code)
        #expect((outcome.secondError as? RTMWireError)?.code == garbage.code)
    }

    // MARK: Oversized length prefix

    /// A varint length prefix of 2^32 bytes.
    static let hugePrefix: [UInt8] = [0x80, 0x80, 0x80, 0x80, 0x10]

    @Test("in memory: a length prefix above the cap is refused before the body is buffered")
    func inMemoryOversizedPrefix() async throws {
        let (a, b) = InMemoryConnection.makePair(configuration: .init(capacity: 8))
        let junk = Array(repeating: UInt8(0x41), count: 64 * 1024)
        let bytes = try Self.frames([Self.good[0]]) + Self.hugePrefix + junk
        async let written: (any Error)? = {
            do { try await a.sendRawBytes(bytes, chunking: .fixed(size: 16)) } catch {
                return error
            }
            return nil
        }()
        let outcome = await readUntilFault(b)
        #expect(outcome.envelopes == [Self.good[0]])
        let error = try #require(outcome.wireError)
        #expect(error.code == .limitExceeded)
        #expect(
            error.limit
                == .init(
                    name: "maxMessageBytes", allowed: Limits.default.maxMessageBytes,
                    actual: 1 << 32))
        // Nothing beyond the prefix and the 16-byte piece that completed it was ever buffered.
        #expect(await b.inboundBufferedByteCount <= Self.hugePrefix.count + 16)
        // The writer blocked on the full buffer learns the receiver failed.
        let writeError = await written
        #expect((writeError as? TransportError)?.code == .reset)
    }

    @Test("NIO decoder: the prefix alone is enough to refuse, with only the prefix buffered")
    func decoderOversizedPrefix() throws {
        var decoder = EnvelopeFrameDecoder()
        var buffer = ByteBuffer()
        for byte in Self.hugePrefix.dropLast() {
            buffer.writeInteger(byte)
            #expect(try decoder.decodeFrame(from: &buffer) == nil)
        }
        buffer.writeInteger(Self.hugePrefix.last ?? 0)
        #expect {
            _ = try decoder.decodeFrame(from: &buffer)
        } throws: { error in
            (error as? RTMWireError)?.code == .limitExceeded
                && (error as? RTMWireError)?.limit?.actual == 1 << 32
        }
        #expect(buffer.readableBytes == Self.hugePrefix.count)
        // Exactly at the cap is accepted (and waits for the body); one byte over is refused.
        let limits = Limits(maxMessageBytes: 300)
        var atCap = EnvelopeFrameDecoder(options: .init(limits: limits))
        var capBuffer = ByteBuffer(bytes: [0xAC, 0x02])  // 300
        #expect(try atCap.decodeFrame(from: &capBuffer) == nil)
        var overCap = EnvelopeFrameDecoder(options: .init(limits: limits))
        var overBuffer = ByteBuffer(bytes: [0xAD, 0x02])  // 301
        #expect(throws: RTMWireError.self) { _ = try overCap.decodeFrame(from: &overBuffer) }
    }

    @Test("TCP: a length prefix above the cap fails the connection without waiting for the body")
    func tcpOversizedPrefix() async throws {
        let outcome = try await tcpServerOutcome { port in
            try await RawTCPClient.withConnection(port: port) { client in
                // The body is never sent and the client never closes: only an early refusal ends this.
                try await client.write(
                    try Self.frames([Self.good[0]]) + Self.hugePrefix + [1, 2, 3])
            }
        }
        #expect(outcome.envelopes == [Self.good[0]])
        #expect(outcome.wireError?.code == .limitExceeded)
        #expect(outcome.wireError?.limit?.name == "maxMessageBytes")
    }

    @Test("TCP pipeline: the ByteToMessageHandler buffers no more than the prefix")
    func pipelineBufferedBytes() async throws {
        let peak = try await MeasuringServer.peakBufferedBytes { client in
            try await client.write(Self.hugePrefix)
        }
        #expect(peak <= Self.hugePrefix.count)
    }

    // MARK: Disconnect mid-frame

    @Test(
        "in memory: a peer that disconnects mid-frame ends in truncatedFrame",
        arguments: [1, 5, 12])
    func inMemoryDisconnectMidFrame(cut: Int) async throws {
        let (a, b) = InMemoryConnection.makePair()
        try await a.send(Self.good[0])
        try await a.sendRawBytes(Array(try Self.good[1].delimitedBytes().prefix(cut)))
        await a.close()
        let outcome = await readUntilFault(b)
        #expect(outcome.envelopes == [Self.good[0]])
        #expect(outcome.wireError?.code == .truncatedFrame)
        #expect((outcome.secondError as? RTMWireError)?.code == .truncatedFrame)
    }

    @Test("TCP: a peer that disconnects mid-frame ends in truncatedFrame", arguments: [1, 5, 12])
    func tcpDisconnectMidFrame(cut: Int) async throws {
        let bytes =
            try Self.frames([Self.good[0]]) + Array(try Self.good[1].delimitedBytes().prefix(cut))
        let outcome = try await tcpServerOutcome { port in
            try await RawTCPClient.withConnection(port: port) { client in
                try await client.write(bytes)
                try await client.closeOutput()
            }
        }
        #expect(outcome.envelopes == [Self.good[0]])
        #expect(outcome.wireError?.code == .truncatedFrame)
        #expect((outcome.secondError as? RTMWireError)?.code == .truncatedFrame)
    }

    // MARK: Oversized message refused by the sender

    @Test(
        "an oversized message is refused by the sender's limits before it reaches the wire",
        arguments: TransportKind.allCases)
    func senderRefusesOversized(kind: TransportKind) async throws {
        let codec = CodecOptions(limits: Limits(maxMessageBytes: 256))
        let big = Fixtures.text("big", String(repeating: "x", count: 300))
        let tooMuchContent = Fixtures.text("content", String(repeating: "y", count: 40_000))
        let received = try await kind.withPair(codec: codec) { a, b in
            await #expect {
                try await a.send(big)
            } throws: { error in
                (error as? RTMWireError)?.limit?.name == "maxMessageBytes"
            }
            await #expect {
                try await a.send(contentsOf: [Self.good[0], tooMuchContent])
            } throws: { error in
                (error as? RTMWireError)?.limit?.name == "maxContentBytes"
            }
            try await a.send(Self.good[1])
            await a.close()
            let received = try await receiveAll(b)
            await b.close()
            return received
        }
        // Nothing of the refused sends crossed; the connection stayed usable.
        #expect(received == [Self.good[1]])
    }

    // MARK: Misuse

    @Test("sending after close throws closed", arguments: TransportKind.allCases)
    func sendAfterClose(kind: TransportKind) async throws {
        try await kind.withPair { a, b throws in
            await a.close()
            await #expect {
                try await a.send(Self.good[0])
            } throws: { error in
                (error as? TransportError)?.code == .closed
            }
            #expect(try await b.receive() == nil)
            await b.close()
        }
    }
}
