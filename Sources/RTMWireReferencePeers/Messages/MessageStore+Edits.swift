import RTMWire

extension MessageStore {
    mutating func apply(_ edit: MessageEdit, from editor: String) throws(MessageStoreError)
        -> Applied
    {
        let id = edit.targetMessageID
        var message = try target(id)
        func refuse(_ code: MessageStoreError.Code, _ detail: String) -> MessageStoreError {
            MessageStoreError(code: code, targetMessageID: id, detail: detail)
        }
        guard !message.isRecalled else { throw refuse(.targetRecalled, "a recalled message") }
        guard editor == message.senderUserID else {
            throw refuse(.notAllowed, "\(editor) may not edit \(message.senderUserID)'s message")
        }
        guard edit.editTimeMs > message.editTimeMs else {
            return Applied(messageID: id, change: .staleEdit)
        }
        switch (edit.content, message.body) {
        case (.text(let text)?, .text?):
            message.body = .text(text)
        case (.caption(let caption)?, .image(var image)?):
            image.caption = caption.text
            image.mentions = caption.mentions
            message.body = .image(image)
        case (.caption(let caption)?, .file(var file)?):
            file.caption = caption.text
            file.mentions = caption.mentions
            message.body = .file(file)
        default:
            throw refuse(
                .contentMismatch,
                "\(describe(edit.contentMember)) cannot replace the content of \(describe(message.body))"
            )
        }
        // The edit alone was checked by the codec; the edited message must pass too (a caption
        // shares the content budget with the file name and thumbnail).
        let edited = Envelope(
            messageID: id, sender: Sender(userID: message.senderUserID),
            conversation: message.conversation, body: message.body)
        do {
            try edited.validate(limits: configuration.limits)
        } catch {
            throw MessageStoreError(
                code: .invalidEdit, targetMessageID: id, validationError: error,
                detail: "the edited message breaks a rule: \(error)")
        }
        message.editTimeMs = edit.editTimeMs
        message.editCount += 1
        messagesByID[id] = message
        return Applied(messageID: id, change: .edited)
    }

    mutating func apply(_ recall: MessageRecall, from sender: String, at nowMs: Int64)
        throws(MessageStoreError) -> Applied
    {
        let id = recall.targetMessageID
        var message = try target(id)
        func refuse(_ detail: String) -> MessageStoreError {
            MessageStoreError(code: .notAllowed, targetMessageID: id, detail: detail)
        }
        let actor = recall.recalledByUserID
        guard actor == sender else {
            throw refuse("recalled_by_user_id \(actor) is not the envelope's sender \(sender)")
        }
        if message.isRecalled { return Applied(messageID: id, change: .alreadyRecalled) }
        if !configuration.moderatorUserIDs.contains(actor) {
            guard actor == message.senderUserID else {
                throw refuse("\(actor) may not recall \(message.senderUserID)'s message")
            }
            let age = nowMs - message.storeTimeMs
            guard age <= configuration.recallWindowMs else {
                throw refuse(
                    "the recall window of \(configuration.recallWindowMs) ms has passed (\(age) ms)"
                )
            }
        }
        message.body = nil
        message.recall = recall
        messagesByID[id] = message
        reactionsByID[id] = nil
        return Applied(messageID: id, change: .recalled)
    }

    private func describe(_ content: OneofMember<MessageEdit.Content>) -> String {
        switch content {
        case .known(.text): "a new text"
        case .known(.caption): "a new caption"
        case .unknown(let number): "a content of a newer schema (field \(number))"
        case .absent: "no content"
        }
    }

    private func describe(_ body: Envelope.Body?) -> String {
        switch body {
        case .text?: "a text message"
        case .image?: "an image message"
        case .file?: "a file message"
        case .custom?: "a custom message"
        case .stream?: "a streaming message"
        default: "this message"
        }
    }
}
