import RTMWire

/// A finished stream: its content reassembled from the deltas, with the complete event's result.
public struct AssembledStream: Hashable, Sendable {
    /// The id of the streaming message (its `StreamMessage.messageID`).
    public var streamMessageID: String
    /// The content type announced by the init event.
    public var contentType: String
    /// The deltas' content, concatenated in sequence order.
    public var text: String
    /// The final summary from the complete event.
    public var summary: String
    /// The result code of the stream request (0 = success).
    public var code: Int32
    /// The messaging server's stop reason (0 = normal termination).
    public var stopReason: Int32
    /// The business server's complete reason (0 = none).
    public var completeReason: Int32
    /// How many deltas were applied.
    public var deltaCount: Int

    /// Creates a finished stream.
    public init(
        streamMessageID: String, contentType: String, text: String, summary: String, code: Int32,
        stopReason: Int32, completeReason: Int32, deltaCount: Int
    ) {
        self.streamMessageID = streamMessageID
        self.contentType = contentType
        self.text = text
        self.summary = summary
        self.code = code
        self.stopReason = stopReason
        self.completeReason = completeReason
        self.deltaCount = deltaCount
    }
}

extension StreamMessage {
    /// The streaming message as history and conversation lists keep it once its stream is
    /// finished: the whole content, complete, synced, with the complete event's reasons and
    /// summary. `original` (the message as first delivered) gives the reference and anything
    /// else it had.
    public init(_ assembled: AssembledStream, original: StreamMessage? = nil) {
        self = original ?? StreamMessage()
        messageID = assembled.streamMessageID
        if !assembled.contentType.isEmpty { contentType = assembled.contentType }
        content = assembled.text
        isComplete = true
        isSync = true
        completeReason = assembled.completeReason
        stopReason = assembled.stopReason
        summary = assembled.summary
    }
}
