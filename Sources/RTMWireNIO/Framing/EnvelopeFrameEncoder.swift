import NIOCore
import RTMWire

/// A `MessageToByteEncoder` that writes each ``Envelope`` as one delimited frame (varint length,
/// then the message), checking the rules and limits of ``options`` first:
///
/// ```swift
/// try channel.pipeline.syncOperations.addHandler(
///     MessageToByteHandler(EnvelopeFrameEncoder(options: .default)))
/// ```
///
/// The frame is serialised straight into the outbound buffer. A refused envelope fails its
/// write and, as `MessageToByteHandler` does for any encoder error, every later write. To refuse
/// an envelope without failing the channel, check it on the sending side with `OutboundFrame`
/// and write the frame's bytes (`ByteBuffer.writeDelimitedFrame(_:)`), as
/// ``TCPEnvelopeConnection`` does; the envelope is then checked once, not twice.
public struct EnvelopeFrameEncoder: MessageToByteEncoder, Sendable {
    /// The message type written.
    public typealias OutboundIn = Envelope

    /// Codec options: rules and limits.
    public let options: CodecOptions

    /// Creates an encoder.
    public init(options: CodecOptions = .default) {
        self.options = options
    }

    /// Appends the envelope's frame to `out`.
    public func encode(data: Envelope, out: inout ByteBuffer) throws {
        try out.writeDelimitedFrame(OutboundFrame(data, options: options))
    }
}
