import RTMWire
import RTMWireTransport

/// The receiving end of a TCP connection: a bounded queue of envelope batches filled by one
/// task that reads the NIO channel (the pump) and drained by ``TCPEnvelopeConnection/receive()``.
///
/// The pump suspends while the queue is full, so it stops pulling from NIO, which stops reading
/// the socket: back-pressure reaches the sender. The end of the stream (clean or failed) is
/// reported after every batch queued before it.
actor EnvelopeInbox {
    private let capacity: Int
    private var batches: [[Envelope]] = []
    private var current: ArraySlice<Envelope> = []
    /// nil while open; `.success` at a clean end; `.failure` after a fault.
    private var end: Result<Void, any Error>?
    private var isReceiving = false
    private var receiver: CheckedContinuation<Void, Never>?
    private var pusher: CheckedContinuation<Void, Never>?

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ResourceCensus.add(\.inboxes, 1)
    }

    deinit {
        ResourceCensus.add(\.inboxes, -1)
    }

    /// Queues a batch, suspending while the queue is full.
    func push(_ batch: [Envelope]) async {
        guard !batch.isEmpty, end == nil else { return }
        while batches.count >= capacity, !Task.isCancelled {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in pusher = continuation }
            } onCancel: {
                Task { await self.wakePusher() }
            }
        }
        batches.append(batch)
        wakeReceiver()
    }

    /// Ends the stream: cleanly with nil, or with the fault.
    func finish(_ error: (any Error)?) {
        guard end == nil else { return }
        end = error.map { .failure($0) } ?? .success(())
        wakeReceiver()
    }

    /// The next envelope, or nil at the clean end.
    func receive() async throws -> Envelope? {
        try beginReceiving()
        defer { isReceiving = false }
        while true {
            if let envelope = current.popFirst() {
                // An emptied slice still holds its batch's storage (a large envelope's bytes
                // included) until the next batch: let it go now.
                if current.isEmpty { current = [] }
                return envelope
            }
            if let batch = takeBatch() {
                current = batch[...]
                continue
            }
            switch end {
            case .success?: return nil
            case .failure(let error)?: throw error
            case nil: try await waitForBatch()
            }
        }
    }

    /// The rest of the current batch or the next one; [] at the clean end.
    func receiveBatch() async throws -> [Envelope] {
        try beginReceiving()
        defer { isReceiving = false }
        while true {
            if !current.isEmpty {
                defer { current = [] }
                return Array(current)
            }
            if let batch = takeBatch() { return batch }
            switch end {
            case .success?: return []
            case .failure(let error)?: throw error
            case nil: try await waitForBatch()
            }
        }
    }

    /// Envelopes queued and not yet received, and whether a consumed batch's storage is still
    /// held (for the tests of memory per connection).
    var retained: (envelopes: Int, holdsConsumedBatch: Bool) {
        (
            current.count + batches.reduce(0) { $0 + $1.count },
            current.isEmpty && current.startIndex != 0
        )
    }

    private func beginReceiving() throws {
        if isReceiving {
            throw TransportError(
                code: .concurrentReceive,
                detail: "another receive is already waiting on this connection")
        }
        isReceiving = true
    }

    private func takeBatch() -> [Envelope]? {
        guard !batches.isEmpty else { return nil }
        let batch = batches.removeFirst()
        wakePusher()
        return batch
    }

    private func waitForBatch() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in receiver = continuation }
        } onCancel: {
            Task { await self.wakeReceiver() }
        }
        try Task.checkCancellation()
    }

    private func wakeReceiver() {
        receiver?.resume()
        receiver = nil
    }

    private func wakePusher() {
        pusher?.resume()
        pusher = nil
    }
}
