import Testing

@testable import RTMWire
@testable import RTMWireViews

/// Values read from a view outlive the bytes the view was made from: the view owns a copy.
/// Each test overwrites and frees the caller's bytes before reading what it kept, so a view
/// that still pointed into them would read the overwritten bytes ("XXXXX"), not the message.
@Suite("View lifetime")
struct ViewLifetimeTests {
    let envelope = Envelope(
        messageID: "m-1", sender: Sender(userID: "alice", displayName: "앨리스 🙂"),
        sendTimeMs: 1_615_539_916_000,
        conversation: Conversation(type: .channel, id: "lobby"),
        body: .image(
            ImageMessage(
                mediaID: "media-1", fileName: "cat.png", size: 1200, width: 4, height: 3,
                thumbnail: [0xDE, 0xAD, 0xBE, 0xEF])))

    /// Encodes `envelope` into memory the test owns, lets `read` keep what it likes from a
    /// view of it, then overwrites that memory with "X", frees it and allocates the same size
    /// again (so the allocator can hand the same memory back, and this test has written it).
    func keptAfterTheBytesAreGone<Kept>(_ read: (UnsafeRawBufferPointer) throws -> Kept) throws
        -> Kept
    {
        let encoded = try envelope.serializedBytes()
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: encoded.count, alignment: 1)
        encoded.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let kept = try read(UnsafeRawBufferPointer(buffer))
        buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "X"))
        buffer.deallocate()
        let reused = UnsafeMutableRawBufferPointer.allocate(byteCount: encoded.count, alignment: 1)
        reused.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "X"))
        defer { reused.deallocate() }
        return kept
    }

    @Test func aStringReturnedFromTheClosureReadsTheMessage() throws {
        // The escape of issue 21: it compiles, and now it is safe.
        let id = try keptAfterTheBytesAreGone { bytes in
            try Envelope.withView(of: bytes) { $0.conversation!.id }
        }
        #expect(id.description == "lobby")
        #expect(id == "lobby")
        #expect(try id.string == "lobby")
    }

    @Test func aViewKeptWholeReadsEveryField() throws {
        let view = try keptAfterTheBytesAreGone { bytes in try Envelope.view(of: bytes) }
        #expect(view.messageID == "m-1")
        #expect(try view.sender?.displayName.string == "앨리스 🙂")
        #expect(view.conversation?.id == "lobby")
        #expect(try view.materialized() == envelope)
    }

    @Test func anArrayOverwrittenAndDroppedLeavesTheViewAlone() throws {
        // An [UInt8] is kept, not copied: writing to the caller's variable copies it on write,
        // and dropping it leaves the view's reference.
        var bytes = try envelope.serializedBytes()
        let view = try Envelope.view(of: bytes)
        let id = view.conversation!.id
        for index in bytes.indices { bytes[index] = 0x58 }
        bytes = []
        #expect(id == "lobby")
        #expect(try view.materialized() == envelope)
    }

    @Test func bytesAndSequencesKeptReadTheMessage() throws {
        let (thumbnail, userID) = try keptAfterTheBytesAreGone { bytes in
            try Envelope.withView(of: bytes) { view throws(RTMWireError) in
                guard case .image(let image)? = view.body else {
                    throw RTMWireError(code: .invalidValue, detail: "not an image")
                }
                return (image.thumbnail, view.sender!.userID.utf8)
            }
        }
        #expect(Array(thumbnail) == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(thumbnail.description == "deadbeef")
        #expect(String(decoding: userID, as: UTF8.self) == "alice")
    }

    @Test func repeatedStringsKeptReadTheMessage() throws {
        let receipt = Envelope(
            messageID: "r-1", sender: Sender(userID: "bob"),
            conversation: Conversation(type: .peer, id: "alice"),
            body: .receipt(Receipt(kind: .delivery(DeliveryReceipt(messageIDs: ["a", "bc"])))))
        let bytes = try receipt.serializedBytes()
        let ids = try Envelope.withView(of: bytes) { view -> RTMRepeatedStringView? in
            guard case .receipt(let receipt)? = view.body,
                case .delivery(let delivery)? = receipt.kind
            else { return nil }
            return delivery.messageIDs
        }
        #expect(try ids.map { try $0.map { try $0.string } } == ["a", "bc"])
    }

    @Test func aClosureMayThrowItsOwnErrors() throws {
        struct NotTheLobby: Error, Equatable {}
        let bytes = try envelope.serializedBytes()
        let text = try Envelope.withView(of: bytes) { view in
            guard view.conversation?.id == "lobby" else { throw NotTheLobby() }
            return try view.conversation?.id.string
        }
        #expect(text == "lobby")
        #expect(throws: NotTheLobby.self) {
            try Envelope.withView(of: bytes) { view in
                if view.conversation?.id != "elsewhere" { throw NotTheLobby() }
            }
        }
        // The check's own error keeps its type through the generic overload.
        #expect(throws: RTMWireError.self) {
            try Envelope.withView(of: [0x0A, 0x05]) { _ in throw NotTheLobby() }
        }
    }

    @Test func anOptionalStringViewComparesWithAString() throws {
        let view = try EnvelopeView(serializedBytes: try envelope.serializedBytes())
        #expect(view.conversation?.id == "lobby")
        #expect("lobby" == view.conversation?.id)
        #expect(view.conversation?.id != "general")
        #expect(view.replyTo?.messageID != "anything")
        #expect(!(view.replyTo?.messageID == ""))
    }

    @Test func bytesViewIsACollection() throws {
        let view = try Envelope.view(of: try envelope.serializedBytes())
        guard case .image(let image)? = view.body else {
            Issue.record("not an image")
            return
        }
        #expect(image.thumbnail.count == 4)
        #expect(image.thumbnail[0] == 0xDE && image.thumbnail[3] == 0xEF)
        #expect(image.thumbnail.elementsEqual([0xDE, 0xAD, 0xBE, 0xEF]))
        #expect(image.thumbnail.withUnsafeBytes { Array($0) } == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(image.fileName.utf8 == image.fileName.utf8)
        #expect(image.mediaID.utf8 != image.fileName.utf8)
    }

    @Test func anEmptyInputIsAnEmptyView() throws {
        let view = try Envelope.view(of: [UInt8]())
        #expect(view.messageID.isEmpty)
        #expect(view.body == nil)
        #expect(try view.materialized() == Envelope())
    }
}
