import RTMWire
import RTMWireNIO
import RTMWireReferencePeers

extension ChatServer {
    /// What checking and storing a change came to.
    enum ChangeOutcome: Sendable {
        /// Stored (or a repeat of one stored); the store holds the message after it.
        case stored(StoredPosition, MessageStore)
        /// The rules refuse it; nothing was stored.
        case refused(MessageStoreError)
    }

    /// Applies an edit, recall, reaction or app-data update: replays the target message and
    /// what was stored about it through ``MessageStore`` (``ServerConfiguration/messageRules``),
    /// refuses the change when the rules do, else stores it, acknowledges it and delivers it. A
    /// reaction is delivered as what the domain's clients receive: each member's
    /// `reaction_summary` of the message, the reacting user's included.
    func applyChange(
        _ envelope: Envelope, _ incoming: RelayEnvelope, in conversation: Conversation,
        from access: AccessToken, audience: Audience, _ turn: inout Turn
    ) async {
        guard let key = HistoryKey(conversation, senderID: access.userID),
            let targetID = envelope.body?.referencedMessageID
        else { return }
        let toStore = EnvelopeToStore(
            key: key, messageID: envelope.messageID, senderID: access.userID,
            bytes: incoming.bytes, referencedMessageID: targetID)
        let rules = configuration.messageRules
        let codec = configuration.codec
        let now = clock()
        let outcome: ChangeOutcome
        do {
            outcome = try await changeGate.run { () async throws(StorageError) -> ChangeOutcome in
                let stored = try await self.storage.references(to: targetID, in: key)
                var store = MessageStore(configuration: rules)
                Self.replay(stored, into: &store, codec: codec)
                // A retry is acknowledged with its first position, whatever came since.
                if !stored.references.contains(where: { $0.messageID == envelope.messageID }) {
                    do throws(MessageStoreError) {
                        try store.apply(envelope, at: now)
                    } catch {
                        return .refused(error)
                    }
                }
                return .stored(try await self.batcher.store(toStore), store)
            }
        } catch {
            return refuse(
                .storageUnavailable, "\(error)", of: envelope.messageID, in: conversation, &turn)
        }
        switch outcome {
        case .refused(let error):
            let code: RefusalCode =
                switch error.code {
                case .unknownTarget: .notFound
                case .notAllowed: .forbidden
                default: .invalidEnvelope
                }
            refuse(code, "\(error)", of: envelope.messageID, in: conversation, &turn)
        case .stored(let position, let store):
            reply(
                .acknowledgement(
                    Acknowledgement(
                        messageID: envelope.messageID, position: position.position,
                        epoch: position.epoch, storedTimeMs: position.storedTimeMs)),
                in: conversation, &turn)
            guard !position.isRepeat else { return }
            if case .reaction? = envelope.body {
                // The reacting connection gets its summary too.
                var everyone = audience
                everyone.sender = nil
                hand(
                    .reactionSummaries(
                        messageID: targetID, history: key, conversation: conversation),
                    to: everyone, &turn)
                deliverReactionSummaries(
                    of: targetID, from: store, in: conversation,
                    to: connections(in: everyone), &turn)
            } else {
                deliver(incoming, to: audience, &turn)
            }
        }
    }

    /// Feeds a stored message and what was stored about it, each at its stored time, into
    /// `store`: the state the next change is checked against. What was stored passed the rules
    /// when it came, so nothing here is refused that was not a repeat.
    static func replay(
        _ stored: MessageReferences, into store: inout MessageStore, codec: CodecOptions
    ) {
        for item in [stored.message].compactMap({ $0 }) + stored.references {
            guard let envelope = try? Envelope(serializedBytes: item.bytes, options: codec) else {
                continue
            }
            _ = try? store.apply(envelope, at: item.storedTimeMs)
        }
    }

    /// Each connection's user's summary of the reactions to `messageID`.
    func deliverReactionSummaries(
        of messageID: String, from store: MessageStore, in conversation: Conversation,
        to connections: [Int], _ turn: inout Turn
    ) {
        let users = directory.withLockedValue { directory in
            connections.compactMap { id in
                directory.sessions[id]?.token.map { (id, $0.userID) }
            }
        }
        for (id, user) in users {
            guard let summary = store.reactionSummary(of: messageID, for: user),
                let envelope = replies.envelope(
                    .reactionSummary(summary), in: conversation, at: clock())
            else { continue }
            turn.actions.append(.deliver(envelope, to: [id]))
        }
    }
}
