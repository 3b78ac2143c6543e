import CoreMetrics
import Logging
import NIOCore
import RTMWire

/// Where the NIO framing reports what happens: a swift-log `Logger` and swift-metrics counters.
///
/// Logs (label and metadata from ``logger``; keys start with `rtmwire.`):
/// - `debug`: a connection opened or closed (`rtmwire.remote`, `rtmwire.local`), an outbound
///   message refused by the codec (the sender also gets the error thrown);
/// - `warning`: an inbound frame rejected (`rtmwire.error.code`, `rtmwire.error.offset` in the
///   stream, `rtmwire.error.field`, `rtmwire.error.detail`): the peer's stream is out of sync
///   and the connection ends.
///
/// Counters (from ``metricsFactory``, or the process's `MetricsSystem` when nil), each with a
/// `direction` dimension, `inbound` or `outbound`:
/// - `rtmwire_frames_total`: frames decoded or written;
/// - `rtmwire_frame_bytes_total`: their bytes, length prefixes included;
/// - `rtmwire_frame_errors_total`: frames rejected or refused, with a `code` dimension (the
///   `RTMWireError.Code` name, e.g. `truncatedFrame`, `limitExceeded`);
/// - `rtmwire_connections_total`: connections opened (outbound dimension for the ones this side
///   initiated, inbound for accepted ones).
///
/// Counters are created once per handler or connection, so counting costs one atomic add.
public struct FramingTelemetry: Sendable {
    /// The logger; its default label is `rtmwire`. Nothing is logged below its log level.
    public var logger: Logger
    /// The factory of the counters; nil uses `MetricsSystem.factory` (what the process
    /// bootstrapped, or no-op counters when nothing was).
    public var metricsFactory: (any MetricsFactory)?

    /// Creates telemetry settings.
    public init(
        logger: Logger = Logger(label: "rtmwire"), metricsFactory: (any MetricsFactory)? = nil
    ) {
        self.logger = logger
        self.metricsFactory = metricsFactory
    }

    /// The counters of one direction of one handler or connection.
    func counters(_ direction: Direction) -> FrameCounters {
        FrameCounters(direction: direction, factory: metricsFactory ?? MetricsSystem.factory)
    }

    /// The direction a frame travelled.
    enum Direction: String, Sendable {
        case inbound, outbound
    }
}

/// The counters of one direction, created once; error counters per code on first use.
struct FrameCounters: Sendable {
    let direction: FramingTelemetry.Direction
    let factory: any MetricsFactory
    let frames: Counter
    let bytes: Counter

    init(direction: FramingTelemetry.Direction, factory: any MetricsFactory) {
        self.direction = direction
        self.factory = factory
        let dimensions = [("direction", direction.rawValue)]
        frames = Counter(label: "rtmwire_frames_total", dimensions: dimensions, factory: factory)
        bytes = Counter(
            label: "rtmwire_frame_bytes_total", dimensions: dimensions, factory: factory)
    }

    /// One frame of `size` bytes.
    func frame(size: Int) {
        frames.increment()
        bytes.increment(by: size)
    }

    /// One rejected or refused frame. Errors end a connection or refuse one message, so the
    /// counter is looked up here rather than kept.
    func error(_ code: RTMWireError.Code) {
        Counter(
            label: "rtmwire_frame_errors_total",
            dimensions: [("direction", direction.rawValue), ("code", code.name)], factory: factory
        ).increment()
    }

    /// One connection opened in this direction.
    func connection() {
        Counter(
            label: "rtmwire_connections_total", dimensions: [("direction", direction.rawValue)],
            factory: factory
        ).increment()
    }
}

extension Logger {
    /// `error` as log metadata: code, stream offset, field path, detail.
    static func metadata(of error: RTMWireError) -> Metadata {
        var metadata: Metadata = [
            "rtmwire.error.code": "\(error.code.name)", "rtmwire.error.detail": "\(error.detail)",
        ]
        if let offset = error.offset { metadata["rtmwire.error.offset"] = "\(offset)" }
        if !error.fieldPath.isEmpty { metadata["rtmwire.error.field"] = "\(error.fieldPath)" }
        return metadata
    }

    /// The channel's addresses as log metadata.
    static func metadata(of channel: any Channel) -> Metadata {
        var metadata: Metadata = [:]
        if let remote = channel.remoteAddress { metadata["rtmwire.remote"] = "\(remote)" }
        if let local = channel.localAddress { metadata["rtmwire.local"] = "\(local)" }
        return metadata
    }
}
