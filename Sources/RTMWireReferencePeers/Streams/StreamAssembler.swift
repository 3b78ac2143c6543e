import RTMWire

/// Reassembles streaming messages from their `StreamChunk`s (RongCloud's onInit / onDelta /
/// onComplete), one state per stream id.
///
/// - init starts the stream. On a stream that already started (or finished) it is a restart and
///   discards everything known about it; deltas that arrived before the first init and follow it
///   in sequence are kept.
/// - deltas apply in sequence order. A delta ahead of the next expected number waits (at most
///   ``Configuration/maxPendingChunks`` per stream); a number already applied or waiting is a
///   duplicate and ignored.
/// - complete yields the ``AssembledStream`` when every number before it has been applied; if
///   any is missing it throws ``StreamAssemblyError/Code/missingSequence`` naming them: a gap is
///   reported, never papered over.
///
/// Memory per stream is bounded by ``Configuration/maxAssembledBytes`` (applied plus waiting
/// content). A finished stream keeps a small marker, so late duplicates are still recognised,
/// until ``forget(_:)``.
public struct StreamAssembler: Sendable {
    private struct Stream: Sendable {
        var started = false
        var contentType = ""
        var text = ""
        var nextSequence: UInt64 = 0
        var deltaCount = 0
        var pending: [UInt64: String] = [:]
        var pendingBytes = 0
        /// The sequence number of the complete event, once finished.
        var completedAt: UInt64?
    }

    /// The limits applied per stream.
    public let configuration: Configuration
    private var streams: [String: Stream] = [:]

    /// Creates an assembler.
    public init(configuration: Configuration = .default) {
        self.configuration = configuration
    }

    /// Applies one chunk; returns the finished stream when the chunk completes it.
    @discardableResult
    public mutating func apply(_ chunk: StreamChunk) throws(StreamAssemblyError) -> AssembledStream?
    {
        let id = chunk.streamMessageID
        guard !id.isEmpty else { throw invalid(chunk, "the chunk names no stream") }
        guard let event = chunk.event else { throw invalid(chunk, "the chunk carries no event") }
        var stream = streams[id] ?? Stream()
        switch event {
        case .initial(let start):
            guard chunk.sequence < UInt64.max else {
                throw invalid(chunk, "init has the largest sequence number")
            }
            if stream.started || stream.completedAt != nil {
                stream = Stream()
            } else {
                for sequence in stream.pending.keys where sequence <= chunk.sequence {
                    stream.pendingBytes -=
                        stream.pending.removeValue(forKey: sequence)?.utf8.count ?? 0
                }
            }
            stream.started = true
            stream.contentType = start.contentType
            stream.nextSequence = chunk.sequence + 1
            drain(&stream)
            streams[id] = stream
            return nil

        case .delta(let delta):
            if let end = stream.completedAt {
                if chunk.sequence < end { return nil }
                throw StreamAssemblyError(
                    code: .chunkAfterComplete, streamMessageID: id, sequence: chunk.sequence,
                    detail: "the stream completed at sequence \(end)")
            }
            if stream.started, chunk.sequence < stream.nextSequence { return nil }
            if stream.pending[chunk.sequence] != nil { return nil }
            guard chunk.sequence < UInt64.max else {
                throw invalid(chunk, "a delta has the largest sequence number")
            }
            try checkSize(stream, adding: delta.content.utf8.count, chunk)
            if stream.started, chunk.sequence == stream.nextSequence {
                append(delta.content, to: &stream)
                drain(&stream)
            } else {
                guard stream.pending.count < configuration.maxPendingChunks else {
                    streams[id] = nil
                    throw StreamAssemblyError(
                        code: .tooManyPendingChunks, streamMessageID: id, sequence: chunk.sequence,
                        limit: .init(
                            name: "maxPendingChunks", allowed: configuration.maxPendingChunks,
                            actual: stream.pending.count + 1),
                        detail:
                            "too many chunks wait for \(stream.started ? "sequence \(stream.nextSequence)" : "the init")"
                    )
                }
                stream.pending[chunk.sequence] = delta.content
                stream.pendingBytes += delta.content.utf8.count
            }
            streams[id] = stream
            return nil

        case .complete(let complete):
            if let end = stream.completedAt {
                if chunk.sequence <= end { return nil }
                throw StreamAssemblyError(
                    code: .chunkAfterComplete, streamMessageID: id, sequence: chunk.sequence,
                    detail: "the stream completed at sequence \(end)")
            }
            if stream.started, chunk.sequence < stream.nextSequence {
                throw invalid(chunk, "complete reuses sequence \(chunk.sequence), already applied")
            }
            let first = stream.started ? stream.nextSequence : 0
            let missing = Self.missing(
                in: first..<chunk.sequence, pending: stream.pending, limit: 16)
            if !stream.started || !missing.isEmpty {
                streams[id] = nil
                let what = stream.started ? "" : "the init and "
                throw StreamAssemblyError(
                    code: .missingSequence, streamMessageID: id, sequence: chunk.sequence,
                    missingSequences: missing,
                    detail:
                        "complete arrived while \(what)sequence \(missing.map(String.init).joined(separator: ", ")) never did"
                )
            }
            if let late = stream.pending.keys.min(), late > chunk.sequence {
                streams[id] = nil
                throw StreamAssemblyError(
                    code: .chunkAfterComplete, streamMessageID: id, sequence: late,
                    detail: "a delta numbered after the complete event (\(chunk.sequence)) arrived")
            }
            let result = AssembledStream(
                streamMessageID: id, contentType: stream.contentType, text: stream.text,
                summary: complete.summary, code: complete.code, stopReason: complete.stopReason,
                completeReason: complete.completeReason, deltaCount: stream.deltaCount)
            var finished = Stream()
            finished.completedAt = chunk.sequence
            streams[id] = finished
            return result
        }
    }

    /// The content applied so far to a stream that is still open, or nil.
    public func partialText(of streamMessageID: String) -> String? {
        guard let stream = streams[streamMessageID], stream.completedAt == nil else { return nil }
        return stream.text
    }

    /// How many out-of-order chunks of a stream wait for a gap to close.
    public func pendingChunkCount(of streamMessageID: String) -> Int {
        streams[streamMessageID]?.pending.count ?? 0
    }

    /// Whether the stream has completed (and not restarted or been forgotten since).
    public func isComplete(_ streamMessageID: String) -> Bool {
        streams[streamMessageID]?.completedAt != nil
    }

    /// Drops everything known about a stream, including its finished marker.
    public mutating func forget(_ streamMessageID: String) {
        streams[streamMessageID] = nil
    }

    // MARK: Helpers

    private func checkSize(_ stream: Stream, adding bytes: Int, _ chunk: StreamChunk)
        throws(StreamAssemblyError)
    {
        let total = stream.text.utf8.count + stream.pendingBytes + bytes
        if total > configuration.maxAssembledBytes {
            throw StreamAssemblyError(
                code: .assembledSizeExceeded, streamMessageID: chunk.streamMessageID,
                sequence: chunk.sequence,
                limit: .init(
                    name: "maxAssembledBytes", allowed: configuration.maxAssembledBytes,
                    actual: total),
                detail: "the stream's content would exceed the assembled size limit")
        }
    }

    private func append(_ content: String, to stream: inout Stream) {
        stream.text += content
        stream.deltaCount += 1
        stream.nextSequence += 1
    }

    /// Applies waiting deltas that have become next in sequence.
    private func drain(_ stream: inout Stream) {
        while let content = stream.pending.removeValue(forKey: stream.nextSequence) {
            stream.pendingBytes -= content.utf8.count
            append(content, to: &stream)
        }
    }

    private static func missing(
        in range: Range<UInt64>, pending: [UInt64: String], limit: Int
    ) -> [UInt64] {
        var result: [UInt64] = []
        var sequence = range.lowerBound
        while sequence < range.upperBound, result.count < limit {
            if pending[sequence] == nil { result.append(sequence) }
            sequence += 1
        }
        return result
    }

    private func invalid(_ chunk: StreamChunk, _ detail: String) -> StreamAssemblyError {
        StreamAssemblyError(
            code: .invalidChunk, streamMessageID: chunk.streamMessageID, sequence: chunk.sequence,
            detail: detail)
    }
}
