import NIOConcurrencyHelpers
import NIOCore
import RTMWireTransport

/// The bytes one connection has handed to its channel and the socket has not taken yet, kept
/// under ``ConnectionLimits/maxOutboundBufferedBytes``: a send reserves its bytes before writing
/// and ``OutboundBudgetHandler`` gives them back when the socket took them (or the write failed).
///
/// Senders that do not fit wait first come, first served; a wait ends in room, in
/// `CancellationError` (task cancelled) or in `TransportError.Code.sendTimedOut`, and in the
/// last two cases nothing was reserved. One reservation larger than the whole budget is granted
/// when nothing is buffered, so no envelope is refused for its size here.
final class OutboundBudget: Sendable {
    private struct Waiter {
        let id: UInt64
        let bytes: Int
        let continuation: CheckedContinuation<Void, any Error>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var buffered = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        /// Waits cancelled before they parked: they must not park.
        var cancelled: Set<UInt64> = []

        func fits(_ bytes: Int, capacity: Int) -> Bool {
            buffered == 0 || buffered + bytes <= capacity
        }
    }

    private enum Parking {
        case granted, cancelled, parked
    }

    /// The most bytes buffered at once (one larger send aside).
    let capacity: Int
    /// How long a send waits for room; nil: until cancelled.
    let timeout: TimeAmount?
    private let state = NIOLockedValueBox(State())

    init(capacity: Int, timeout: TimeAmount?) {
        self.capacity = max(1, capacity)
        self.timeout = timeout
        ResourceCensus.add(\.budgets, 1)
    }

    deinit {
        ResourceCensus.add(\.budgets, -1)
    }

    /// Bytes reserved and not yet released.
    var bufferedBytes: Int { state.withLockedValue { $0.buffered } }

    /// Sends waiting for room.
    var waitingSends: Int { state.withLockedValue { $0.waiters.count } }

    /// Reserves `bytes`, waiting for room.
    func reserve(_ bytes: Int) async throws {
        let capacity = self.capacity
        let id: UInt64? = state.withLockedValue { state in
            if state.waiters.isEmpty, state.fits(bytes, capacity: capacity) {
                state.buffered += bytes
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        // A cancellation that came after the grant leaves a mark nobody reads: drop it.
        defer { state.withLockedValue { _ = $0.cancelled.remove(id) } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                park(id: id, bytes: bytes, continuation)
            }
        } onCancel: {
            fail(id, CancellationError(), markCancelled: true)
        }
    }

    /// Reserves `bytes`, then writes `elements` with one flush; gives the bytes back when the
    /// write never reached the channel (the handler gives back the rest once the socket took
    /// them). Throws the reservation's error, or the writer's as a transport error.
    func write<Element: Sendable>(
        _ elements: some Sequence<Element>, bytes: Int,
        to outbound: NIOAsyncChannelOutboundWriter<Element>
    ) async throws {
        try await reserve(bytes)
        do {
            try await outbound.write(contentsOf: elements)
        } catch {
            release(bytes)
            throw TCPEnvelopeConnection.transportError(error)
        }
    }

    /// Gives back the bytes of a write the socket took (or that failed), waking the waiters that
    /// now fit, in order.
    func release(_ bytes: Int) {
        let capacity = self.capacity
        let granted: [Waiter] = state.withLockedValue { state in
            state.buffered = max(0, state.buffered - bytes)
            var granted: [Waiter] = []
            while let first = state.waiters.first, state.fits(first.bytes, capacity: capacity) {
                state.waiters.removeFirst()
                state.buffered += first.bytes
                granted.append(first)
            }
            return granted
        }
        for waiter in granted {
            waiter.timer?.cancel()
            waiter.continuation.resume()
        }
    }

    private func park(
        id: UInt64, bytes: Int, _ continuation: CheckedContinuation<Void, any Error>
    ) {
        let capacity = self.capacity
        let parking: Parking = state.withLockedValue { state in
            if state.cancelled.remove(id) != nil { return .cancelled }
            // Room may have appeared since the first look.
            if state.waiters.isEmpty, state.fits(bytes, capacity: capacity) {
                state.buffered += bytes
                return .granted
            }
            state.waiters.append(Waiter(id: id, bytes: bytes, continuation: continuation))
            return .parked
        }
        switch parking {
        case .granted: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .parked: startTimer(id: id, bytes: bytes)
        }
    }

    private func startTimer(id: UInt64, bytes: Int) {
        guard let timeout else { return }
        let timer = Task { [self] in
            try? await Task.sleep(nanoseconds: UInt64(max(0, timeout.nanoseconds)))
            if Task.isCancelled { return }
            fail(
                id,
                TransportError(
                    code: .sendTimedOut,
                    detail:
                        "waited \(timeout) for room to send \(bytes) bytes: the peer is not reading"
                        + " (\(capacity) bytes may be buffered for it)"),
                markCancelled: false)
        }
        let stillWaiting = state.withLockedValue { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                return false
            }
            state.waiters[index].timer = timer
            return true
        }
        if !stillWaiting { timer.cancel() }
    }

    /// Ends a parked wait with `error`; with `markCancelled`, a wait that has not parked yet will
    /// not park.
    private func fail(_ id: UInt64, _ error: any Error, markCancelled: Bool) {
        let waiter: Waiter? = state.withLockedValue { state in
            if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                return state.waiters.remove(at: index)
            }
            // Not parked yet: `park` must not park it. (If it was granted meanwhile, `reserve`
            // drops the mark when its wait returns.)
            if markCancelled { state.cancelled.insert(id) }
            return nil
        }
        guard let waiter else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(throwing: error)
        // The waiters behind it may fit now.
        release(0)
    }
}

extension OutboundBudget {
    /// A budget of ``ConnectionLimits/maxOutboundBufferedBytes`` for `channel`, and its handler
    /// (`bytes`: what a write reserved, nil for a write that reserved nothing) added to the
    /// pipeline; runs on the channel's event loop. NIO's writability is set to agree with the
    /// budget, so the async writer never parks a send the budget let through (which would wait
    /// without the send timeout).
    static func install<Written>(
        on channel: any Channel, limits: ConnectionLimits,
        bytes: @escaping (Written) -> Int?
    ) throws -> OutboundBudget {
        let mark = limits.maxOutboundBufferedBytes
        try channel.syncOptions?.setOption(
            .writeBufferWaterMark, value: .init(low: mark / 2, high: mark))
        let budget = OutboundBudget(capacity: mark, timeout: limits.sendTimeout)
        try channel.pipeline.syncOperations.addHandler(
            OutboundBudgetHandler(budget: budget, bytes: bytes))
        return budget
    }
}

/// Gives a connection's outbound bytes back to its ``OutboundBudget`` once the socket took them
/// (the write's promise succeeded) or the write failed; sits right behind the async channel, so
/// it sees exactly what the connection reserved (``TCPEnvelopeConnection``'s buffers,
/// ``WebSocketEnvelopeConnection``'s data frames).
final class OutboundBudgetHandler<Written>: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = Written
    typealias OutboundOut = Written

    private let budget: OutboundBudget
    private let bytes: (Written) -> Int?

    init(budget: OutboundBudget, bytes: @escaping (Written) -> Int?) {
        self.budget = budget
        self.bytes = bytes
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard let bytes = bytes(Self.unwrapOutboundIn(data)) else {
            context.write(data, promise: promise)
            return
        }
        let promise = promise ?? context.eventLoop.makePromise()
        let budget = self.budget
        promise.futureResult.whenComplete { _ in budget.release(bytes) }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension OutboundBudgetHandler: Sendable {}
