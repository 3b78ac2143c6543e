import RTMWire

extension LegacyBridge {
    /// The envelope of a legacy message received in ``conversation``.
    ///
    /// - Parameters:
    ///   - message: the legacy message, as parsed from the RTM message's text.
    ///   - photo: the fields of the RTM image message that carried a `photo` message; required
    ///     for photos, refused for every other type.
    ///   - fallbackMessageID: the id to use when the message has no `message_id` (status and
    ///     raise-hand messages never do), for example a new UUID. Ignored otherwise.
    /// - Throws: `RTMWireError`: `missingField` for a photo without its attachment, or
    ///   a message without an id and no fallback; `invalidValue` for a timestamp of exactly
    ///   1970-01-01T00:00:00Z (`send_time_ms` 0 means "not stamped"), an empty photo caption or
    ///   an attachment on a message that is not a photo; and whatever `RTMMessage/validate(limits:)`
    ///   finds in the envelope (an empty text, a size over the limit, …).
    public mutating func envelope(
        from message: LegacyChatMessage, photo: LegacyPhotoAttachment? = nil,
        fallbackMessageID: String? = nil
    ) throws(RTMWireError) -> Envelope {
        guard let messageID = message.messageID ?? fallbackMessageID else {
            throw RTMWireError(
                code: .missingField, fieldPath: "message_id",
                detail:
                    "a legacy \(message.kind.type) message has no message_id; pass fallbackMessageID (for example a new UUID)"
            )
        }
        if message.timestampMs == 0 {
            throw RTMWireError(
                code: .invalidValue, fieldPath: "timestamp",
                detail: "1970-01-01T00:00:00Z is send_time_ms 0, which means \"not stamped\"")
        }
        if photo != nil, message.kind.type != "photo" {
            throw RTMWireError(
                code: .invalidValue, fieldPath: "image",
                detail: "an image message's fields came with a legacy \(message.kind.type) message")
        }
        let sender = Sender(
            userID: message.sender.senderID, displayName: message.sender.displayName)
        var state: LegacyMemberState?
        let body: Envelope.Body
        switch message.kind {
        case .text(let text):
            body = .text(TextMessage(text: text))
        case .photo(let caption):
            body = .image(try image(photo, caption: caption))
        case .status(let status):
            let hand = members[sender.userID]?.handRaised ?? false
            state = LegacyMemberState(presence: status, handRaised: hand)
            body = .status(StatusMessage(presence: status.presence, handRaised: hand))
        case .raiseHand(let raised):
            let presence = members[sender.userID]?.presence ?? .online
            state = LegacyMemberState(presence: presence, handRaised: raised)
            body = .status(StatusMessage(presence: presence.presence, handRaised: raised))
        case .other(let type, let object):
            body = .custom(
                CustomMessage(
                    type: Self.customTypePrefix + type, payload: Array(object.serialized().utf8)))
        }
        let envelope = Envelope(
            messageID: messageID, sender: sender, sendTimeMs: message.timestampMs ?? 0,
            conversation: conversation, body: body)
        try envelope.validate(limits: options.limits)
        if let state { members[sender.userID] = state }
        return envelope
    }

    private func image(
        _ photo: LegacyPhotoAttachment?, caption: String?
    ) throws(RTMWireError) -> ImageMessage {
        guard let photo else {
            throw RTMWireError(
                code: .missingField, fieldPath: "image.media_id",
                detail:
                    "a legacy photo's media is in the RTM image message that carried it; pass its fields"
            )
        }
        if caption?.isEmpty == true {
            throw RTMWireError(
                code: .invalidValue, fieldPath: "body",
                detail: "an empty photo caption cannot be told apart from none in an envelope")
        }
        var image = photo.imageMessageFields
        image.caption = caption ?? ""
        return image
    }
}

extension LegacyBridge {
    /// The envelope of a file the tutorial shared (an RTM file message, which carries no JSON):
    /// a file body in the bridge's conversation, from `sender`, with the RTM message's id and
    /// send time.
    ///
    /// - Throws: `RTMWireError`: whatever `RTMMessage/validate(limits:)` finds in the envelope
    ///   (an empty media id, a size over the limit, …).
    public func envelope(
        fromFile file: LegacyFileShare, sender: Sender, messageID: String, sendTimeMs: Int64
    ) throws(RTMWireError) -> Envelope {
        let envelope = Envelope(
            messageID: messageID, sender: sender, sendTimeMs: sendTimeMs,
            conversation: conversation, body: .file(file.fileMessage))
        try envelope.validate(limits: options.limits)
        return envelope
    }
}
