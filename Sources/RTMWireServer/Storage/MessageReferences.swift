/// A stored message and what was stored about it since: what
/// ``ServerStorage/references(to:in:)`` returns.
public struct MessageReferences: Sendable, Hashable {
    /// The message, when its history still holds it.
    public var message: StoredEnvelope?
    /// The envelopes stored about it (edits, recalls, reactions, app-data updates, a stream's
    /// chunks, read receipts), oldest first.
    public var references: [StoredEnvelope]

    /// Creates references.
    public init(message: StoredEnvelope?, references: [StoredEnvelope]) {
        self.message = message
        self.references = references
    }
}
