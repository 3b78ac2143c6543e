// MessageReference (a reply's reference, Envelope.reply_to) and StreamReference (a streaming
// message's reference) are twins: the same field numbers, types and names, so the same bytes and
// JSON. These convert one into the other field for field, unknown fields included.

extension MessageReference {
    /// The reference a streaming message makes, as a reply's reference.
    public init(_ reference: StreamReference) {
        self.init(
            messageID: reference.messageID, senderUserID: reference.senderUserID,
            excerpt: reference.excerpt)
        unknownFields = reference.unknownFields
    }
}

extension StreamReference {
    /// A reply's reference, as a streaming message's reference.
    public init(_ reference: MessageReference) {
        self.init(
            messageID: reference.messageID, senderUserID: reference.senderUserID,
            excerpt: reference.excerpt)
        unknownFields = reference.unknownFields
    }
}
