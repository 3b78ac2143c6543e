import RTMWire
import RTMWireNIO
import RTMWireReferencePeers

extension ChatServer {
    /// Hands `content` for `audience` to the other nodes once the turn is decided; nothing for
    /// a server that runs alone, or an audience nobody can be in (but for a group change, which
    /// is for every node).
    func hand(_ content: FanOutItem.Content, to audience: Audience, _ turn: inout Turn) {
        guard fanOut != nil else { return }
        switch content {
        case .groupChanged: break
        case .envelope, .reactionSummaries, .departure: if audience.isEmpty { return }
        }
        turn.published.append(FanOutItem(content, for: audience))
    }

    /// Writes what a turn handed the other nodes. When the database refuses, the other nodes'
    /// connections miss these live deliveries; what was stored they find in history.
    func publish(_ items: [FanOutItem]) async {
        guard let fanOut, !items.isEmpty else { return }
        do {
            try await fanOut.publish(items)
        } catch {
            fanOut.logger.warning(
                "rtmwire: the other nodes were not handed \(items.count) deliveries",
                metadata: ["rtmwire.error": "\(error)"])
        }
    }

    /// What the other nodes handed this one, as deliveries to its connections, as they come.
    public var pushedActions: AsyncStream<[RelayAction]>? {
        guard let fanOut else { return nil }
        return AsyncStream(unfolding: { [self] in
            guard let items = await fanOut.nextBatch() else { return nil }
            return await actions(for: items)
        })
    }

    /// This node's deliveries of items another node handed it.
    func actions(for items: [FanOutItem]) async -> [RelayAction] {
        var turn = Turn(connection: RelayConnection(id: -1, transport: .tcp))
        for item in items {
            switch item.content {
            case .envelope(let bytes):
                let connections = connections(in: item.audience)
                guard !connections.isEmpty,
                    let envelope = try? RelayEnvelope(bytes: bytes, options: configuration.codec)
                else { continue }
                turn.actions.append(.deliver(envelope, to: connections))
            case .reactionSummaries(let messageID, let history, let conversation):
                let connections = connections(in: item.audience)
                guard !connections.isEmpty,
                    let stored = try? await storage.references(to: messageID, in: history)
                else { continue }
                var store = MessageStore(configuration: configuration.messageRules)
                Self.replay(stored, into: &store, codec: configuration.codec)
                deliverReactionSummaries(
                    of: messageID, from: store, in: conversation, to: connections, &turn)
            case .groupChanged(let group):
                groups.withLockedValue { $0[group] = nil }
            case .departure(let user, let bytes):
                guard let offline = try? RelayEnvelope(bytes: bytes, options: configuration.codec)
                else { continue }
                let channels = item.audience.channels
                let stillHere = directory.withLockedValue { directory in
                    let users = directory.connections(of: user)
                    return channels.filter {
                        !users.isDisjoint(with: directory.members(ofChannel: $0))
                    }
                }
                // Where the user is still in the channel here, the user is online: not told to
                // this node's connections, and said to the other nodes', which may have shown it.
                for channel in channels where stillHere.contains(channel) {
                    handOnline(user, in: channel, &turn)
                }
                let elsewhere = Audience(channels: channels.subtracting(stillHere))
                let connections = connections(in: elsewhere)
                guard !connections.isEmpty else { continue }
                turn.actions.append(.deliver(offline, to: connections))
            }
        }
        await publish(turn.published)
        return turn.actions
    }

    /// Hands the other nodes an online status of `user` in `channel`, from this node: the
    /// answer to another node's departure of a user still here.
    private func handOnline(_ user: String, in channel: String, _ turn: inout Turn) {
        let now = clock()
        let envelope = Envelope(
            messageID:
                "\(configuration.identity.userID)-online-\(now)-\(UInt32.random(in: .min ... .max))",
            sender: Sender(userID: user), sendTimeMs: now,
            conversation: Conversation(type: .channel, id: channel),
            body: .status(StatusMessage(presence: .online)))
        guard let online = try? RelayEnvelope(envelope, options: configuration.codec) else {
            return
        }
        hand(.envelope(online.bytes), to: Audience(channels: [channel]), &turn)
    }
}
