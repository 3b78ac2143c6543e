import RTMWire
import RTMWireNIO
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

/// The README's transport sample, run as written.
@Suite("README transport sample")
struct ReadmeTransportSampleTests {
    @Test func sampleRuns() async throws {
        // What the sample assumes, and a `print` that records instead of writing.
        let hello = Fixtures.text("m-1", "hi")
        let chunks = [
            StreamChunk(streamMessageID: "s", sequence: 0, event: .initial(StreamInit())),
            StreamChunk(
                streamMessageID: "s", sequence: 2, event: .delta(StreamDelta(content: "world"))),
            StreamChunk(
                streamMessageID: "s", sequence: 1, event: .delta(StreamDelta(content: "hello "))),
            StreamChunk(
                streamMessageID: "s", sequence: 2, event: .delta(StreamDelta(content: "world"))),
            StreamChunk(streamMessageID: "s", sequence: 3, event: .complete(StreamComplete())),
        ]
        var printed: [String] = []
        func print(_ item: Any) { printed.append("\(item)") }

        // README sample: begin
        let received = try await TCPLoopback.withConnectedPair { alice, bob in
            try await alice.send(hello)  // checked once against Limits, framed, written
            return try await bob.receive()  // framed bytes → Envelope (nil at a clean end)
        }
        print(received == hello)  // true

        var assembler = StreamAssembler()  // init resets, deltas apply in order, a gap is an error
        for chunk in chunks {  // duplicates are ignored; complete returns the whole text
            if let done = try assembler.apply(chunk) { print(done.text) }  // hello world
        }
        // README sample: end

        let sample = try ReadmeSample(heading: "## Transports and reference peers")
        #expect(sample.testCopy == sample.readmeBlock, "the copy above differs from README.md")
        #expect(printed == sample.expectedOutput)
        #expect(printed == ["true", "hello world"])
    }
}
