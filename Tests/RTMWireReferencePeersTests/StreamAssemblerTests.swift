import RTMWire
import RTMWireReferencePeers
import Testing

@Suite struct StreamAssemblerTests {
    static func start(_ id: String = "s", _ sequence: UInt64 = 0) -> StreamChunk {
        StreamChunk(
            streamMessageID: id, sequence: sequence,
            event: .initial(StreamInit(contentType: "text/plain"))
        )
    }

    static func delta(_ sequence: UInt64, _ content: String, _ id: String = "s") -> StreamChunk {
        StreamChunk(
            streamMessageID: id, sequence: sequence, event: .delta(StreamDelta(content: content)))
    }

    static func complete(_ sequence: UInt64, _ id: String = "s", summary: String = "sum")
        -> StreamChunk
    {
        StreamChunk(
            streamMessageID: id, sequence: sequence,
            event: .complete(
                StreamComplete(code: 3, stopReason: 1, summary: summary, completeReason: 2)))
    }

    @Test func inOrderStreamCompletes() throws {
        var assembler = StreamAssembler()
        #expect(try assembler.apply(Self.start()) == nil)
        #expect(try assembler.apply(Self.delta(1, "Hel")) == nil)
        #expect(try assembler.apply(Self.delta(2, "lo")) == nil)
        #expect(assembler.partialText(of: "s") == "Hello")
        let done = try #require(try assembler.apply(Self.complete(3)))
        #expect(
            done
                == AssembledStream(
                    streamMessageID: "s", contentType: "text/plain", text: "Hello", summary: "sum",
                    code: 3, stopReason: 1,
                    completeReason: 2, deltaCount: 2))
        #expect(assembler.isComplete("s"))
        #expect(assembler.partialText(of: "s") == nil)
    }

    @Test func outOfOrderAndDuplicatesApplyOnce() throws {
        var assembler = StreamAssembler()
        _ = try assembler.apply(Self.delta(2, "b"))  // before the init: waits
        _ = try assembler.apply(Self.start())
        _ = try assembler.apply(Self.delta(3, "c"))
        _ = try assembler.apply(Self.delta(3, "c"))
        #expect(assembler.pendingChunkCount(of: "s") == 2)
        _ = try assembler.apply(Self.delta(1, "a"))
        _ = try assembler.apply(Self.delta(2, "b"))
        _ = try assembler.apply(Self.delta(1, "a"))
        #expect(assembler.pendingChunkCount(of: "s") == 0)
        #expect(try assembler.apply(Self.complete(4))?.text == "abc")
        // Late duplicates of a finished stream are still recognised.
        #expect(try assembler.apply(Self.delta(2, "b")) == nil)
        #expect(try assembler.apply(Self.complete(4)) == nil)
    }

    @Test func initRestartDiscardsPartialData() throws {
        var assembler = StreamAssembler()
        _ = try assembler.apply(Self.start())
        _ = try assembler.apply(Self.delta(1, "stale"))
        _ = try assembler.apply(Self.delta(3, "stale too"))
        _ = try assembler.apply(Self.start())
        #expect(assembler.partialText(of: "s") == "")
        #expect(assembler.pendingChunkCount(of: "s") == 0)
        _ = try assembler.apply(Self.delta(1, "fresh"))
        #expect(try assembler.apply(Self.complete(2))?.text == "fresh")
        // An init after completion starts the stream again.
        _ = try assembler.apply(Self.start())
        _ = try assembler.apply(Self.delta(1, "again"))
        #expect(try assembler.apply(Self.complete(2))?.text == "again")
    }

    @Test func gapIsReportedWithTheMissingSequences() throws {
        var assembler = StreamAssembler()
        _ = try assembler.apply(Self.start())
        _ = try assembler.apply(Self.delta(1, "a"))
        _ = try assembler.apply(Self.delta(3, "c"))
        _ = try assembler.apply(Self.delta(5, "e"))
        #expect {
            _ = try assembler.apply(Self.complete(6))
        } throws: { error in
            let error = error as? StreamAssemblyError
            return error?.code == .missingSequence && error?.missingSequences == [2, 4]
                && error?.sequence == 6
        }
        // The stream was dropped rather than completed with holes.
        #expect(assembler.partialText(of: "s") == nil)
        #expect(!assembler.isComplete("s"))
    }

    @Test func missingInitIsAGap() throws {
        var assembler = StreamAssembler()
        _ = try assembler.apply(Self.delta(1, "a"))
        #expect {
            _ = try assembler.apply(Self.complete(2))
        } throws: { error in
            (error as? StreamAssemblyError)?.missingSequences == [0]
        }
    }

    @Test func pendingChunksAreBounded() throws {
        var assembler = StreamAssembler(configuration: .init(maxPendingChunks: 4))
        _ = try assembler.apply(Self.start())
        // Exactly at the limit.
        for sequence in 2...5 { _ = try assembler.apply(Self.delta(UInt64(sequence), "x")) }
        #expect(assembler.pendingChunkCount(of: "s") == 4)
        #expect {
            _ = try assembler.apply(Self.delta(6, "x"))
        } throws: { error in
            let error = error as? StreamAssemblyError
            return error?.code == .tooManyPendingChunks
                && error?.limit == .init(name: "maxPendingChunks", allowed: 4, actual: 5)
        }
    }

    @Test func assembledSizeIsBounded() throws {
        var assembler = StreamAssembler(configuration: .init(maxAssembledBytes: 10))
        _ = try assembler.apply(Self.start())
        _ = try assembler.apply(Self.delta(1, "12345"))
        // Waiting content counts too: 10 bytes, at the limit.
        _ = try assembler.apply(Self.delta(3, "67890"))
        #expect {
            _ = try assembler.apply(Self.delta(2, "x"))
        } throws: { error in
            let error = error as? StreamAssemblyError
            return error?.code == .assembledSizeExceeded
                && error?.limit == .init(name: "maxAssembledBytes", allowed: 10, actual: 11)
        }
    }

    @Test func configurationDefaultsAreDocumented() {
        let configuration = StreamAssembler.Configuration.default
        #expect(configuration.maxAssembledBytes == 1_048_576)
        #expect(configuration.maxPendingChunks == 256)
        #expect(StreamAssembler().configuration == configuration)
    }

    @Test func chunksAfterCompleteAreRefused() throws {
        var assembler = StreamAssembler()
        _ = try assembler.apply(Self.start())
        _ = try assembler.apply(Self.complete(1))
        #expect(throws: StreamAssemblyError.self) { _ = try assembler.apply(Self.delta(2, "late")) }
        // A delta numbered after a complete that arrived while it waited.
        var other = StreamAssembler()
        _ = try other.apply(Self.start())
        _ = try other.apply(Self.delta(5, "ahead"))
        #expect {
            _ = try other.apply(Self.complete(1))
        } throws: { error in
            (error as? StreamAssemblyError)?.code == .chunkAfterComplete
        }
    }

    @Test func invalidChunksAreRefused() throws {
        var assembler = StreamAssembler()
        #expect(throws: StreamAssemblyError.self) {
            _ = try assembler.apply(StreamChunk(streamMessageID: "", event: .delta(.init())))
        }
        #expect(throws: StreamAssemblyError.self) {
            _ = try assembler.apply(StreamChunk(streamMessageID: "s", sequence: 1))
        }
        _ = try assembler.apply(Self.start())
        _ = try assembler.apply(Self.delta(1, "a"))
        #expect {
            _ = try assembler.apply(Self.complete(1))
        } throws: { error in
            (error as? StreamAssemblyError)?.code == .invalidChunk
        }
        #expect(throws: StreamAssemblyError.self) {
            _ = try assembler.apply(Self.delta(UInt64.max, "overflow"))
        }
    }

    @Test func streamsAreIndependent() throws {
        var assembler = StreamAssembler()
        _ = try assembler.apply(Self.start("a"))
        _ = try assembler.apply(Self.start("b"))
        _ = try assembler.apply(Self.delta(1, "A1", "a"))
        _ = try assembler.apply(Self.delta(1, "B1", "b"))
        _ = try assembler.apply(Self.delta(2, "B2", "b"))
        #expect(try assembler.apply(Self.complete(3, "b"))?.text == "B1B2")
        #expect(assembler.partialText(of: "a") == "A1")
        assembler.forget("b")
        #expect(!assembler.isComplete("b"))
    }
}
