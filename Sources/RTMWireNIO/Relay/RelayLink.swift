import NIOConcurrencyHelpers
import NIOCore
import RTMWire

/// One connection of a relay: a bounded outbox the router fills without waiting (so one slow
/// reader never holds up the others) and what the connection's writer needs to empty it.
///
/// When the outbox is full the connection is a reader too slow for its conversations: it is
/// closed (and counted) rather than buffered without bound or let to stall the relay.
final class RelayLink: Sendable {
    /// How a link writes frames.
    typealias Transport = RelayConnection.Transport

    /// The connection as a router sees it.
    let connection: RelayConnection
    let channel: any Channel
    let outbox: AsyncStream<RelayFrame>
    private let continuation: AsyncStream<RelayFrame>.Continuation
    /// Why a router closed the connection, once it has: the writer closes with it after the
    /// outbox (WebSocket close code 1008 and this reason).
    let refusal = NIOLockedValueBox<String?>(nil)

    var id: Int { connection.id }
    var transport: Transport { connection.transport }

    init(connection: RelayConnection, channel: any Channel, capacity: Int) {
        self.connection = connection
        self.channel = channel
        (outbox, continuation) = AsyncStream.makeStream(
            of: RelayFrame.self, bufferingPolicy: .bufferingOldest(max(1, capacity)))
    }

    /// What became of a frame handed to ``deliver(_:)``.
    enum Delivery {
        case queued
        /// The outbox is full: the reader is too slow.
        case full
        /// The outbox was finished: the connection is closing.
        case closing
    }

    /// Queues `frame`.
    func deliver(_ frame: RelayFrame) -> Delivery {
        switch continuation.yield(frame) {
        case .enqueued: .queued
        case .dropped: .full
        case .terminated: .closing
        @unknown default: .closing
        }
    }

    /// Ends the outbox: the writer sends what is queued, then closes its side.
    func finish() {
        continuation.finish()
    }

    /// Ends the outbox for a router's refusal: the writer sends what is queued, then closes the
    /// connection with `reason`.
    func refuse(_ reason: String) {
        refusal.withLockedValue { $0 = $0 ?? reason }
        continuation.finish()
    }
}

extension ByteBuffer {
    /// Writes `bytes` as one delimited frame (varint length, then the bytes).
    mutating func writeDelimited(_ bytes: [UInt8]) {
        var length = UInt64(bytes.count)
        while length >= 0x80 {
            writeInteger(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        writeInteger(UInt8(length))
        writeBytes(bytes)
    }
}
