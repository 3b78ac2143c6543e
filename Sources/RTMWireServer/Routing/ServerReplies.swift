import NIOConcurrencyHelpers
import RTMWire
import RTMWireNIO

/// The envelopes the server itself sends (acknowledgements, refusals, pages, group answers,
/// offline statuses): from the server's identity, in the conversation they answer, each with a
/// message id of its own.
struct ServerReplies: Sendable {
    let identity: Sender
    let codec: CodecOptions
    private let counter = NIOLockedValueBox<UInt64>(0)
    private let prefix: String

    init(identity: Sender, codec: CodecOptions) {
        self.identity = identity
        self.codec = codec
        var generator = SystemRandomNumberGenerator()
        prefix = "\(identity.userID)-\(String(generator.next() as UInt32, radix: 36))-"
    }

    /// An envelope of the server's with `body`, in `conversation`, encoded. An answer that
    /// breaks a rule of the codec (a bug of the server's) becomes a refusal (`unavailable`)
    /// naming the broken rule, so that the client is never left without one; nil only if even
    /// that cannot be encoded.
    func envelope(_ body: Envelope.Body, in conversation: Conversation?, at nowMs: Int64)
        -> RelayEnvelope?
    {
        do {
            return try RelayEnvelope(make(body, in: conversation, at: nowMs), options: codec)
        } catch {
            let refusal = Refusal(
                code: .unavailable, detail: "the server's answer broke a rule: \(error)")
            return try? RelayEnvelope(
                make(.refusal(refusal), in: nil, at: nowMs), options: codec)
        }
    }

    private func make(_ body: Envelope.Body, in conversation: Conversation?, at nowMs: Int64)
        -> Envelope
    {
        let number = counter.withLockedValue { count in
            count += 1
            return count
        }
        return Envelope(
            messageID: prefix + String(number), sender: identity, sendTimeMs: nowMs,
            conversation: conversation ?? Conversation(type: .peer, id: identity.userID),
            body: body)
    }

    /// A refusal of the envelope `messageID` (empty: of the connection).
    func refusal(
        _ code: RefusalCode, _ detail: String, of messageID: String,
        in conversation: Conversation?, at nowMs: Int64
    ) -> RelayEnvelope? {
        // A detail is for a person: a few hundred bytes say it, and keep the envelope small.
        var shown = detail
        if shown.utf8.count > 500 { shown = String(shown.prefix(400)) + "…" }
        return envelope(
            .refusal(Refusal(messageID: messageID, code: code, detail: shown)), in: conversation,
            at: nowMs)
    }
}
