import NIOCore
import RTMWire

/// One connection of a relay: a bounded outbox the router fills without waiting (so one slow
/// reader never holds up the others) and what the connection's writer needs to empty it.
///
/// When the outbox is full the connection is a reader too slow for its conversations: it is
/// closed (and counted) rather than buffered without bound or let to stall the relay.
final class RelayLink: Sendable {
    /// How a link writes frames.
    enum Transport: String, Sendable {
        case tcp
        case webSocketBinary = "websocket-binary"
        case webSocketJSON = "websocket-json"
    }

    let id: Int
    let transport: Transport
    let channel: any Channel
    let outbox: AsyncStream<RelayFrame>
    private let continuation: AsyncStream<RelayFrame>.Continuation

    init(id: Int, transport: Transport, channel: any Channel, capacity: Int) {
        self.id = id
        self.transport = transport
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
