import RTMWire
import RTMWireLegacy
import Testing

@Suite("Mixed-format receiver")
struct MixedFormatReceiverTests {
    @Test func tellsTheFormatsApart() throws {
        let envelope = Envelope(
            messageID: "{not json", sender: Sender(userID: "new"), sendTimeMs: 1,
            conversation: Tutorial.channel, body: .text(TextMessage(text: "{")))
        let bytes = try envelope.serializedBytes()
        #expect(bytes.first == 0x0A)
        #expect(MixedFormatReceiver.format(of: bytes) == .binaryEnvelope)
        #expect(MixedFormatReceiver.format(of: Array(Tutorial.text.utf8)) == .legacyJSON)
        #expect(MixedFormatReceiver.format(of: [UInt8]()) == .binaryEnvelope)
    }

    @Test func anInterleavedStreamOfBothFormats() throws {
        var receiver = MixedFormatReceiver(bridge: LegacyBridge(conversation: Tutorial.channel))
        var minted = 0
        func mint() -> String {
            minted += 1
            return "minted-\(minted)"
        }
        let amy = Sender(userID: "amy", displayName: "Amy (new app)")
        func binary(_ id: String, _ body: Envelope.Body) throws -> [UInt8] {
            try Envelope(
                messageID: id, sender: amy, sendTimeMs: 1_615_539_930_000,
                conversation: Tutorial.channel, body: body
            ).serializedBytes()
        }
        let stream: [([UInt8], LegacyPhotoAttachment?)] = [
            (Array(Tutorial.session[0].json.utf8), nil),
            (try binary("n-1", .status(StatusMessage(presence: .online, handRaised: true))), nil),
            (Array(Tutorial.session[2].json.utf8), nil),
            (try binary("n-2", .text(TextMessage(text: "반가워요 지민 🙌"))), nil),
            (Array(Tutorial.photo.utf8), Tutorial.photoAttachment),
            // Amy lowers her hand from a legacy client: her presence comes from the binary status.
            (
                Array(
                    #"{"sender":{"display_name":"Amy","sender_id":"amy"},"type":"raise_hand","body":"false"}"#
                        .utf8), nil
            ),
            (
                try binary(
                    "n-3", .custom(CustomMessage(type: "com.example.poll", payload: [1, 2]))), nil
            ),
            (Array(Tutorial.session[8].json.utf8), nil),
        ]
        var received: [MixedFormatReceiver.Received] = []
        for (bytes, photo) in stream {
            received.append(try receiver.receive(bytes, photo: photo, fallbackMessageID: mint()))
        }
        #expect(minted == 3, "ids are minted only for messages without one")
        #expect(
            received.map(\.format) == [
                .legacyJSON, .binaryEnvelope, .legacyJSON, .binaryEnvelope, .legacyJSON,
                .legacyJSON, .binaryEnvelope, .legacyJSON,
            ])
        #expect(
            received.map(\.envelope.messageID) == [
                "minted-1", "n-1", "m-1", "n-2", "p-1", "minted-2", "n-3", "minted-3",
            ])
        #expect(received[2].envelope.body == .text(TextMessage(text: "안녕하세요! 👋🏽 반가워요")))
        #expect(
            received[4].envelope.body.map { if case .image = $0 { true } else { false } } == true)
        #expect(
            received[5].envelope.body
                == .status(StatusMessage(presence: .online, handRaised: false)))
        #expect(received[5].legacy?.kind == .raiseHand(false))
        #expect(received[1].legacy == nil)
        #expect(received.allSatisfy { $0.envelope.conversation == Tutorial.channel })
    }

    @Test func errorsComeFromTheFormatThatWasSeen() {
        var receiver = MixedFormatReceiver(bridge: LegacyBridge(conversation: Tutorial.channel))
        #expect(throws: RTMWireError.self) { try receiver.receive(Array("{\"type\":".utf8)) }
        do {
            _ = try receiver.receive([0x0A, 0x05, 0x61])
            Issue.record("truncated envelope accepted")
        } catch {
            #expect(error.code == .lengthPastEnd || error.code == .truncated)
        }
    }
}
