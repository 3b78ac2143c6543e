import RTMWire
import RTMWireJSON
import RTMWireLegacy
import Testing

/// The README's legacy bridge sample, with its inputs spelled out.
@Suite("README legacy sample")
struct ReadmeLegacySampleTests {
    @Test func sampleRuns() throws {
        let rtmMessageText = Tutorial.text
        func newID() -> String { "6f1c2a9e-2b7d-4c1a-9a53-1d2f3e4a5b6c" }

        var bridge = LegacyBridge(conversation: Conversation(type: .channel, id: "general"))
        let old = try LegacyChatMessage(jsonString: rtmMessageText)
        let envelope = try bridge.envelope(from: old)
        let backToOldApps = try bridge.legacyMessages(from: envelope)
        let text = try backToOldApps[0].message.jsonString()

        var receiver = MixedFormatReceiver(bridge: bridge)
        let bytes = Array(Tutorial.status.utf8)
        let received = try receiver.receive(bytes, fallbackMessageID: newID())

        #expect(envelope.body == .text(TextMessage(text: "Hello World")))
        #expect(try LegacyChatMessage(jsonString: text) == old)
        #expect(received.format == .legacyJSON)
        #expect(received.envelope.messageID == newID())
    }
}
