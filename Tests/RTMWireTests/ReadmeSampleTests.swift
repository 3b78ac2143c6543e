import RTMWire
import Testing

/// The README's sample, so it cannot drift from the API.
@Suite("README sample")
struct ReadmeSampleTests {
    @Test func sampleRuns() throws {
        let pngBytes = ImageFixtures.png5x7.bytes
        let thumbnailBytes: [UInt8] = [1, 2, 3]

        let image = try ImageMessage(
            mediaID: "media-1", imageBytes: pngBytes, fileName: "cat.png", thumbnail: thumbnailBytes
        )
        let envelope = Envelope(
            messageID: "6f1c2a9e-2b7d-4c1a-9a53-1d2f3e4a5b6c",
            sender: Sender(userID: "alice", displayName: "Alice"),
            sendTimeMs: 1_763_700_000_000,
            conversation: Conversation(type: .channel, id: "lobby"),
            body: .image(image))

        let bytes = try envelope.serializedBytes()
        let decoded = try Envelope(serializedBytes: bytes)
        #expect(decoded == envelope)

        var limit: RTMWireError.LimitViolation?
        do {
            var big = envelope
            big.body = .text(TextMessage(text: String(repeating: "a", count: 40_000)))
            _ = try big.serializedBytes()
        } catch {
            // Typed throws: `error` is an RTMWireError here.
            if error.code == .limitExceeded { limit = error.limit }
        }
        #expect(limit == .init(name: "maxContentBytes", allowed: 32_768, actual: 40_000))
    }
}
