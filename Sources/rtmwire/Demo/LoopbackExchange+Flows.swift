import RTMWire
import RTMWireReferencePeers

// The flows of the domain documents the demo also runs: an image re-sent by its media id
// (Agora createImageMessageByMediaId), a group message's read receipts paged from the server
// (asyncFetchGroupMessageAcksFromServer), a stream pulled again and summarised (RongCloud
// requestStreamMessageWithParams), a channel lock acquired and written under (Agora acquireLock),
// and app data updated after sending (RongCloud message extensions).
extension LoopbackExchange.Script {
    static let imageByIDID = "a-image-by-id"
    static let groupAcksID = "a-group-acks"
    static let streamPullID = "a-stream-pull"
    static let appDataID = "a-app-data"
    /// The image's upload expires seven days after it is sent.
    static let uploadLifetimeMs: Int64 = 7 * 24 * 60 * 60 * 1_000
    static let lobby = MetadataTarget(
        target: .channel(ChannelTarget(channelName: "lobby", channelType: .message)))
    static let lockName = "topic-lock"
    /// The app data alice's first text is sent with, and what her later update leaves.
    static let firstAppData = [AppDataEntry(key: "mood", value: "sunny")]
    static let updatedAppData = [AppDataEntry(key: "pinned", value: "yes")]

    /// Acquire the lobby's lock, then write under it.
    static func lockRequests() -> [MetadataRequest] {
        [
            MetadataRequest(
                requestID: "md-lock", operation: .acquireLock, target: lobby, lockName: lockName),
            MetadataRequest(
                requestID: "md-locked-set", operation: .set, target: lobby,
                metadata: Metadata(items: [MetadataItem(key: "topic", value: "lunch")]),
                lockName: lockName),
        ]
    }

    /// The image re-sent by media id, the group acks query and the stream pull, in the order
    /// the script sends them (after what they refer to).
    static func flows(now: Int64, envelope: (String, Conversation?, Envelope.Body) -> Envelope)
        -> [Envelope]
    {
        let reSent = ImageMessage(
            mediaID: "media-7d", fileName: "sunset.png", expireTimeMs: now + uploadLifetimeMs)
        let team = Conversation(type: .group, id: "team")
        return [
            envelope(imageByIDID, nil, .image(reSent)),
            envelope(
                groupAcksID, team,
                .receipt(
                    Receipt(
                        kind: .groupAckQuery(
                            GroupAckQuery(messageID: groupID, groupID: "team", pageSize: 10))))),
            envelope(
                streamPullID, nil,
                .streamPullRequest(StreamPullRequest(streamMessageID: streamMessageID))),
        ]
    }

    /// Alice's update of her first text's app data.
    static func appDataUpdate(now: Int64) -> Envelope.Body {
        .appDataUpdate(
            AppDataUpdate(
                targetMessageID: textID, set: updatedAppData, removedKeys: ["mood"],
                updateTimeMs: now + 3))
    }
}

extension LoopbackExchange {
    /// The checks of the flows above.
    static func flowChecks(bob: Bob.Outcome, alice: Alice, script: Script) -> [Check] {
        var checks: [Check] = []
        let store = bob.messages
        var reSent: ImageMessage?
        if case .image(let image)? = store[messageID: Script.imageByIDID]?.body { reSent = image }
        let sentAt = script.envelopes.first?.sendTimeMs ?? 0
        checks.append(
            Check(
                name: "an image re-sent by its media id: size unknown, expiry kept",
                ok: reSent?.size == 0 && reSent?.expireTimeMs == sentAt + Script.uploadLifetimeMs,
                detail: reSent.map { "size \($0.size), expires \($0.expireTimeMs)" } ?? "not stored"
            ))
        let page = alice.received.compactMap { $0.receipt?.groupAckPage }.first
        checks.append(
            Check(
                name: "group acks paged from the server: who read, and how many",
                ok: page?.acks.map(\.readerUserID) == [Script.bob.userID]
                    && page?.acks.first?.content == Bob.groupReadContent
                    && page?.totalCount == 1 && page?.nextAckID == "",
                detail: page.map {
                    "\($0.acks.count) of \($0.totalCount): \($0.acks.map(\.readerUserID))"
                } ?? "no page"))
        var assembler = StreamAssembler()
        var pulled: AssembledStream?
        var afterResponse = false
        for envelope in alice.received {
            if envelope.streamPullResponse?.code == 0 { afterResponse = true }
            guard afterResponse, let chunk = envelope.streamChunk else { continue }
            if let done = try? assembler.apply(chunk) { pulled = done }
        }
        let kept = pulled.map { StreamMessage($0) }
        checks.append(
            Check(
                name: "a stream pulled again, reassembled and summarised",
                ok: kept?.content == Script.streamText && kept?.summary == Script.streamSummary,
                detail: kept.map { "\"\($0.content)\", summary \"\($0.summary)\"" }
                    ?? "nothing pulled"))
        let text = store[messageID: Script.textID]
        checks.append(
            Check(
                name: "app data sent with a message, then updated",
                ok: text?.appData == Script.updatedAppData,
                detail: text.map { "\($0.appData.map { "\($0.key)=\($0.value)" })" } ?? "no message"
            ))
        return checks
    }
}
