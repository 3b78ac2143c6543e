import Testing

@testable import RTMWire

/// The README's "A taste" sample, run as written.
@Suite("README sample")
struct ReadmeSampleTests {
    @Test func sampleRuns() throws {
        // What the sample assumes, and a `print` that records instead of writing.
        let pngBytes = ImageFixtures.png5x7.bytes
        let thumbnailBytes: [UInt8] = [1, 2, 3]
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        // README sample: begin
        // An image: size and dimensions come from its header; explicit values override.
        let image = try ImageMessage(
            mediaID: "media-1", imageBytes: pngBytes, fileName: "cat.png",
            thumbnail: thumbnailBytes)
        let envelope = Envelope(
            messageID: "6f1c2a9e-2b7d-4c1a-9a53-1d2f3e4a5b6c",
            sender: Sender(userID: "alice", displayName: "Alice"),
            sendTimeMs: 1_763_700_000_000,
            conversation: Conversation(type: .channel, id: "lobby"),
            body: .image(image))

        let bytes = try envelope.serializedBytes()  // validated, byte-identical to protobuf-c
        let decoded = try Envelope(serializedBytes: bytes)  // strict: wire, limits, semantics

        // Errors are typed and switchable; a limit error names the limit and both values.
        do {
            var big = envelope
            big.body = .text(TextMessage(text: String(repeating: "a", count: 40_000)))
            _ = try big.serializedBytes()
        } catch {
            // Typed throws: `error` is an RTMWireError.
            if error.code == .limitExceeded {
                print(error.limit!)  // maxContentBytes: allowed 32768, actual 40000
            }
        }
        // README sample: end

        #expect(decoded == envelope)
        let sample = try ReadmeSample(heading: "## A taste")
        #expect(sample.testCopy == sample.readmeBlock, "the copy above differs from README.md")
        #expect(printed == sample.expectedOutput)
        #expect(printed == ["maxContentBytes: allowed 32768, actual 40000"])
    }
}
