import RTMWire
import RTMWireTransport

/// The server side of pulling a stream (RongCloud requestStreamMessageWithParams): keeps the
/// chunks of every stream it sent, and answers a `StreamPullRequest` with a
/// `StreamPullResponse` followed by the stream's chunks in sequence order, which the client's
/// ``StreamAssembler`` applies as it applies live ones.
///
/// A stream's init restarts it, as it does for the assembler: the chunks before it are dropped.
/// A chunk already kept (same sequence) is kept once. A request for a stream the history does
/// not know gets ``noSuchStream`` and no chunk.
public struct StreamHistory: Sendable {
    /// The code of a pull response for a stream the history does not know (the server's own
    /// code; 0 means the content follows).
    public static let noSuchStream: Int32 = 404

    /// Who the history's answers are from (the messaging server).
    public var identity: Sender
    private var chunks: [String: [StreamChunk]] = [:]

    /// Creates an empty history answering as `identity`.
    public init(identity: Sender) { self.identity = identity }

    /// Keeps one chunk of a stream the server sends.
    public mutating func record(_ chunk: StreamChunk) {
        let id = chunk.streamMessageID
        guard !id.isEmpty else { return }
        if case .initial? = chunk.event {
            chunks[id] = [chunk]
            return
        }
        var kept = chunks[id, default: []]
        guard !kept.contains(where: { $0.sequence == chunk.sequence }) else { return }
        kept.append(chunk)
        chunks[id] = kept
    }

    /// The chunks kept for a stream, in sequence order.
    public func chunks(of streamMessageID: String) -> [StreamChunk] {
        (chunks[streamMessageID] ?? []).sorted { $0.sequence < $1.sequence }
    }

    /// The answer to a pull request envelope: the response, then (when the stream is known) its
    /// chunks, each in the request's conversation and stamped `nowMs`. Nil for anything else.
    public func answer(_ request: Envelope, at nowMs: Int64) -> [Envelope]? {
        guard case .streamPullRequest(let pull)? = request.body else { return nil }
        let kept = chunks(of: pull.streamMessageID)
        let code = kept.isEmpty ? Self.noSuchStream : 0
        let conversation = request.conversation ?? Conversation()
        func envelope(_ suffix: String, _ body: Envelope.Body) -> Envelope {
            Envelope(
                messageID: "\(identity.userID)/pull/\(request.messageID)/\(suffix)",
                sender: identity, sendTimeMs: nowMs, conversation: conversation, body: body)
        }
        var answer = [
            envelope(
                "response",
                .streamPullResponse(
                    StreamPullResponse(streamMessageID: pull.streamMessageID, code: code)))
        ]
        answer += kept.map { envelope("\($0.sequence)", .streamChunk($0)) }
        return answer
    }

    /// Serves one connection until its peer closes: keeps the stream chunks it receives (a
    /// server that relays them) and answers each pull request on the same connection. Returns
    /// how many envelopes arrived.
    @discardableResult
    public mutating func serve(
        _ connection: any EnvelopeConnection,
        clock: @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) async throws -> Int {
        var count = 0
        while true {
            let batch = try await connection.receiveBatch()
            if batch.isEmpty { return count }
            count += batch.count
            for envelope in batch {
                if case .streamChunk(let chunk)? = envelope.body {
                    record(chunk)
                } else if let answer = answer(envelope, at: clock()) {
                    try await connection.send(contentsOf: answer)
                }
            }
        }
    }
}
