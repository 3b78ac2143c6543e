import RTMWire
import RTMWireTestSupport
import RTMWireTransport

/// Receives until the clean end of the stream.
func receiveAll(_ connection: any EnvelopeConnection) async throws -> [Envelope] {
    var received: [Envelope] = []
    while let envelope = try await connection.receive() { received.append(envelope) }
    return received
}

/// Receives until the end or the first error; returns both.
func receiveUntilFault(_ connection: any EnvelopeConnection) async -> (
    envelopes: [Envelope], error: (any Error)?
) {
    var received: [Envelope] = []
    do {
        while let envelope = try await connection.receive() { received.append(envelope) }
        return (received, nil)
    } catch {
        return (received, error)
    }
}

/// An error raised by test helpers.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A minimal metadata client: sends requests and waits for their responses, keeping the storage
/// events that arrive meanwhile.
struct MetadataClient {
    let connection: any EnvelopeConnection
    var sender: Sender = Fixtures.alice
    private var count = 0
    private var events: [StorageEvent] = []

    init(connection: any EnvelopeConnection, sender: Sender = Fixtures.alice) {
        self.connection = connection
        self.sender = sender
    }

    mutating func request(
        _ operation: MetadataOperation, _ target: MetadataTarget, items: [MetadataItem] = [],
        major: Int64 = 0,
        lock: String = "",
        options: MetadataOptions? = MetadataOptions(recordTimestamp: true, recordUserID: true)
    ) async throws -> MetadataResponse {
        count += 1
        let id = "r\(count)"
        let request = MetadataRequest(
            requestID: id, operation: operation, target: target,
            metadata: items.isEmpty && major == 0
                ? nil : Metadata(items: items, majorRevision: major),
            options: options, lockName: lock)
        try await connection.send(
            Envelope(
                messageID: "\(sender.userID)-request-\(count)", sender: sender,
                sendTimeMs: Fixtures.time,
                conversation: Conversation(type: .peer, id: "store"),
                body: .metadata(MetadataMessage(kind: .request(request)))))
        while let envelope = try await connection.receive() {
            guard case .metadata(let message)? = envelope.body else { continue }
            switch message.kind {
            case .response(let response)? where response.requestID == id: return response
            case .event(let event)?: events.append(event)
            default: continue
            }
        }
        throw TestFailure("the stream ended before the response to \(id)")
    }

    mutating func nextEvent() async throws -> StorageEvent? {
        if !events.isEmpty { return events.removeFirst() }
        while let envelope = try await connection.receive() {
            if case .metadata(let message)? = envelope.body, case .event(let event)? = message.kind
            {
                return event
            }
        }
        return nil
    }
}
