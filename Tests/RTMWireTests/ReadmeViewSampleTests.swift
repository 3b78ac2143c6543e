import RTMWireTestSupport
import Testing

@testable import RTMWire
@testable import RTMWireViews

/// The README's "Reading envelopes in place" block, run as written on the bytes it assumes.
@Suite("README view sample")
struct ReadmeViewSampleTests {
    @Test func sampleRuns() throws {
        // What the sample assumes: `bytes` holds an encoded envelope (not a delimited frame).
        let bytes = try Envelope(
            messageID: "m-1", sender: Sender(userID: "alice"),
            conversation: Conversation(type: .channel, id: "lobby"),
            body: .image(ImageMessage(mediaID: "media-1", fileName: "cat.png", size: 1))
        ).serializedBytes()
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        // README sample: begin
        let view = try Envelope.view(of: bytes)  // checks the structure; keeps `bytes` alive
        if view.conversation?.id == "lobby", case .image(let image)? = view.body {
            print(try image.fileName.string)  // cat.png
        }
        let id = try Envelope.withView(of: bytes) { $0.conversation?.id }  // safe to return
        print(id?.description ?? "none")  // lobby
        // README sample: end

        let sample = try ReadmeSample(heading: "### Reading envelopes in place")
        #expect(sample.testCopy == sample.readmeBlock, "the copy above differs from README.md")
        #expect(printed == sample.expectedOutput)
        #expect(printed == ["cat.png", "lobby"])
    }
}
