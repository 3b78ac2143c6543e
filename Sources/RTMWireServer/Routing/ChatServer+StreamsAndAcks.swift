import RTMWire
import RTMWireNIO
import RTMWireReferencePeers

extension ChatServer {
    /// Answers a stream pull (RongCloud) by ``StreamHistory``'s rules over the chunks stored
    /// in the conversation: the response, then the chunks in sequence order.
    func answerStreamPull(
        _ pull: StreamPullRequest, _ envelope: Envelope, in conversation: Conversation,
        from access: AccessToken, _ turn: inout Turn
    ) async {
        guard let key = await readableHistory(conversation, envelope, access, &turn) else { return }
        let stored: MessageReferences
        do {
            stored = try await storage.references(to: pull.streamMessageID, in: key)
        } catch {
            return refuse(
                .storageUnavailable, "\(error)", of: envelope.messageID, in: conversation, &turn)
        }
        var history = StreamHistory(identity: configuration.identity)
        for item in stored.references {
            if case .streamChunk(let chunk)? = decodeStored(item)?.body { history.record(chunk) }
        }
        for answer in history.answer(envelope, at: clock()) ?? [] {
            guard let reply = try? RelayEnvelope(answer, options: configuration.codec) else {
                continue
            }
            turn.actions.append(.deliver(reply, to: [turn.connection.id]))
        }
    }

    /// Answers a group ack query (Agora Chat) by ``GroupAckLog``'s rules over the group read
    /// receipts stored for the message: one page.
    func answerGroupAckQuery(
        _ query: GroupAckQuery, _ envelope: Envelope, from access: AccessToken, _ turn: inout Turn
    ) async {
        let group = Conversation(type: .group, id: query.groupID)
        guard let key = await readableHistory(group, envelope, access, &turn) else { return }
        let stored: MessageReferences
        do {
            stored = try await storage.references(to: query.messageID, in: key)
        } catch {
            return refuse(
                .storageUnavailable, "\(error)", of: envelope.messageID, in: group, &turn)
        }
        var log = GroupAckLog(identity: configuration.identity)
        for item in stored.references {
            if let receipt = decodeStored(item) { log.record(receipt) }
        }
        guard let page = log.handle(envelope, at: clock()),
            let reply = try? RelayEnvelope(page, options: configuration.codec)
        else { return }
        turn.actions.append(.deliver(reply, to: [turn.connection.id]))
    }

    /// The history of `conversation` when `access` may read it; nil after refusing the request.
    func readableHistory(
        _ conversation: Conversation, _ envelope: Envelope, _ access: AccessToken,
        _ turn: inout Turn
    ) async -> HistoryKey? {
        let members = conversation.type == .group ? await groupMembers(conversation.id) : []
        if let denial = ConversationAccess.denial(conversation, for: access, members: members) {
            refuse(.forbidden, "\(denial)", of: envelope.messageID, in: conversation, &turn)
            return nil
        }
        return HistoryKey(conversation, senderID: access.userID)
    }

    /// A stored envelope decoded again (nil if it no longer decodes: it is skipped).
    func decodeStored(_ item: StoredEnvelope) -> Envelope? {
        try? Envelope(serializedBytes: item.bytes, options: configuration.codec)
    }
}
