import NIOCore
import RTMWire

extension ChannelPipeline.SynchronousOperations {
    /// Adds the RTMWire framing to a pipeline: an ``EnvelopeFrameDecoder`` (inbound bytes to
    /// ``Envelope``s, frames capped at ``Limits/maxMessageBytes``) and an
    /// ``EnvelopeFrameEncoder`` (outbound envelopes to bytes). With `batching`, an
    /// ``EnvelopeBatchHandler`` follows, so the next handler receives `[Envelope]` per read.
    public func addEnvelopeFraming(options: CodecOptions = .default, batching: Bool = false) throws
    {
        try addEnvelopeDecoder(options: options)
        try addHandler(MessageToByteHandler(EnvelopeFrameEncoder(options: options)))
        if batching { try addHandler(EnvelopeBatchHandler()) }
    }

    /// Adds the ``EnvelopeFrameDecoder``; its buffer is capped at one frame of
    /// ``Limits/maxMessageBytes`` and its longest length prefix.
    func addEnvelopeDecoder(options: CodecOptions) throws {
        try addHandler(
            ByteToMessageHandler(
                EnvelopeFrameDecoder(options: options),
                maximumBufferSize: options.limits.maxMessageBytes + 10))
    }
}
