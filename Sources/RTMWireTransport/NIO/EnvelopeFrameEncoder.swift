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
/// A refused envelope fails its write and, as `MessageToByteHandler` does for any encoder error,
/// every later write: check envelopes before writing them (``TCPEnvelopeConnection`` does).
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
        out.writeBytes(try data.delimitedBytes(options: options))
    }
}
