import RTMWire
import RTMWireNIO

extension ChatServer {
    /// Answers a request envelope (a sign-in was answered when the user was signed in).
    func answer(_ envelope: Envelope, from access: AccessToken, _ turn: inout Turn) async {
        guard let conversation = envelope.conversation else { return }
        switch envelope.body {
        case .historyRequest(let request)?:
            await answerHistory(request, envelope, in: conversation, from: access, &turn)
        case .groupRequest(let request)?:
            await answerGroup(request, envelope, in: conversation, from: access, &turn)
        case .metadata(let message)?:
            guard case .request(let request)? = message.kind else { return }
            await answerMetadata(request, envelope, in: conversation, from: access, &turn)
        case .streamPullRequest(let pull)?:
            await answerStreamPull(pull, envelope, in: conversation, from: access, &turn)
        case .receipt(let receipt)?:
            guard case .groupAckQuery(let query)? = receipt.kind else { return }
            await answerGroupAckQuery(query, envelope, from: access, &turn)
        default:
            break
        }
    }

    /// A page of the conversation's history, as many stored envelopes as the request's limit
    /// and one envelope's size allow, oldest first.
    func answerHistory(
        _ request: HistoryRequest, _ envelope: Envelope, in conversation: Conversation,
        from access: AccessToken, _ turn: inout Turn
    ) async {
        var page = HistoryPage(requestMessageID: envelope.messageID)
        // Refused like a post, not answered with a page: a page names the history's epoch,
        // which is not the requester's to learn.
        guard let key = await readableHistory(conversation, envelope, access, &turn) else { return }
        let direction: HistoryQuery.Direction =
            request.afterPosition > 0
            ? .after(request.afterPosition)
            : request.beforePosition > 0 ? .before(request.beforePosition) : .latest
        let query = HistoryQuery(
            key: key, direction: direction, limit: Int(request.limit),
            epoch: request.epoch.isEmpty ? nil : request.epoch)
        let slice: HistorySlice
        do {
            slice = try await storage.history(query)
        } catch {
            return refuse(
                .storageUnavailable, "\(error)", of: envelope.messageID, in: conversation, &turn)
        }
        page.status = slice.status == .ok ? .ok : .reload
        page.epoch = slice.epoch
        page.latestPosition = slice.latestPosition
        page.hasMore = slice.hasMore
        page.entries = slice.envelopes.map {
            HistoryEntry(position: $0.position, storedTimeMs: $0.storedTimeMs, envelope: $0.bytes)
        }
        // One envelope carries the page: drop from the end away from the client's position
        // until it fits, and say there is more.
        let budget = configuration.codec.limits.maxMessageBytes - 1_024
        while !page.entries.isEmpty,
            page.entries.reduce(0, { $0 + $1.envelope.count + 32 }) > budget
        {
            if case .before = direction {
                page.entries.removeFirst()
            } else {
                page.entries.removeLast()
            }
            page.hasMore = true
        }
        reply(.historyPage(page), in: conversation, &turn)
    }

    /// Applies a group request by ``GroupRules``, stores the change, answers the requester and
    /// tells the group's members (before and after the change) what changed.
    func answerGroup(
        _ request: GroupRequest, _ envelope: Envelope, in conversation: Conversation,
        from access: AccessToken, _ turn: inout Turn
    ) async {
        guard conversation.type == .group else {
            return refuse(
                .invalidEnvelope, "a group request's conversation is the group",
                of: envelope.messageID, in: conversation, &turn)
        }
        let group = conversation.id
        let members: [GroupMember]
        do {
            members = try await storage.groupMembers(group)
        } catch {
            return refuse(
                .storageUnavailable, "\(error)", of: envelope.messageID, in: conversation, &turn)
        }
        let decision = GroupRules.decide(
            request, from: access.userID, grantedByToken: access.groups.contains(group),
            members: members)
        if !decision.changes.isEmpty {
            do {
                try await storage.updateGroup(group, decision.changes)
            } catch {
                return refuse(
                    .storageUnavailable, "\(error)", of: envelope.messageID, in: conversation,
                    &turn)
            }
            groups.withLockedValue { $0[group] = nil }
            hand(.groupChanged(group), to: .nobody, &turn)
        }
        let response = GroupResponse(
            requestMessageID: envelope.messageID, operation: request.operation,
            status: decision.status, members: decision.members)
        reply(.groupResponse(response), in: conversation, &turn)
        guard decision.status == .ok, !decision.changes.isEmpty else { return }
        var event = response
        event.requestMessageID = ""
        let users = Set(members.map(\.userID)).union(decision.changes.keys)
        if let announcement = replies.envelope(
            .groupResponse(event), in: conversation, at: clock())
        {
            deliver(announcement, to: Audience(users: users, sender: turn.connection.id), &turn)
        }
    }
}
