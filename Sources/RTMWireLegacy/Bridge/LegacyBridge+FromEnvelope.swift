import RTMWire

extension LegacyBridge {
    /// The legacy messages that tell tutorial clients what `envelope` says: one message, or for
    /// a status update none, one or two (`status` and/or `raise_hand`, see ``LegacyBridge``).
    ///
    /// The envelope's conversation, delivery options, reply reference, mentions and unknown
    /// fields are not printed: the RTM channel carries the conversation, and tutorial clients
    /// read neither receipt requests, replies, mentions nor unknown members.
    ///
    /// - Throws: `RTMWireError`: whatever `RTMMessage/validate(limits:)` finds;
    ///   `RTMWireError/Code/noLegacyForm` for receipts, files (an RTM file message, not
    ///   JSON: see ``legacyFile(from:)``), streams, metadata, edits,
    ///   recalls, reactions, typing indicators, custom messages that did not come from legacy
    ///   JSON and bodies of a newer schema version; `missingField` at `send_time_ms` for an
    ///   unstamped text or image (their legacy form needs a timestamp); `invalidValue` when a
    ///   kept legacy object disagrees with the envelope's header.
    public mutating func legacyMessages(from envelope: Envelope) throws(RTMWireError)
        -> [LegacyOutbound]
    {
        try envelope.validate(limits: options.limits)
        guard let sender = envelope.sender else { return [] }  // validation requires one
        guard let body = envelope.body else {
            throw RTMWireError(
                code: .noLegacyForm, fieldPath: "body",
                detail:
                    "a body of a newer schema version (\(envelope.bodyMember)) has no legacy form")
        }
        let legacySender = LegacySender(senderID: sender.userID, displayName: sender.displayName)
        let time: Int64? = envelope.sendTimeMs == 0 ? nil : envelope.sendTimeMs
        func stamped(_ kind: LegacyChatMessage.Kind) throws(RTMWireError) -> LegacyChatMessage {
            guard let time else {
                throw RTMWireError(
                    code: .missingField, fieldPath: "send_time_ms",
                    detail: "a legacy \(kind.type) message needs a timestamp; the envelope has none"
                )
            }
            return LegacyChatMessage(
                sender: legacySender, messageID: envelope.messageID, timestampMs: time, kind: kind)
        }
        switch body {
        case .text(let text):
            return [LegacyOutbound(message: try stamped(.text(text.text)))]
        case .image(let image):
            let caption = image.caption.isEmpty ? nil : image.caption
            return [
                LegacyOutbound(
                    message: try stamped(.photo(caption: caption)),
                    photo: LegacyPhotoAttachment(image))
            ]
        case .status(let status) where !status.memberUserID.isEmpty:
            // The server reports a member who joined or left (memberJoined / memberLeft): the
            // tutorial's clients take it as that member's own status message.
            let member = LegacySender(
                senderID: status.memberUserID, displayName: "")
            return statusMessages(status, from: member)
        case .status(let status):
            return statusMessages(status, from: legacySender)
        case .custom(let custom) where custom.type.hasPrefix(Self.customTypePrefix):
            return [LegacyOutbound(message: try keptMessage(custom, envelope, legacySender))]
        default:
            throw RTMWireError(
                code: .noLegacyForm, fieldPath: "body",
                detail: "a \(Self.describe(body)) body has no form in the tutorial's JSON messages")
        }
    }

    private mutating func statusMessages(
        _ status: StatusMessage, from sender: LegacySender
    ) -> [LegacyOutbound] {
        // Validation guarantees online or offline.
        let presence = LegacyStatus(status.presence) ?? .offline
        let known = members[sender.senderID]
        var out: [LegacyOutbound] = []
        func add(_ kind: LegacyChatMessage.Kind) {
            out.append(
                LegacyOutbound(
                    message: LegacyChatMessage(
                        sender: sender, messageID: nil, timestampMs: nil, kind: kind)))
        }
        if known?.presence != presence { add(.status(presence)) }
        if (known?.handRaised ?? false) != status.handRaised { add(.raiseHand(status.handRaised)) }
        if out.isEmpty { add(.status(presence)) }
        members[sender.senderID] = LegacyMemberState(
            presence: presence, handRaised: status.handRaised)
        return out
    }

    /// A legacy message of an unknown type, kept whole in a custom body: printed back as it
    /// came, provided the envelope's header still says what the object says.
    private func keptMessage(
        _ custom: CustomMessage, _ envelope: Envelope, _ sender: LegacySender
    ) throws(RTMWireError) -> LegacyChatMessage {
        let type = String(custom.type.dropFirst(Self.customTypePrefix.count))
        let message: LegacyChatMessage
        do {
            message = try LegacyChatMessage(jsonBytes: custom.payload, options: options)
        } catch {
            throw error.prefixingPath("custom.payload")
        }
        func differs(_ what: String) -> RTMWireError {
            RTMWireError(
                code: .invalidValue, fieldPath: "custom.payload",
                detail: "the kept legacy object's \(what) differs from the envelope's")
        }
        guard message.kind.type == type else { throw differs("type") }
        guard message.sender == sender else { throw differs("sender") }
        if let id = message.messageID, id != envelope.messageID { throw differs("message_id") }
        guard (message.timestampMs ?? 0) == envelope.sendTimeMs else { throw differs("timestamp") }
        return message
    }

    static func describe(_ body: Envelope.Body) -> String {
        switch body {
        case .text: "text"
        case .image: "image"
        case .file: "file"
        case .status: "status"
        case .receipt: "receipt"
        case .stream: "stream"
        case .streamChunk: "stream chunk"
        case .metadata: "metadata"
        case .custom(let custom): "custom \"\(custom.type)\""
        case .edit: "edit"
        case .recall: "recall"
        case .reaction: "reaction"
        case .reactionSummary: "reaction summary"
        case .typing: "typing indicator"
        case .streamPullRequest: "stream pull request"
        case .streamPullResponse: "stream pull response"
        case .appDataUpdate: "app data update"
        case .signIn: "sign-in"
        case .acknowledgement: "acknowledgement"
        case .refusal: "refusal"
        case .historyRequest: "history request"
        case .historyPage: "history page"
        case .groupRequest: "group request"
        case .groupResponse: "group response"
        }
    }
}

extension LegacyBridge {
    /// The tutorial's file sharing: the RTM file message (`AgoraRtmFileMessage`: media id and
    /// file name) that tells tutorial clients what a file envelope says. The tutorial sends it
    /// as it is, with no JSON, and lists it by file name and media id.
    ///
    /// - Throws: `RTMWireError`: whatever `RTMMessage/validate(limits:)` finds;
    ///   `RTMWireError/Code/noLegacyForm` when the body is no file.
    public func legacyFile(from envelope: Envelope) throws(RTMWireError) -> LegacyFileShare {
        try envelope.validate(limits: options.limits)
        guard case .file(let file)? = envelope.body else {
            throw RTMWireError(
                code: .noLegacyForm, fieldPath: "body",
                detail: "only a file body is an RTM file message in the tutorial")
        }
        return LegacyFileShare(file)
    }
}
