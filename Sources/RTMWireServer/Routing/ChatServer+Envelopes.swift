import RTMWire
import RTMWireNIO

extension ChatServer {
    /// What the server does with a body kind.
    enum Handling {
        /// Stored, acknowledged, delivered.
        case stored
        /// A change to an earlier message: checked by the message rules, then stored.
        case change
        /// Delivered only (presence, typing).
        case delivered
        /// Answered by the server.
        case request
        /// Sent only by a server: refused from a client.
        case serverOnly

        init(_ body: Envelope.Body?) {
            switch body {
            case .text?, .image?, .file?, .custom?, .stream?, .streamChunk?:
                self = .stored
            case .edit?, .recall?, .reaction?, .appDataUpdate?:
                self = .change
            case .receipt(let receipt)?:
                switch receipt.kind {
                case .groupAckQuery?: self = .request
                case .groupAckPage?, .groupReadCount?: self = .serverOnly
                default: self = .stored
                }
            case .metadata(let metadata)?:
                if case .request? = metadata.kind { self = .request } else { self = .serverOnly }
            case .status?, .typing?:
                self = .delivered
            case .signIn?, .historyRequest?, .groupRequest?, .streamPullRequest?:
                self = .request
            case .acknowledgement?, .refusal?, .historyPage?, .groupResponse?, .reactionSummary?,
                .streamPullResponse?:
                self = .serverOnly
            case nil:
                // A kind newer than this server: kept and routed by its header, as the
                // schema's evolution rules promise.
                self = .stored
            }
        }
    }

    /// Decides one envelope of the turn's connection.
    func handle(_ incoming: RelayEnvelope, _ turn: inout Turn) async {
        let envelope: Envelope
        do {
            envelope = try Envelope(serializedBytes: incoming.bytes, options: configuration.codec)
        } catch {
            await flush(&turn)
            refuse(
                .invalidEnvelope, "\(error)", of: incoming.messageID, in: incoming.conversation,
                &turn)
            return
        }
        let handling = Handling(envelope.body)
        // Only chat envelopes wait for a commit together; anything else answers after them.
        var scratch = Turn(connection: turn.connection)
        if handling != .stored { await flush(&turn) }
        guard let access = signedInUser(for: envelope, &scratch) else {
            return await merge(scratch, into: &turn)
        }
        guard let conversation = envelope.conversation else { return }
        switch handling {
        case .request:
            await merge(scratch, into: &turn)
            await answer(envelope, from: access, &turn)
        case .serverOnly:
            refuse(
                .forbidden, "a \(envelope.body?.jsonName ?? "") envelope is the server's to send",
                of: envelope.messageID, in: conversation, &turn)
        case .change:
            guard
                let audience = await audience(
                    of: envelope, in: conversation, from: access, &scratch)
            else { return await merge(scratch, into: &turn) }
            await applyChange(
                envelope, incoming, in: conversation, from: access, audience: audience, &turn)
        case .delivered, .stored:
            guard
                let audience = await audience(
                    of: envelope, in: conversation, from: access, &scratch)
            else { return await merge(scratch, into: &turn) }
            if handling == .delivered {
                // Taken, not kept: position 0 tells the sender its presence or typing reached
                // the server (and, for a join, that what is sent to the channel now reaches it).
                reply(
                    .acknowledgement(Acknowledgement(messageID: envelope.messageID)),
                    in: conversation, &scratch)
                deliver(incoming, to: audience, &scratch)
                return await merge(scratch, into: &turn)
            }
            guard
                let key = HistoryKey(conversation, senderID: access.userID)
            else { return }
            var toStore = EnvelopeToStore(
                key: key, messageID: envelope.messageID, senderID: access.userID,
                bytes: incoming.bytes, referencedMessageID: envelope.body?.referencedMessageID)
            if let media = envelope.body?.media {
                guard
                    let record = await mediaRecord(media, of: envelope, in: conversation, &scratch)
                else { return await merge(scratch, into: &turn) }
                toStore.media = record
            }
            turn.pending.append(
                Pending(
                    envelope: incoming, toStore: toStore,
                    conversation: conversation, audience: audience))
        }
    }

    /// Adds `scratch`'s actions after what is pending.
    func merge(_ scratch: Turn, into turn: inout Turn) async {
        // What it hands the other nodes counts even when no connection here gets anything.
        turn.published += scratch.published
        guard !scratch.actions.isEmpty else { return }
        await flush(&turn)
        turn.actions += scratch.actions
        turn.isClosed = turn.isClosed || scratch.isClosed
    }

    /// Who `envelope` goes to (never the connection that sent it), after checking that its user
    /// may post to `conversation`; nil after refusing it. Joins and leaves channels.
    func audience(
        of envelope: Envelope, in conversation: Conversation, from access: AccessToken,
        _ turn: inout Turn
    ) async -> Audience? {
        let members =
            conversation.type == .group ? await groupMembers(conversation.id) : []
        if let denial = ConversationAccess.denial(conversation, for: access, members: members) {
            refuse(
                .forbidden, "\(denial)", of: envelope.messageID, in: conversation, &turn)
            return nil
        }
        let id = turn.connection.id
        if case .receipt(let receipt)? = envelope.body {
            return await receiptAudience(receipt, in: conversation, from: access, sender: id)
        }
        var audience = Audience(sender: id)
        switch conversation.type {
        case .peer:
            audience.users = [conversation.id, access.userID]
        case .channel:
            directory.withLockedValue { directory in
                directory.join(id, channel: conversation.id)
                // Leaving: the connection is the audience's sender, left out either way.
                if case .status(let status)? = envelope.body, status.memberUserID.isEmpty,
                    status.presence == .offline
                {
                    directory.leave(id, channel: conversation.id)
                }
            }
            audience.channels = [conversation.id]
        default:
            audience.grantedGroups = [conversation.id]
            audience.users = Set(members.map(\.userID))
        }
        return audience
    }

    /// A receipt goes back to the senders of the messages it names (a conversation-read
    /// receipt in a peer conversation: to the peer), wherever they are connected.
    func receiptAudience(
        _ receipt: Receipt, in conversation: Conversation, from access: AccessToken, sender: Int
    ) async -> Audience {
        var ids: [String] = []
        switch receipt.kind {
        case .delivery(let delivery)?: ids = delivery.messageIDs
        case .messageRead(let read)?: ids = [read.messageID]
        case .groupRead(let read)?: ids = [read.messageID]
        default: break
        }
        var senders: Set<String> = []
        if ids.isEmpty {
            if conversation.type == .peer { senders = [conversation.id] }
        } else if let key = HistoryKey(conversation, senderID: access.userID) {
            senders = Set(((try? await storage.senders(of: ids, in: key)) ?? [:]).values)
        }
        return Audience(users: senders, sender: sender)
    }

    /// The stored members of `group`, read once and kept until the group changes (none when
    /// storage cannot be read).
    func groupMembers(_ group: String) async -> [GroupMember] {
        if let cached = groups.withLockedValue({ $0[group] }) { return cached }
        // Unreadable storage admits nobody, and is asked again next time.
        guard let members = try? await storage.groupMembers(group) else { return [] }
        // A group without members is not kept: any signed-in user can name groups that do not
        // exist, and each would otherwise stay in memory for the server's life.
        guard !members.isEmpty else { return [] }
        groups.withLockedValue { $0[group] = members }
        return members
    }
}
