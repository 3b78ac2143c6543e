import RTMWire

/// The inbound side of an ``EnvelopeConnection`` as an `AsyncSequence`; each iteration step
/// calls ``EnvelopeConnection/receive()``.
public struct InboundEnvelopes: AsyncSequence, Sendable {
    /// The element type.
    public typealias Element = Envelope
    /// The failure type.
    public typealias Failure = any Error

    let connection: any EnvelopeConnection

    /// Creates the sequence of a connection's inbound envelopes.
    public init(connection: any EnvelopeConnection) {
        self.connection = connection
    }

    /// Creates the iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(connection: connection)
    }

    /// Receives one envelope per step; nil at the clean end of the stream.
    public struct Iterator: AsyncIteratorProtocol {
        let connection: any EnvelopeConnection

        /// The next inbound envelope, or nil at the end of the stream.
        public mutating func next() async throws -> Envelope? {
            try await connection.receive()
        }
    }
}
