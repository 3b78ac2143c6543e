import RTMWire
import RTMWireLegacy
import Testing

/// The tutorial's file sharing (an RTM file message, no JSON) and the presence a server reports
/// when a member joins or leaves (the tutorial's memberJoined / memberLeft), across the bridge.
@Suite struct LegacyFileAndPresenceTests {
    static let channel = Conversation(type: .channel, id: "general")

    @Test func aSharedFileCrossesBothWays() throws {
        let bridge = LegacyBridge(conversation: Self.channel)
        let shared = LegacyFileShare(mediaID: "media-9a1c", fileName: "agenda.pdf")
        let envelope = try bridge.envelope(
            fromFile: shared, sender: Sender(userID: "jimin"), messageID: "f-1",
            sendTimeMs: 1_615_539_920_000)
        #expect(envelope.file == FileMessage(mediaID: "media-9a1c", fileName: "agenda.pdf"))
        #expect(envelope.conversation == Self.channel)
        let bytes = try envelope.serializedBytes()
        #expect(try bridge.legacyFile(from: Envelope(serializedBytes: bytes)) == shared)
        // A known size travels too.
        let sized = LegacyFileShare(mediaID: "m", fileName: "a.txt", size: 42)
        let sizedEnvelope = try bridge.envelope(
            fromFile: sized, sender: Sender(userID: "jimin"), messageID: "f-2", sendTimeMs: 1)
        #expect(try bridge.legacyFile(from: sizedEnvelope) == sized)
    }

    @Test func aFileWithoutMediaIDOrAnotherBodyIsATypedError() throws {
        let bridge = LegacyBridge(conversation: Self.channel)
        do {
            _ = try bridge.envelope(
                fromFile: LegacyFileShare(mediaID: "", fileName: "x"),
                sender: Sender(userID: "jimin"), messageID: "f", sendTimeMs: 1)
            Issue.record("a file without a media id crossed")
        } catch {
            #expect(error.code == .missingField && error.fieldPath == "file.media_id")
        }
        let text = Envelope(
            messageID: "t", sender: Sender(userID: "jimin"), conversation: Self.channel,
            body: .text(TextMessage(text: "hi")))
        do {
            _ = try bridge.legacyFile(from: text)
            Issue.record("a text became a file")
        } catch {
            #expect(error.code == .noLegacyForm)
        }
    }

    @Test func theServerReportsAMemberWhoLeft() throws {
        var bridge = LegacyBridge(conversation: Self.channel)
        func status(_ presence: Presence, member: String) -> Envelope {
            Envelope(
                messageID: "s-\(member)-\(presence.rawValue)", sender: Sender(userID: "server"),
                conversation: Self.channel,
                body: .status(StatusMessage(presence: presence, memberUserID: member)))
        }
        let joined = try bridge.legacyMessages(from: status(.online, member: "jimin"))
        #expect(joined.map(\.message.sender.senderID) == ["jimin"])
        #expect(joined.map(\.message.kind) == [.status(.online)])
        let left = try bridge.legacyMessages(from: status(.offline, member: "jimin"))
        #expect(left.map(\.message.kind) == [.status(.offline)])
        #expect(left.first?.message.sender.senderID == "jimin")
        #expect(bridge.members["jimin"]?.presence == .offline)
        #expect(bridge.members["server"] == nil)
    }
}
