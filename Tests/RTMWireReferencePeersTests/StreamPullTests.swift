import RTMWire
import RTMWireReferencePeers
import RTMWireTransport
import Testing

/// Pulling a stream (RongCloud requestStreamMessageWithParams): a client that missed a stream
/// asks the server for it, reassembles the chunks it gets back, and keeps the finished message
/// with its summary for the conversation list.
@Suite struct StreamPullTests {
    static let bot = Conversation(type: .peer, id: "bot")
    static let announced = StreamMessage(
        messageID: "s-1", contentType: "text/markdown", content: "# An",
        reference: StreamReference(messageID: "q-1", senderUserID: "alice", excerpt: "why?"))

    static func pull(_ id: String) -> Envelope {
        Envelope(
            messageID: "pull-\(id)", sender: Sender(userID: "alice"), sendTimeMs: 10,
            conversation: bot, body: .streamPullRequest(StreamPullRequest(streamMessageID: id)))
    }

    @Test func aClientPullsAStreamAndKeepsItsSummary() async throws {
        let (client, server) = InMemoryConnection.makePair()
        var history = StreamHistory(identity: Sender(userID: "server"))
        // What the server streamed earlier, a delta twice and out of order.
        for chunk in [
            StreamAssemblerTests.start("s-1"), StreamAssemblerTests.delta(2, "swer", "s-1"),
            StreamAssemblerTests.delta(1, "An", "s-1"),
            StreamAssemblerTests.delta(2, "swer", "s-1"),
            StreamAssemblerTests.complete(3, "s-1", summary: "The answer, short."),
        ] {
            history.record(chunk)
        }
        let serving = Task { [history] in
            var history = history
            try await history.serve(server, clock: { 20 })
            await server.close()
        }

        try await client.send(Self.pull("s-1"))
        let response = try #require(try await client.receive())
        #expect(response.streamPullResponse == StreamPullResponse(streamMessageID: "s-1", code: 0))
        var assembler = StreamAssembler()
        var finished: AssembledStream?
        while finished == nil, let envelope = try await client.receive() {
            let chunk = try #require(envelope.streamChunk)
            finished = try assembler.apply(chunk)
        }
        let done = try #require(finished)
        #expect(done.text == "Answer" && done.summary == "The answer, short.")

        // Kept for history and previews: the whole content and the summary.
        let kept = StreamMessage(done, original: Self.announced)
        #expect(kept.content == "Answer" && kept.summary == "The answer, short.")
        #expect(kept.isComplete && kept.isSync && kept.reference == Self.announced.reference)
        #expect(kept.completeReason == 2 && kept.stopReason == 1)
        let stored = Envelope(
            messageID: "s-1", sender: Sender(userID: "bot"), conversation: Self.bot,
            body: .stream(kept))
        #expect(
            try Envelope(serializedBytes: stored.serializedBytes()).stream?.summary == kept.summary)

        // A stream the server does not know: an error code, and no chunk follows.
        try await client.send(Self.pull("s-404"))
        let unknown = try #require(try await client.receive())
        #expect(unknown.streamPullResponse?.code == StreamHistory.noSuchStream)
        await client.close()
        #expect(try await client.receive() == nil)
        try await serving.value
    }

    @Test func anInitRestartsWhatTheHistoryKeeps() {
        var history = StreamHistory(identity: Sender(userID: "server"))
        history.record(StreamAssemblerTests.start("s"))
        history.record(StreamAssemblerTests.delta(1, "old", "s"))
        history.record(StreamAssemblerTests.start("s"))
        history.record(StreamAssemblerTests.delta(1, "new", "s"))
        #expect(history.chunks(of: "s").map(\.sequence) == [0, 1])
        #expect(history.chunks(of: "s").last?.delta?.content == "new")
    }
}
