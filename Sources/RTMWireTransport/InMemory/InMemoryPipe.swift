import RTMWire

/// One direction of an in-memory connection: a bounded queue of byte pieces (the "network") and
/// the receiving end's ``FrameReader``.
///
/// Writers suspend while the queue is full and are served first come, first served, each
/// write's pieces kept together so concurrent sends never interleave their bytes. A decoding
/// fault fails the pipe: the receiver keeps getting that error and writers get
/// ``TransportError/Code/reset``.
actor InMemoryPipe {
    private struct PendingWrite {
        let id: UInt64
        let pieces: [[UInt8]]
        /// Index of the first piece not yet queued.
        var next: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let capacity: Int
    private var reader: FrameReader<Envelope>
    private var queue: [[UInt8]] = []
    private var queueHead = 0
    /// Non-empty only while the queue is full.
    private var pendingWrites: [PendingWrite] = []
    private var nextWriteID: UInt64 = 0
    private var writeClosed = false
    private var failure: (any Error)?
    private var isReceiving = false
    private var readerWaiter: CheckedContinuation<Void, Never>?

    init(capacity: Int, codec: CodecOptions) {
        self.capacity = max(1, capacity)
        self.reader = FrameReader(options: codec)
    }

    // MARK: Observation (tests)

    /// Pieces written but not yet taken by the receiver.
    var queuedPieceCount: Int { queue.count - queueHead }
    /// Writes suspended because the queue is full.
    var suspendedWriteCount: Int { pendingWrites.count }
    /// Bytes the receiver's frame reader holds that are not yet a whole frame.
    var decoderBufferedByteCount: Int { reader.bufferedByteCount }

    // MARK: Writing

    /// Queues the pieces of one write, suspending while the queue is full.
    func write(_ pieces: [[UInt8]]) async throws {
        if writeClosed {
            throw TransportError(code: .closed, detail: "this side closed its sending direction")
        }
        if let failure { throw Self.resetError(failure) }
        let pieces = pieces.filter { !$0.isEmpty }
        var next = 0
        if pendingWrites.isEmpty {
            while next < pieces.count, queuedPieceCount < capacity {
                queue.append(pieces[next])
                next += 1
            }
            if next > 0 { wakeReader() }
        }
        guard next < pieces.count else { return }
        let id = nextWriteID
        nextWriteID &+= 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pendingWrites.append(
                    PendingWrite(id: id, pieces: pieces, next: next, continuation: continuation))
            }
        } onCancel: {
            Task { await self.cancelWrite(id) }
        }
    }

    /// Marks the end of the stream: the receiver gets nil once the queue is drained.
    func closeWrite() {
        writeClosed = true
        wakeReader()
    }

    /// A cancelled write leaves only if none of its pieces is queued yet; otherwise it must
    /// finish, or the stream would hold half a frame.
    private func cancelWrite(_ id: UInt64) {
        guard let index = pendingWrites.firstIndex(where: { $0.id == id }),
            pendingWrites[index].next == 0
        else { return }
        pendingWrites.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    // MARK: Receiving

    /// The next envelope, or nil at the clean end of the stream.
    func receive() async throws -> Envelope? {
        try beginReceiving()
        defer { isReceiving = false }
        while true {
            if let envelope = try decodeNext() { return envelope }
            if let piece = takePiece() {
                reader.append(piece)
                continue
            }
            if writeClosed {
                try finishStream()
                return nil
            }
            try await waitForData()
        }
    }

    /// Every envelope decodable from what is queued (at least one), or [] at the clean end. When
    /// a fault follows some envelopes, those are returned and the next call throws the fault.
    func receiveBatch() async throws -> [Envelope] {
        try beginReceiving()
        defer { isReceiving = false }
        while true {
            var batch: [Envelope] = []
            var piecesAfterFirst = 0
            while true {
                do {
                    while let envelope = try decodeNext() { batch.append(envelope) }
                } catch {
                    if batch.isEmpty { throw error }
                    return batch
                }
                // Stop after one queue's worth once something is decoded: that is what "arrived together".
                if !batch.isEmpty, piecesAfterFirst >= capacity { break }
                guard let piece = takePiece() else { break }
                reader.append(piece)
                if !batch.isEmpty { piecesAfterFirst += 1 }
            }
            if !batch.isEmpty { return batch }
            if writeClosed {
                try finishStream()
                return []
            }
            try await waitForData()
        }
    }

    private func beginReceiving() throws {
        if let failure { throw failure }
        if isReceiving {
            throw TransportError(
                code: .concurrentReceive,
                detail: "another receive is already waiting on this connection")
        }
        isReceiving = true
    }

    private func decodeNext() throws -> Envelope? {
        do {
            return try reader.next()
        } catch {
            fail(with: error)
            throw error
        }
    }

    private func finishStream() throws {
        do {
            try reader.finish()
        } catch {
            fail(with: error)
            throw error
        }
    }

    /// Takes the oldest queued piece and moves waiting writes into the freed room.
    private func takePiece() -> [UInt8]? {
        guard queueHead < queue.count else { return nil }
        let piece = queue[queueHead]
        queue[queueHead] = []
        queueHead += 1
        if queueHead >= 64, queueHead * 2 >= queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        while queuedPieceCount < capacity, !pendingWrites.isEmpty {
            queue.append(pendingWrites[0].pieces[pendingWrites[0].next])
            pendingWrites[0].next += 1
            if pendingWrites[0].next == pendingWrites[0].pieces.count {
                pendingWrites.removeFirst().continuation.resume()
            }
        }
        return piece
    }

    private func waitForData() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                readerWaiter = continuation
            }
        } onCancel: {
            Task { await self.wakeReader() }
        }
        try Task.checkCancellation()
    }

    private func wakeReader() {
        readerWaiter?.resume()
        readerWaiter = nil
    }

    /// Fails the pipe: queued bytes are dropped and waiting writers learn the receiver is gone.
    private func fail(with error: any Error) {
        failure = error
        queue = []
        queueHead = 0
        let writes = pendingWrites
        pendingWrites = []
        for write in writes { write.continuation.resume(throwing: Self.resetError(error)) }
    }

    private static func resetError(_ cause: any Error) -> TransportError {
        TransportError(code: .reset, detail: "the receiving peer failed: \(cause)")
    }
}
