import Foundation
import RTMWire
import RTMWireFoundation
import RTMWireTestSupport
import Testing

/// `AsyncSequence.delimitedMessages(of:options:)`: messages from chunks or bytes as they arrive.
@Suite("DelimitedMessages")
struct DelimitedMessagesTests {
    static let envelopes = Fixtures.everyKind()
    static let stream: [UInt8] = envelopes.flatMap { try! $0.delimitedBytes() }

    static func chunks(_ bytes: [UInt8], size: Int) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for start in stride(from: 0, to: bytes.count, by: size) {
                continuation.yield(Data(bytes[start..<min(start + size, bytes.count)]))
            }
            continuation.finish()
        }
    }

    @Test(arguments: [1, 7, 100, 1 << 20]) func chunksOfAnySize(size: Int) async throws {
        var received: [Envelope] = []
        for try await envelope in Self.chunks(Self.stream, size: size).delimitedMessages(
            of: Envelope.self)
        {
            received.append(envelope)
        }
        #expect(received == Self.envelopes)
    }

    @Test func singleBytesAsFromURLSession() async throws {
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Self.stream { continuation.yield(byte) }
            continuation.finish()
        }
        var received: [Envelope] = []
        for try await envelope in bytes.delimitedMessages(of: Envelope.self) {
            received.append(envelope)
        }
        #expect(received == Self.envelopes)
    }

    @Test func eachMessageComesAsSoonAsItsLastByte() async throws {
        let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream()
        var iterator = chunks.delimitedMessages(of: Envelope.self).makeAsyncIterator()
        let first = try Self.envelopes[0].delimitedBytes()
        continuation.yield(Array(first.dropLast()))
        continuation.yield([first.last!] + (try Self.envelopes[1].delimitedBytes()).prefix(3))
        // The second frame is incomplete and the stream still open: the first must come now.
        #expect(try await iterator.next() == Self.envelopes[0])
        continuation.yield(Array((try Self.envelopes[1].delimitedBytes()).dropFirst(3)))
        continuation.finish()
        #expect(try await iterator.next() == Self.envelopes[1])
        #expect(try await iterator.next() == nil)
    }

    @Test func aStreamCutInsideAFrameIsTruncatedFrameAfterWhatCameBefore() async throws {
        let cut = Array(Self.stream.prefix((try Self.envelopes[0].delimitedBytes()).count + 5))
        var iterator = Self.chunks(cut, size: 3).delimitedMessages(of: Envelope.self)
            .makeAsyncIterator()
        #expect(try await iterator.next() == Self.envelopes[0])
        await #expect {
            _ = try await iterator.next()
        } throws: { ($0 as! RTMWireError).code == .truncatedFrame }
        #expect(try await iterator.next() == nil)
    }

    @Test func anOversizedPrefixIsRefusedBeforeTheBody() async throws {
        let options = CodecOptions(limits: Limits(maxMessageBytes: 100))
        // A prefix of 101 and nothing more: refused without waiting for 101 bytes.
        let (chunks, continuation) = AsyncStream<[UInt8]>.makeStream()
        continuation.yield([101])
        var iterator = chunks.delimitedMessages(of: Envelope.self, options: options)
            .makeAsyncIterator()
        await #expect {
            _ = try await iterator.next()
        } throws: { error in
            let error = error as! RTMWireError
            return error.code == .limitExceeded && error.limit?.actual == 101 && error.offset == 0
        }
        continuation.finish()
    }

    struct SourceFailed: Error {}

    @Test func theBaseSequencesErrorIsRethrown() async throws {
        let (chunks, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        continuation.yield(try Self.envelopes[0].delimitedBytes())
        continuation.finish(throwing: SourceFailed())
        var iterator = chunks.delimitedMessages(of: Envelope.self).makeAsyncIterator()
        #expect(try await iterator.next() == Self.envelopes[0])
        await #expect(throws: SourceFailed.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }
}
