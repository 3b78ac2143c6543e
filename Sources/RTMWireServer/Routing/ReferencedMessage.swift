import RTMWire

extension Envelope.Body {
    /// The earlier message an envelope of this body is about, which storage indexes it by (see
    /// ``EnvelopeToStore/referencedMessageID``): the target of a change, the stream of a chunk,
    /// the message a read receipt names; nil for anything else.
    var referencedMessageID: String? {
        switch self {
        case .edit(let edit): edit.targetMessageID
        case .recall(let recall): recall.targetMessageID
        case .reaction(let reaction): reaction.targetMessageID
        case .appDataUpdate(let update): update.targetMessageID
        case .streamChunk(let chunk): chunk.streamMessageID
        case .receipt(let receipt):
            switch receipt.kind {
            case .groupRead(let read)?: read.messageID
            case .messageRead(let read)?: read.messageID
            default: nil
            }
        default: nil
        }
    }

    /// Whether this body changes an earlier message by ``MessageStore``'s rules.
    var isMessageChange: Bool {
        switch self {
        case .edit, .recall, .reaction, .appDataUpdate: true
        default: false
        }
    }
}
