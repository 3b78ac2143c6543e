import RTMWire

/// An envelope and the user it must reach: what ``MetadataService/handle(_:)`` returns for a
/// router to deliver.
public struct RoutedEnvelope: Hashable, Sendable {
    /// The recipient's user id.
    public var recipientUserID: String
    /// The envelope.
    public var envelope: Envelope

    /// Creates a routed envelope.
    public init(recipientUserID: String, envelope: Envelope) {
        self.recipientUserID = recipientUserID
        self.envelope = envelope
    }
}
