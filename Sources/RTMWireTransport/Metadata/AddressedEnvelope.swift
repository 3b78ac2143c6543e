import RTMWire

/// An envelope and the user it must reach.
public struct AddressedEnvelope: Hashable, Sendable {
    /// The recipient's user id.
    public var recipientUserID: String
    /// The envelope.
    public var envelope: Envelope

    /// Creates an addressed envelope.
    public init(recipientUserID: String, envelope: Envelope) {
        self.recipientUserID = recipientUserID
        self.envelope = envelope
    }
}
