import NIOCore
import RTMWire

extension ChannelPipeline.SynchronousOperations {
    /// Adds the RTMWire framing for messages of type `Message` to a pipeline: a
    /// ``MessageFrameDecoder`` (inbound bytes to messages, frames capped at
    /// `Limits.maxMessageBytes`) and a ``MessageFrameEncoder`` (outbound messages to bytes; a
    /// refused message fails its own write only). With `batching`, a ``MessageBatchHandler``
    /// follows, so the next handler receives `[Message]` per read.
    public func addMessageFraming<Message: RTMMessage>(
        _ type: Message.Type, options: CodecOptions = .default, batching: Bool = false,
        telemetry: FramingTelemetry = FramingTelemetry()
    ) throws {
        try addMessageDecoder(type, options: options, telemetry: telemetry)
        try addHandler(MessageFrameEncoder<Message>(options: options, telemetry: telemetry))
        if batching { try addHandler(MessageBatchHandler<Message>()) }
    }

    /// ``addMessageFraming(_:options:batching:telemetry:)`` for `Envelope`s.
    public func addEnvelopeFraming(
        options: CodecOptions = .default, batching: Bool = false,
        telemetry: FramingTelemetry = FramingTelemetry()
    ) throws {
        try addMessageFraming(
            Envelope.self, options: options, batching: batching, telemetry: telemetry)
    }

    /// Adds the ``MessageFrameDecoder``; its buffer is capped at one frame of
    /// ``Limits/maxMessageBytes`` and its longest length prefix.
    func addMessageDecoder<Message: RTMMessage>(
        _ type: Message.Type, options: CodecOptions, telemetry: FramingTelemetry
    ) throws {
        try addHandler(
            ByteToMessageHandler(
                MessageFrameDecoder<Message>(options: options, telemetry: telemetry),
                maximumBufferSize: options.limits.maxMessageBytes + 10))
    }
}
