// The samples of the article "Streaming messages"
// (Sources/RTMWireReferencePeers/RTMWireReferencePeers.docc/StreamingMessages.md), run as written:
// ArticleSample checks that the marked copies below are the article's blocks and that they
// print what the article's comments say.

import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

@Suite("Article: Streaming messages")
struct StreamsArticleTests {
    @Test func samplesRunAsWritten() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        var rendered: [String] = []
        func render(_ streamMessageID: String, _ text: String) { rendered.append(text) }

        // Article sample: begin
        let id = "s-88"  // the StreamMessage's messageID
        let chunks = [
            StreamChunk(
                streamMessageID: id, sequence: 0,
                event: .initial(StreamInit(contentType: "text/markdown"))),
            StreamChunk(
                streamMessageID: id, sequence: 1, event: .delta(StreamDelta(content: "Hello, "))),
            StreamChunk(
                streamMessageID: id, sequence: 2, event: .delta(StreamDelta(content: "world"))),
            StreamChunk(
                streamMessageID: id, sequence: 3,
                event: .complete(StreamComplete(summary: "A greeting"))),
        ]
        let envelopes = chunks.map { chunk in
            Envelope(
                messageID: "\(id)/\(chunk.sequence)", sender: Sender(userID: "assistant"),
                conversation: Conversation(type: .peer, id: "alice"), body: .streamChunk(chunk))
        }
        // Article sample: end

        // Every chunk envelope encodes and decodes.
        for envelope in envelopes {
            #expect(try Envelope(serializedBytes: envelope.serializedBytes()) == envelope)
        }

        // Article sample: begin
        var assembler = StreamAssembler()
        // Arrival order: init, the second delta before the first, the first again, complete.
        for envelope in [envelopes[0], envelopes[2], envelopes[1], envelopes[1], envelopes[3]] {
            switch envelope.body {
            case .stream(let message)?:  // the announcement: show its content so far
                render(message.messageID, message.content)
            case .streamChunk(let chunk)?:
                do {
                    if let stream = try assembler.apply(chunk) {
                        render(stream.streamMessageID, stream.text)
                        print(stream.text, "|", stream.summary)  // Hello, world | A greeting
                    } else if let partial = assembler.partialText(of: chunk.streamMessageID) {
                        render(chunk.streamMessageID, partial)  // "" until sequence 1 arrives
                    }
                } catch {
                    // A StreamAssemblyError: the stream cannot be shown whole. Ask for it again.
                    print(error)
                }
            default:
                break
            }
        }
        // Article sample: end

        #expect(rendered == ["", "", "Hello, world", "Hello, world", "Hello, world"])
        #expect(assembler.isComplete(id))

        // Article sample: begin
        var another = StreamAssembler()
        do {
            _ = try another.apply(chunks[0])
            _ = try another.apply(chunks[2])  // sequence 1 never arrives
            _ = try another.apply(chunks[3])
        } catch {
            print(error.code, error.missingSequences)  // missingSequence [1]
        }
        // Article sample: end

        let sample = try ArticleSample(
            article: "Sources/RTMWireReferencePeers/RTMWireReferencePeers.docc/StreamingMessages.md"
        )
        #expect(sample.differences(printed: printed) == [])
    }

    /// The article's table: what happens to the stream after each error.
    @Test func tableRows() throws {
        let id = "s-1"
        func chunk(_ sequence: UInt64, _ event: StreamChunk.Event?) -> StreamChunk {
            StreamChunk(streamMessageID: id, sequence: sequence, event: event)
        }
        let start = chunk(0, .initial(StreamInit()))
        func delta(_ sequence: UInt64) -> StreamChunk {
            chunk(sequence, .delta(StreamDelta(content: "x")))
        }
        let end = chunk(2, .complete(StreamComplete()))

        // tooManyPendingChunks: dropped.
        var small = StreamAssembler(configuration: .init(maxPendingChunks: 1))
        _ = try small.apply(start)
        _ = try small.apply(delta(5))
        #expect(throws: StreamAssemblyError.self) { _ = try small.apply(delta(6)) }
        #expect(small.partialText(of: id) == nil)

        // assembledSizeExceeded: the delta is refused.
        var tiny = StreamAssembler(configuration: .init(maxAssembledBytes: 1))
        _ = try tiny.apply(start)
        _ = try tiny.apply(delta(1))
        do {
            _ = try tiny.apply(delta(2))
            Issue.record("a delta past maxAssembledBytes applied")
        } catch {
            #expect(error.code == .assembledSizeExceeded)
            #expect(error.limit?.name == "maxAssembledBytes")
        }
        // The delta is refused; what was applied stays (the complete event will report the gap).
        #expect(tiny.partialText(of: id) == "x")
        do {
            _ = try tiny.apply(chunk(3, .complete(StreamComplete())))
            Issue.record("completed over a refused delta")
        } catch {
            #expect(error.code == .missingSequence)
            #expect(error.missingSequences == [2])
        }

        // chunkAfterComplete: the stream stays finished.
        var done = StreamAssembler()
        _ = try done.apply(start)
        _ = try done.apply(delta(1))
        #expect(try done.apply(end)?.text == "x")
        do {
            _ = try done.apply(delta(3))
            Issue.record("a delta after complete applied")
        } catch {
            #expect(error.code == .chunkAfterComplete)
        }
        #expect(done.isComplete(id))

        // invalidChunk: unchanged. The codec refuses such a chunk with missingField.
        var open = StreamAssembler()
        _ = try open.apply(start)
        do {
            _ = try open.apply(chunk(1, nil))
            Issue.record("a chunk with no event applied")
        } catch {
            #expect(error.code == .invalidChunk)
        }
        #expect(open.partialText(of: id) == "")
        do {
            _ = try Envelope(
                messageID: "m", sender: Sender(userID: "a"),
                conversation: Conversation(type: .peer, id: "b"), body: .streamChunk(chunk(1, nil))
            ).serializedBytes()
            Issue.record("a chunk with no event encoded")
        } catch {
            #expect(error.code == .missingField)
        }

        // A dropped stream starts again with a new init.
        _ = try small.apply(start)
        #expect(small.partialText(of: id) == "")
    }
}
