import Foundation
import RTMWire
import RTMWireFoundation
import RTMWireTestSupport
import Testing

/// Serialisation into the caller's container: `Data`, `[UInt8]` or any `RTMContiguousBytes`.
@Suite("serialisation into any byte container", .serialized)
struct ContiguousBytesTests {
    static let envelope = Fixtures.everyKind()[1]

    @Test func dataHoldsTheSameBytesAsAnArray() throws {
        let envelope = Self.envelope
        let array = try envelope.serializedBytes()
        let data: Data = try envelope.serializedBytes()
        #expect(Array(data) == array)
        #expect(try envelope.serializedBytes(as: Data.self) == data)
        #expect(try Envelope(serializedBytes: data) == envelope)
        let delimited: Data = try envelope.delimitedBytes()
        #expect(Array(delimited) == (try envelope.delimitedBytes()))
        let slice: ArraySlice<UInt8> = try envelope.serializedBytes()
        #expect(Array(slice) == array)
    }

    @Test func anEmptyMessageIsAnEmptyContainer() throws {
        let data: Data = try TextMessage().serializedBytes(options: .wireOnly)
        #expect(data.isEmpty)
    }

    @Test func theChecksOfEveryEncodingApply() {
        let invalid = Envelope(messageID: "", body: .text(TextMessage(text: "x")))
        #expect(throws: RTMWireError.self) { let _: Data = try invalid.serializedBytes() }
        #expect(throws: RTMWireError.self) { let _: Data = try invalid.delimitedBytes() }
        // U+0000 is found while the strings are copied: the same error as the array's.
        let nul = Envelope(
            messageID: "m-1", sender: Sender(userID: "a\u{0}"),
            conversation: Conversation(type: .channel, id: "c"), body: .text(TextMessage(text: "x"))
        )
        let expected = caught { () throws(RTMWireError) in _ = try nul.serializedBytes() }
        let error = caught { () throws(RTMWireError) in let _: Data = try nul.serializedBytes() }
        #expect(expected?.fieldPath == "sender.user_id")
        #expect(error == expected)
        #expect(throws: Never.self) { let _: Data = try nul.serializedBytes(options: .wireOnly) }
    }

    /// The container is created once, at the exact size, and written in place: the storage
    /// written is the storage returned (a copy would move the bytes to new storage).
    @Test(arguments: [false, true]) func theContainerIsWrittenInPlaceNeverCopied(delimited: Bool)
        throws
    {
        SpyBytes.reset()
        let envelope = Self.envelope
        let spy: SpyBytes =
            delimited ? try envelope.delimitedBytes() : try envelope.serializedBytes()
        let expected = delimited ? try envelope.delimitedBytes() : try envelope.serializedBytes()
        #expect(SpyBytes.creations == [expected.count])
        #expect(SpyBytes.writes.count == 1)
        let returned = spy.data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        #expect(SpyBytes.writes == [returned])
        #expect(Array(spy.data) == expected)
    }

    /// `[UInt8]`: one allocation of the encoded size, measured by the heap counter (Foundation's
    /// `Data` allocates outside the Swift runtime, so the spy above covers it).
    @Test(.enabled(if: HeapCounter.installed)) func anArrayIsAllocatedOnce() throws {
        let envelope = Envelope(
            messageID: "m", sender: Fixtures.alice, conversation: .init(type: .peer, id: "b"),
            body: .custom(CustomMessage(type: "t", payload: Array(repeating: 7, count: 20_000))))
        let size = envelope.serializedSize
        var bytes: [UInt8] = []
        let measured = HeapCounter.measure {
            bytes = try! envelope.serializedBytes(as: [UInt8].self)
        }
        #expect(bytes.count == size)
        #expect(measured.cumulative >= size)
        #expect(measured.cumulative < size + 512)
    }
}

/// A container that records how it is created and where it is written, forwarding to `Data`.
struct SpyBytes: RTMContiguousBytes {
    nonisolated(unsafe) static var creations: [Int] = []
    nonisolated(unsafe) static var writes: [UInt] = []
    static func reset() {
        creations = []
        writes = []
    }

    var data: Data

    init(repeating: UInt8, count: Int) {
        Self.creations.append(count)
        data = Data(repeating: repeating, count: count)
    }

    var count: Int { data.count }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try data.withUnsafeBytes(body)
    }

    mutating func withUnsafeMutableBytes<R>(
        _ body: (UnsafeMutableRawBufferPointer) throws -> R
    ) rethrows -> R {
        try data.withUnsafeMutableBytes { buffer in
            Self.writes.append(UInt(bitPattern: buffer.baseAddress))
            return try body(buffer)
        }
    }
}
