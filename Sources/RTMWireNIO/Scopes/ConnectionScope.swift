import Logging
import NIOCore
import RTMWire

/// What ``TCPEnvelopeConnection`` and ``WebSocketEnvelopeConnection`` share around a
/// connection's life: counting and logging it, pumping its inbound envelopes into the inbox in
/// a child task that ends with the scope, and logging an outbound envelope the codec refused.
enum ConnectionScope {
    /// Runs `body` while `inbound` is pumped into `inbox`; counts the connection (inbound for a
    /// channel a server accepted, outbound for one this side opened) and logs its opening and
    /// closing with `metadata` added to the channel's addresses.
    static func run<Result: Sendable>(
        channel: any Channel, telemetry: FramingTelemetry, metadata extra: Logger.Metadata = [:],
        inbound: NIOAsyncChannelInboundStream<[Envelope]>, inbox: EnvelopeInbox,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async throws -> Result {
        // A channel with a parent was accepted by a server.
        telemetry.counters(channel.parent == nil ? .outbound : .inbound).connection()
        let logger = telemetry.logger
        var metadata = Logger.metadata(of: channel)
        metadata.merge(extra) { $1 }
        logger.debug("rtmwire: connection opened", metadata: metadata)
        defer { logger.debug("rtmwire: connection closed", metadata: metadata) }
        return try await ResourceCensus.counting(\.connections) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    await ResourceCensus.counting(\.pumps) { await pump(inbound, into: inbox) }
                }
                defer { group.cancelAll() }
                return try await body()
            }
        }
    }

    /// Moves inbound batches from NIO into the inbox until the stream ends, then ends the inbox
    /// cleanly or with the fault (codec errors as they are, NIO's as transport errors).
    static func pump(_ inbound: NIOAsyncChannelInboundStream<[Envelope]>, into inbox: EnvelopeInbox)
        async
    {
        do {
            for try await batch in inbound {
                await inbox.push(batch)
            }
            await inbox.finish(nil)
        } catch {
            await inbox.finish(TCPEnvelopeConnection.transportError(error))
        }
    }

    /// Counts and logs an outbound envelope the codec refused (the sender also gets the error).
    static func refused(
        _ error: RTMWireError, channel: any Channel, telemetry: FramingTelemetry,
        counters: FrameCounters
    ) {
        counters.error(error.code)
        var metadata = Logger.metadata(of: channel)
        metadata.merge(Logger.metadata(of: error)) { $1 }
        telemetry.logger.debug("rtmwire: outbound message refused", metadata: metadata)
    }
}
