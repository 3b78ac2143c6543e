import RTMWire
import RTMWireJSON
import RTMWireLegacy
import Testing

private func error(_ body: () throws(RTMWireError) -> Void) -> RTMWireError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

private func parsed(_ json: String) throws(RTMWireError) -> JSONValue {
    try JSONValue(parsing: json)
}

/// Members in any order: JSON objects compared as the tutorial's dictionaries would be.
private func sameObject(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
        return x.count == y.count
            && x.allSatisfy { member in b[member.key].map { sameObject(member.value, $0) } ?? false
            }
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy(sameObject)
    default:
        return a == b
    }
}

@Suite("Legacy bridge")
struct LegacyBridgeTests {
    @Test func tutorialTextToEnvelopeAndBack() throws {
        let message = try LegacyChatMessage(jsonString: Tutorial.text)
        #expect(
            message
                == LegacyChatMessage(
                    sender: LegacySender(senderID: "my-sender-id", displayName: "Max"),
                    messageID: "random-message-id", timestampMs: 1_615_539_916_000,
                    kind: .text("Hello World")))
        var bridge = LegacyBridge(conversation: Tutorial.channel)
        let envelope = try bridge.envelope(from: message)
        #expect(
            envelope
                == Envelope(
                    messageID: "random-message-id",
                    sender: Sender(userID: "my-sender-id", displayName: "Max"),
                    sendTimeMs: 1_615_539_916_000, conversation: Tutorial.channel,
                    body: .text(TextMessage(text: "Hello World"))))
        // Through the wire and back: the same JSON object the tutorial printed.
        let decoded = try Envelope(serializedBytes: envelope.serializedBytes())
        var reverse = LegacyBridge(conversation: Tutorial.channel)
        let back = try reverse.legacyMessages(from: decoded)
        #expect(back.count == 1 && back[0].photo == nil)
        let json = try back[0].message.jsonString()
        #expect(sameObject(try parsed(json), try parsed(Tutorial.text)))
        #expect(
            json
                == #"{"sender":{"display_name":"Max","sender_id":"my-sender-id"},"message_id":"random-message-id","timestamp":"2021-03-12T09:05:16Z","type":"text","body":"Hello World"}"#
        )
    }

    @Test func tutorialStatusAndRaiseHand() throws {
        var bridge = LegacyBridge(conversation: Tutorial.channel)
        let status = try LegacyChatMessage(jsonString: Tutorial.status)
        #expect(status.kind == .status(.online) && status.messageID == nil)
        let statusEnvelope = try bridge.envelope(from: status, fallbackMessageID: "s-1")
        #expect(statusEnvelope.body == .status(StatusMessage(presence: .online, handRaised: false)))
        #expect(statusEnvelope.messageID == "s-1" && statusEnvelope.sendTimeMs == 0)

        let hand = try LegacyChatMessage(jsonString: Tutorial.raiseHand)
        #expect(hand.kind == .raiseHand(true))
        let handEnvelope = try bridge.envelope(from: hand, fallbackMessageID: "h-1")
        // Max was not seen before: a member raising a hand on the channel is online.
        #expect(handEnvelope.body == .status(StatusMessage(presence: .online, handRaised: true)))

        var back = LegacyBridge(conversation: Tutorial.channel)
        let statusBack = try back.legacyMessages(from: statusEnvelope)
        #expect(statusBack.count == 1)
        #expect(
            sameObject(try parsed(statusBack[0].message.jsonString()), try parsed(Tutorial.status)))
        // Back for a member the bridge has seen online: only the hand changes.
        back.observe(
            Envelope(
                messageID: "x", sender: Sender(userID: "1D83826A-7586-40C8-A002-767766E4FB76"),
                conversation: Tutorial.channel, body: .status(StatusMessage(presence: .online))))
        let handBack = try back.legacyMessages(from: handEnvelope)
        #expect(handBack.count == 1)
        #expect(
            sameObject(try parsed(handBack[0].message.jsonString()), try parsed(Tutorial.raiseHand))
        )
    }

    @Test func aWholeSessionRoundTripsMessageForMessage() throws {
        var toEnvelopes = LegacyBridge(conversation: Tutorial.channel)
        var envelopes: [Envelope] = []
        for (index, item) in Tutorial.session.enumerated() {
            let message = try LegacyChatMessage(jsonString: item.json)
            envelopes.append(
                try toEnvelopes.envelope(
                    from: message, photo: item.photo, fallbackMessageID: "bridge-\(index)"))
        }
        var toLegacy = LegacyBridge(conversation: Tutorial.channel)
        var printed: [(String, LegacyPhotoAttachment?)] = []
        for envelope in envelopes {
            let wire = try Envelope(serializedBytes: envelope.serializedBytes())
            for outbound in try toLegacy.legacyMessages(from: wire) {
                printed.append((try outbound.message.jsonString(), outbound.photo))
            }
        }
        #expect(printed.count == Tutorial.session.count)
        for (original, back) in zip(Tutorial.session, printed) {
            #expect(sameObject(try parsed(back.0), try parsed(original.json)), "\(back.0)")
            #expect(back.1 == original.photo)
        }
        // Compact input in the canonical member order comes back byte for byte.
        #expect(printed[2].0 == Tutorial.session[2].json)
        #expect(printed[7].0 == Tutorial.session[7].json)
    }

    @Test func photoNeedsItsImageMessageAndASize() throws {
        var bridge = LegacyBridge(conversation: Tutorial.channel)
        let photo = try LegacyChatMessage(jsonString: Tutorial.photo)
        #expect(photo.kind == .photo(caption: nil))
        let envelope = try bridge.envelope(from: photo, photo: Tutorial.photoAttachment)
        #expect(
            envelope.body
                == .image(
                    ImageMessage(
                        mediaID: "media-5f2c", fileName: "IMG_0042.HEIC", size: 1_843_200,
                        width: 3024, height: 4032, thumbnail: [0xFF, 0xD8, 0xFF, 0xD9],
                        thumbnailWidth: 90, thumbnailHeight: 120)))
        let noAttachment = error { () throws(RTMWireError) in _ = try bridge.envelope(from: photo) }
        #expect(noAttachment?.code == .missingField && noAttachment?.fieldPath == "image.media_id")
        // A photo sent by media id has no size: it bridges both ways as "unknown" (0 / nil).
        var unknownSize = Tutorial.photoAttachment
        unknownSize.size = nil
        let byMediaID = try bridge.envelope(from: photo, photo: unknownSize)
        #expect(byMediaID.image?.size == 0)
        let bytes = try byMediaID.serializedBytes()
        #expect(LegacyPhotoAttachment(try Envelope(serializedBytes: bytes).image!).size == nil)
        var tooBig = Tutorial.photoAttachment
        tooBig.size = 31_457_281
        let overLimit = error { () throws(RTMWireError) in
            _ = try bridge.envelope(from: photo, photo: tooBig)
        }
        #expect(overLimit?.limit?.name == "maxMediaBytes")
        // A caption travels as the body.
        let captioned = try LegacyChatMessage(
            jsonString: Tutorial.photo.replacingLastBrace(with: #","body":"노을 🌅"}"#))
        let withCaption = try bridge.envelope(from: captioned, photo: Tutorial.photoAttachment)
        guard case .image(let image)? = withCaption.body else { throw TestFailure() }
        #expect(image.caption == "노을 🌅")
        let back = try bridge.legacyMessages(from: withCaption)
        #expect(back == [LegacyOutbound(message: captioned, photo: Tutorial.photoAttachment)])
        let empty = try LegacyChatMessage(
            jsonString: Tutorial.photo.replacingLastBrace(with: #","body":""}"#))
        #expect(
            error { () throws(RTMWireError) in
                _ = try bridge.envelope(from: empty, photo: Tutorial.photoAttachment)
            }?.code == .invalidValue)
        // An attachment on a text message is refused, not dropped.
        let text = try LegacyChatMessage(jsonString: Tutorial.text)
        #expect(
            error { () throws(RTMWireError) in
                _ = try bridge.envelope(from: text, photo: Tutorial.photoAttachment)
            }?.fieldPath == "image")
    }

    @Test func idsAndTimesAreNeverMadeUp() throws {
        var bridge = LegacyBridge(conversation: Tutorial.channel)
        let status = try LegacyChatMessage(jsonString: Tutorial.status)
        let noID = error { () throws(RTMWireError) in _ = try bridge.envelope(from: status) }
        #expect(noID?.code == .missingField && noID?.fieldPath == "message_id")
        #expect(bridge.members.isEmpty, "a refused message must not change the member state")
        let epoch = try LegacyChatMessage(
            jsonString: Tutorial.text.replacingOccurrences(
                "2021-03-12T09:05:16Z", "1970-01-01T00:00:00Z"))
        #expect(
            error { () throws(RTMWireError) in _ = try bridge.envelope(from: epoch) }?.fieldPath
                == "timestamp")
        // An unstamped text envelope has no legacy form.
        let unstamped = Envelope(
            messageID: "u", sender: Sender(userID: "a"), conversation: Tutorial.channel,
            body: .text(TextMessage(text: "hi")))
        let noTime = error { () throws(RTMWireError) in
            _ = try bridge.legacyMessages(from: unstamped)
        }
        #expect(noTime?.code == .missingField && noTime?.fieldPath == "send_time_ms")
        // Milliseconds the tutorial's format cannot carry: an error, or an explicit choice.
        var stamped = unstamped
        stamped.sendTimeMs = 1_615_539_916_250
        let out = try bridge.legacyMessages(from: stamped)[0].message
        #expect(
            error { () throws(RTMWireError) in _ = try out.jsonString() }?.fieldPath == "timestamp")
        #expect(
            try out.jsonString(options: LegacyJSONOptions(timestampStyle: .truncatedToSeconds))
                .contains(#""timestamp":"2021-03-12T09:05:16Z""#))
        #expect(
            try out.jsonString(options: LegacyJSONOptions(timestampStyle: .milliseconds))
                .contains(#""timestamp":"2021-03-12T09:05:16.250Z""#))
    }

    @Test func statusUpdatesFollowEachMember() throws {
        var bridge = LegacyBridge(conversation: Tutorial.channel)
        func status(_ presence: Presence, _ hand: Bool) -> Envelope {
            Envelope(
                messageID: "s", sender: Sender(userID: "amy", displayName: "Amy"),
                conversation: Tutorial.channel,
                body: .status(StatusMessage(presence: presence, handRaised: hand)))
        }
        func kinds(_ envelope: Envelope) throws -> [LegacyChatMessage.Kind] {
            try bridge.legacyMessages(from: envelope).map(\.message.kind)
        }
        #expect(try kinds(status(.online, true)) == [.status(.online), .raiseHand(true)])
        #expect(try kinds(status(.online, true)) == [.status(.online)])  // re-announced
        #expect(try kinds(status(.online, false)) == [.raiseHand(false)])
        #expect(try kinds(status(.offline, false)) == [.status(.offline)])
        #expect(bridge.members["amy"] == LegacyMemberState(presence: .offline, handRaised: false))
        // Legacy halves build on what the bridge knows, from either format.
        bridge.observe(status(.online, true))
        let lowered = LegacyChatMessage(
            sender: LegacySender(senderID: "amy", displayName: "Amy"), messageID: nil,
            timestampMs: nil, kind: .status(.offline))
        #expect(
            try bridge.envelope(from: lowered, fallbackMessageID: "x").body
                == .status(StatusMessage(presence: .offline, handRaised: true)))
    }

    @Test func bodiesWithoutALegacyForm() throws {
        var bridge = LegacyBridge(conversation: Tutorial.channel)
        let header = Envelope(
            messageID: "r", sender: Sender(userID: "a"), sendTimeMs: 5,
            conversation: Tutorial.channel)
        let bodies: [Envelope.Body] = [
            .file(FileMessage(mediaID: "f", size: 3)),
            .receipt(Receipt(kind: .delivery(DeliveryReceipt(messageIDs: ["x"])))),
            .custom(CustomMessage(type: "com.example.poll", payload: [1])),
            .edit(MessageEdit(targetMessageID: "m", editTimeMs: 6, content: .caption(Caption()))),
            .recall(MessageRecall(targetMessageID: "m", recalledByUserID: "a")),
            .reaction(Reaction(targetMessageID: "m", key: "👍", action: .add)),
            .reactionSummary(ReactionSummary(targetMessageID: "m")),
            .typing(TypingIndicator(state: .started)),
        ]
        for body in bodies {
            var envelope = header
            envelope.body = body
            let refused = error { () throws(RTMWireError) in
                _ = try bridge.legacyMessages(from: envelope)
            }
            #expect(refused?.code == .noLegacyForm, "\(body)")
        }
        // A body kind newer than this schema (field 40) is refused by name, never dropped.
        var newer = header
        newer.unknownFields = UnknownFields(encodedFields: [0xC2, 0x02, 0x00])
        let refused = error { () throws(RTMWireError) in
            _ = try bridge.legacyMessages(from: newer)
        }
        #expect(refused?.code == .noLegacyForm)
        #expect(refused?.detail.contains("unknown(fieldNumber: 40)") == true)
        // A kept legacy object must still match its envelope's header.
        var other = LegacyBridge(conversation: Tutorial.channel)
        let poll = try LegacyChatMessage(jsonString: Tutorial.session[7].json)
        var envelope = try other.envelope(from: poll)
        #expect(
            envelope.body
                == .custom(
                    CustomMessage(
                        type: "legacy-json:poll", payload: Array(Tutorial.session[7].json.utf8))))
        envelope.sender = Sender(userID: "mallory")
        #expect(
            error { () throws(RTMWireError) in _ = try other.legacyMessages(from: envelope) }?
                .detail
                .contains("sender differs") == true)
    }
}

struct TestFailure: Error {}

extension String {
    func replacingLastBrace(with text: String) -> String {
        String(dropLast()) + text
    }

    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
