import NIOCore
import NIOPosix
import RTMWire

/// Settings of a TCP connection: codec, back-pressure, connection limits, event loops, logging
/// and metrics.
public struct TCPConfiguration: Sendable {
    /// Codec options of the pipeline: rules and limits (`Limits.maxMessageBytes` caps frames).
    public var codec: CodecOptions
    /// Inbound back-pressure: reading from the socket pauses while this many reads (batches of
    /// envelopes) wait for the receiver, and resumes at ``inboundLowWatermark``. Default 16.
    public var inboundHighWatermark: Int
    /// See ``inboundHighWatermark``. Default 4.
    public var inboundLowWatermark: Int
    /// What one connection, and a server's connections together, may cost against slow and
    /// hostile peers: outbound buffer, frame timeout, concurrent connections (defaults:
    /// ``ConnectionLimits/default``).
    public var limits: ConnectionLimits
    /// The event loops the sockets run on. Default: NIO's shared singleton group.
    public var eventLoopGroup: any EventLoopGroup
    /// Where connections, frames and frame errors are logged and counted (``FramingTelemetry``).
    public var telemetry: FramingTelemetry

    /// Creates settings.
    public init(
        codec: CodecOptions = .default,
        inboundHighWatermark: Int = 16,
        inboundLowWatermark: Int = 4,
        limits: ConnectionLimits = .default,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        telemetry: FramingTelemetry = FramingTelemetry()
    ) {
        self.codec = codec
        self.inboundHighWatermark = max(1, inboundHighWatermark)
        self.inboundLowWatermark = min(max(0, inboundLowWatermark), self.inboundHighWatermark)
        self.limits = limits
        self.eventLoopGroup = eventLoopGroup
        self.telemetry = telemetry
    }
}
