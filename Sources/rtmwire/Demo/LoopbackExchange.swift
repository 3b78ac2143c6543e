import RTMWire
import RTMWireReferencePeers
import RTMWireTransport

/// The scripted exchange behind `rtmwire demo`: peer A (alice) sends one message of every kind
/// to peer B (bob), a reference peer that answers with every receipt kind, reassembles a stream
/// and serves metadata from a ``MetadataService``; then both compare what crossed the wire.
///
/// It runs over any pair of ``EnvelopeConnection``s, so it doubles as an end-to-end check of a
/// transport.
enum LoopbackExchange {
    /// One envelope that crossed the wire.
    struct Row: Hashable, Sendable {
        /// "A → B" or "B → A".
        var direction: String
        /// What it was, e.g. `receipt · delivery (2 ids)`.
        var kind: String
        /// Its conversation, e.g. `peer bob` or `group team`.
        var conversation: String
        /// Its size on the wire: the delimited frame, in bytes.
        var bytes: Int
        /// Whether the other peer received it exactly once and equal to what was sent.
        var ok: Bool
    }

    /// One semantic check of the exchange (stream reassembly, CAS conflict, subscription, ...).
    struct Check: Hashable, Sendable {
        /// What was checked.
        var name: String
        /// Whether it held.
        var ok: Bool
        /// What was seen.
        var detail: String
    }

    /// The outcome of ``run(a:b:clock:)``.
    struct Report: Hashable, Sendable {
        /// Every envelope that crossed, in sending order per direction (A → B first).
        var rows: [Row]
        /// The semantic checks.
        var checks: [Check]

        /// True when every row and every check is ok.
        var allOK: Bool { rows.allSatisfy(\.ok) && checks.allSatisfy(\.ok) }
    }

    /// Runs the exchange with `a` as alice and `b` as bob, then closes both sides. Returns once
    /// both peers have seen the end of the stream.
    static func run(
        a: any EnvelopeConnection,
        b: any EnvelopeConnection,
        clock: @escaping @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) async throws -> Report {
        let script = Script(clock: clock)
        async let bobSide = Bob(clock: clock).run(b)
        async let aliceSide = Alice.receiveUntilSatisfied(a, script: script)
        for envelope in script.envelopes { try await a.send(envelope) }
        var alice = try await aliceSide
        await a.close()
        while let envelope = try await a.receive() { alice.received.append(envelope) }
        let bob = try await bobSide
        return report(script: script, alice: alice, bob: bob)
    }

    // MARK: Report

    static func report(script: Script, alice: Alice, bob: Bob.Outcome) -> Report {
        var rows: [Row] = []
        func add(_ sent: [Envelope], _ received: [Envelope], _ direction: String) {
            for envelope in sent {
                let copies = received.filter { $0.messageID == envelope.messageID }
                rows.append(
                    Row(
                        direction: direction, kind: describe(envelope),
                        conversation: describe(envelope.conversation),
                        bytes: (try? envelope.delimitedBytes(options: .wireOnly).count) ?? 0,
                        ok: copies == [envelope]))
            }
        }
        add(script.envelopes, bob.received, "A → B")
        add(bob.sent, alice.received, "B → A")

        var tracker = ReceiptTracker()
        for envelope in script.envelopes { tracker.didSend(envelope) }
        for envelope in alice.received { tracker.apply(envelope) }
        let metadata = alice.received.compactMap(Alice.metadataKind)
        let responses = metadata.compactMap { kind -> MetadataResponse? in
            if case .response(let response) = kind { return response }
            return nil
        }
        let events = metadata.compactMap { kind -> StorageEvent? in
            if case .event(let event) = kind { return event }
            return nil
        }
        var checks: [Check] = []
        let assembled = bob.assembled
        checks.append(
            Check(
                name: "stream reassembled (deltas out of order, one duplicate)",
                ok: assembled?.text == Script.streamText
                    && assembled?.summary == Script.streamSummary,
                detail: assembled.map { "\"\($0.text)\" from \($0.deltaCount) deltas" }
                    ?? bob.assemblyError ?? "not completed"))
        let wantedDelivery = script.envelopes.filter { $0.deliveryOptions?.deliveryReceipt == true }
        let delivered = wantedDelivery.filter {
            (tracker[messageID: $0.messageID]?.stage ?? .sent) >= .delivered
        }
        checks.append(
            Check(
                name: "delivery receipts sent on their own",
                ok: delivered.count == wantedDelivery.count,
                detail: "\(delivered.count) of \(wantedDelivery.count) messages delivered"))
        let textRead = tracker[messageID: Script.textID]?.stage == .read
        let fileRead = tracker[messageID: Script.fileID]?.stage == .read
        checks.append(
            Check(
                name: "message read + conversation read receipts",
                ok: textRead && fileRead,
                detail:
                    "text \(textRead ? "read" : "unread"), file \(fileRead ? "read (conversation)" : "unread")"
            ))
        let group = tracker[messageID: Script.groupID]
        let groupRead = group?.groupReads.first
        checks.append(
            Check(
                name: "group read receipt with content and ack id, and read count",
                ok: groupRead?.content == Bob.groupReadContent && groupRead?.ackID == Bob.groupAckID
                    && group?.groupReadCount == 1,
                detail:
                    "content \"\(groupRead?.content ?? "")\", ack \"\(groupRead?.ackID ?? "")\", count \(group?.groupReadCount ?? 0)"
            ))
        let statuses = Script.metadataRequestIDs.map { id in
            responses.first { $0.requestID == id }.map {
                short($0.status.protoName, "METADATA_STATUS_")
            } ?? "none"
        }
        checks.append(
            Check(
                name:
                    "metadata subscribe, set, a CAS conflict, a channel lock and a write under it",
                ok: statuses == ["ok", "ok", "revision_conflict", "ok", "ok"],
                detail: statuses.joined(separator: ", ")))
        let eventTypes = events.map(\.eventType)
        checks.append(
            Check(
                name: "subscriber sees snapshot, then the set event",
                ok: eventTypes == [.snapshot, .set]
                    && events.last?.metadata?.items.map(\.key) == [Script.metadataKey],
                detail: eventTypes.map { short($0.protoName, "STORAGE_EVENT_TYPE_") }.joined(
                    separator: ", ")))
        checks += chatChecks(bob: bob, alice: alice)
        checks += flowChecks(bob: bob, alice: alice, script: script)
        return Report(rows: rows, checks: checks)
    }

    /// The chat kinds: what bob's message store and typing tracker made of alice's envelopes,
    /// and the reaction summaries alice got back.
    static func chatChecks(bob: Bob.Outcome, alice: Alice) -> [Check] {
        let store = bob.messages
        var checks: [Check] = []
        let text = store[messageID: Script.textID]
        let image = store[messageID: Script.imageID]
        var caption = ""
        if case .image(let edited)? = image?.body { caption = edited.caption }
        checks.append(
            Check(
                name: "edits applied: a new text, a new caption with a mention",
                ok: text?.body == .text(TextMessage(text: Script.editedText))
                    && caption == Script.editedCaption && image?.editCount == 1,
                detail: "text \"\(text.flatMap(textOf) ?? "-")\", caption \"\(caption)\""))
        let poll = store[messageID: Script.pollID]
        checks.append(
            Check(
                name: "recall removed the poll's content",
                ok: poll?.isRecalled == true && poll?.body == nil,
                detail: poll?.recall.map { "recalled by \($0.recalledByUserID): \($0.reason)" }
                    ?? "not recalled"))
        let summaries = alice.received.compactMap { envelope -> ReactionSummary? in
            if case .reactionSummary(let summary)? = envelope.body { return summary }
            return nil
        }
        let expected = [
            [
                ReactionCount(
                    key: Script.reactionKey, count: 2, recentUserIDs: ["alice", "bob"],
                    receiverReacted: true)
            ],
            [ReactionCount(key: Script.reactionKey, count: 1, recentUserIDs: ["bob"])],
        ]
        checks.append(
            Check(
                name: "reactions round trip: bob 👍, alice 👍 then removes it, summaries back",
                ok: summaries.map(\.reactions) == expected,
                detail: summaries.map { summary in
                    summary.reactions.map {
                        "\($0.key)×\($0.count) [\($0.recentUserIDs.joined(separator: ","))]"
                            + ($0.receiverReacted ? " incl. alice" : "")
                    }.joined(separator: " ")
                }.joined(separator: " → ")))
        checks.append(
            Check(
                name: "typing started, then stopped",
                ok: bob.typingSeen == [["alice"], []],
                detail: bob.typingSeen.map { $0.isEmpty ? "nobody" : $0.joined(separator: ", ") }
                    .joined(separator: " → ")))
        let reply = store[messageID: Script.replyID]
        var mentions: [String] = []
        if case .text(let message)? = reply?.body { mentions = message.mentions?.userIDs ?? [] }
        let replied = reply?.replyTo.flatMap { store[messageID: $0.messageID] }
        checks.append(
            Check(
                name: "a reply that mentions bob resolves to its message",
                ok: mentions == ["bob"] && replied?.messageID == Script.textID
                    && reply?.replyTo?.excerpt == Script.textContent,
                detail: "mentions \(mentions), replies to \(replied?.messageID ?? "nothing")"))
        checks.append(
            Check(
                name: "the message store refused nothing",
                ok: bob.storeErrors.isEmpty,
                detail: bob.storeErrors.isEmpty
                    ? "0 refusals" : bob.storeErrors.joined(separator: "; ")))
        return checks
    }

    private static func textOf(_ message: StoredMessage) -> String? {
        if case .text(let text)? = message.body { return text.text }
        return nil
    }

    /// A short description of an envelope's body.
    static func describe(_ envelope: Envelope) -> String {
        switch envelope.body {
        case .text(let text)?:
            var parts = ["text"]
            if envelope.replyTo != nil { parts.append("reply") }
            if let mentions = text.mentions {
                parts.append(
                    "@"
                        + (mentions.userIDs + (mentions.everyone ? ["all"] : [])).joined(
                            separator: " @"))
            }
            return parts.joined(separator: " · ")
        case .image(let image)?:
            return "image \(image.width)×\(image.height), thumbnail \(image.thumbnail.count) B"
        case .file?: return "file"
        case .status?: return "status"
        case .custom?: return "custom"
        case .stream?: return "stream message"
        case .streamChunk(let chunk)?:
            switch chunk.event {
            case .initial?: return "stream chunk · init #\(chunk.sequence)"
            case .delta?: return "stream chunk · delta #\(chunk.sequence)"
            case .complete?: return "stream chunk · complete #\(chunk.sequence)"
            case nil: return "stream chunk"
            }
        case .receipt(let receipt)?:
            switch receipt.kind {
            case .delivery(let delivery)?:
                let count = delivery.messageIDs.count
                return "receipt · delivery (\(count) \(count == 1 ? "id" : "ids"))"
            case .messageRead?: return "receipt · message read"
            case .conversationRead?: return "receipt · conversation read"
            case .groupRead?: return "receipt · group read"
            case .groupReadCount?: return "receipt · group read count"
            case .groupAckQuery(let query)?:
                return "receipt · group acks query (page of \(query.pageSize))"
            case .groupAckPage(let page)?:
                return "receipt · group acks page (\(page.acks.count) of \(page.totalCount))"
            case nil: return "receipt"
            }
        case .metadata(let message)?:
            switch message.kind {
            case .request(let request)?:
                return
                    "metadata · request \(short(request.operation.protoName, "METADATA_OPERATION_"))"
            case .response(let response)?:
                return "metadata · response \(short(response.status.protoName, "METADATA_STATUS_"))"
            case .event(let event)?:
                return "metadata · event \(short(event.eventType.protoName, "STORAGE_EVENT_TYPE_"))"
            case nil: return "metadata"
            }
        case .edit(let edit)?:
            if case .caption? = edit.content { return "edit · new caption" }
            return "edit · new text"
        case .recall?: return "recall"
        case .reaction(let reaction)?:
            // Keys stay out of the table: emoji are two columns wide and would skew it.
            return "reaction · \(short(reaction.action.protoName, "REACTION_ACTION_"))"
        case .reactionSummary(let summary)?:
            let counts = summary.reactions.map { String($0.count) }.joined(separator: "+")
            return "reaction summary · \(summary.reactions.count) key(s), \(counts) user(s)"
        case .typing(let typing)?:
            return "typing · \(short(typing.state.protoName, "TYPING_STATE_"))"
        case .streamPullRequest?: return "stream pull request"
        case .appDataUpdate(let update)?:
            return "app data update · \(update.set.count) set, \(update.removedKeys.count) removed"
        case .streamPullResponse(let response)?:
            return "stream pull response · code \(response.code)"
        case .signIn?: return "sign-in"
        case .acknowledgement(let ack)?: return "acknowledgement · position \(ack.position)"
        case .refusal(let refusal)?:
            return "refusal · \(short(refusal.code.protoName, "REFUSAL_CODE_"))"
        case .historyRequest(let request)?: return "history request · limit \(request.limit)"
        case .historyPage(let page)?: return "history page · \(page.entries.count) envelope(s)"
        case .groupRequest(let request)?:
            return "group request · \(short(request.operation.protoName, "GROUP_OPERATION_"))"
        case .groupResponse(let response)?:
            return "group response · \(short(response.status.protoName, "GROUP_STATUS_"))"
        case nil: return "(no body)"
        }
    }

    /// A conversation as `peer bob`, `channel lobby` or `group team`.
    static func describe(_ conversation: Conversation?) -> String {
        guard let conversation else { return "-" }
        return "\(short(conversation.type.protoName, "CONVERSATION_TYPE_")) \(conversation.id)"
    }

    /// `METADATA_STATUS_REVISION_CONFLICT` → `revision_conflict`.
    private static func short(_ name: String?, _ prefix: String) -> String {
        guard let name else { return "?" }
        return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)).lowercased() : name
    }
}
