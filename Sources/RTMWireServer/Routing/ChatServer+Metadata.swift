import RTMWire
import RTMWireReferencePeers

extension ChatServer {
    /// Answers a metadata request by ``MetadataStore``'s rules over the target's stored state
    /// (read, changed and written back in one transaction), then fans a write's storage event
    /// out to the target's subscribers and, for a channel, to the connections in the channel.
    ///
    /// Who may: a user's metadata is written (and locked) by that user alone and read by
    /// anyone signed in; a channel's by whoever may join the channel, under its locks.
    func answerMetadata(
        _ request: MetadataRequest, _ envelope: Envelope, in conversation: Conversation,
        from access: AccessToken, _ turn: inout Turn
    ) async {
        if let denial = metadataDenial(request, for: access) {
            return refuse(.forbidden, denial, of: envelope.messageID, in: conversation, &turn)
        }
        let limits = configuration.codec.limits
        let user = access.userID
        let now = clock()
        guard let target = request.target, let key = MetadataRecord.key(of: target) else {
            // No target to keep: the rules answer it (invalid request) without storage.
            var store = MetadataStore(limits: limits)
            let outcome = store.handle(request, from: user, at: UInt64(max(0, now)))
            return reply(
                .metadata(MetadataMessage(kind: .response(outcome.response))), in: conversation,
                &turn)
        }
        let outcome: MetadataStore.Outcome
        do {
            outcome = try await storage.modifyMetadata(of: key) { record in
                var store = MetadataStore(limits: limits)
                store.restore(
                    MetadataStore.TargetState(metadata: record.metadata, locks: record.locks),
                    of: target)
                store.lastRevision = record.lastRevision
                let outcome = store.handle(request, from: user, at: UInt64(max(0, now)))
                let state = store.state(of: target)
                record = MetadataRecord(
                    metadata: state.metadata, locks: state.locks, lastRevision: store.lastRevision)
                return outcome
            }
        } catch {
            return refuse(
                .storageUnavailable, "\(error)", of: envelope.messageID, in: conversation, &turn)
        }
        reply(
            .metadata(MetadataMessage(kind: .response(outcome.response))), in: conversation, &turn)
        let id = turn.connection.id
        if outcome.response.status == .ok {
            switch request.operation {
            case .subscribe:
                subscriptions.withLockedValue { $0.subscribe(id, to: key) }
                // The snapshot the rules made for the new subscriber.
                for delivery in outcome.deliveries {
                    reply(
                        .metadata(MetadataMessage(kind: .event(delivery.event))),
                        in: conversation, &turn)
                }
            case .unsubscribe:
                subscriptions.withLockedValue { $0.unsubscribe(id, from: key) }
            default:
                break
            }
        }
        guard let event = outcome.event else { return }
        deliverMetadataEvent(event, of: target, key: key, &turn)
    }

    /// Why `access` may not make `request`, or nil when it may (a request without a valid
    /// target is the rules' to refuse).
    private func metadataDenial(_ request: MetadataRequest, for access: AccessToken) -> String? {
        switch request.target?.target {
        case .userID(let owner)?:
            let reads: Set<MetadataOperation> = [.get, .subscribe, .unsubscribe]
            guard !reads.contains(request.operation), owner != access.userID else { return nil }
            return "the metadata of user \(owner) is written by \(owner) alone"
        case .channel(let channel)?:
            let room = Conversation(type: .channel, id: channel.channelName)
            return ConversationAccess.denial(room, for: access, members: []).map { "\($0)" }
        case nil:
            return nil
        }
    }

    /// Sends a write's event to the subscribers and, for a channel, to the connections in it
    /// (the writer's own connection gets it only as a subscriber: its response said it all).
    private func deliverMetadataEvent(
        _ event: StorageEvent, of target: MetadataTarget, key: String, _ turn: inout Turn
    ) {
        var conversation = Conversation(type: .peer, id: "")
        var audience = Audience(metadataSubscribers: [key], sender: turn.connection.id)
        switch target.target {
        case .channel(let channel)?:
            conversation = Conversation(type: .channel, id: channel.channelName)
            audience.channels = [channel.channelName]
        case .userID(let owner)?:
            conversation = Conversation(type: .peer, id: owner)
        case nil:
            break
        }
        guard
            let envelope = replies.envelope(
                .metadata(MetadataMessage(kind: .event(event))), in: conversation, at: clock())
        else { return }
        deliver(envelope, to: audience, &turn)
    }
}
