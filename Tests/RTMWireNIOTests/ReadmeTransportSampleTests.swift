import RTMWire
import RTMWireNIO
import RTMWireReferencePeers
import Testing

/// The README's transport sample, so it cannot drift from the API.
@Suite("README transport sample")
struct ReadmeTransportSampleTests {
    @Test func sampleRuns() async throws {
        let hello = Envelope(
            messageID: "m-1", sender: Sender(userID: "alice"),
            conversation: Conversation(type: .peer, id: "bob"), body: .text(TextMessage(text: "hi"))
        )

        let received = try await TCPLoopback.withConnectedPair { alice, bob in
            try await alice.send(hello)  // checked, framed, written
            return try await bob.receive()  // framed bytes → Envelope
        }
        #expect(received == hello)

        var assembler = StreamAssembler()
        _ = try assembler.apply(
            StreamChunk(streamID: "s", sequence: 0, event: .initial(StreamInit())))
        _ = try assembler.apply(
            StreamChunk(streamID: "s", sequence: 2, event: .delta(StreamDelta(content: "world"))))
        _ = try assembler.apply(
            StreamChunk(streamID: "s", sequence: 1, event: .delta(StreamDelta(content: "hello "))))
        let done = try assembler.apply(
            StreamChunk(streamID: "s", sequence: 3, event: .complete(StreamComplete())))
        #expect(done?.text == "hello world")
    }
}
