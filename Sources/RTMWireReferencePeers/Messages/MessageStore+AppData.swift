import RTMWire

extension MessageStore {
    /// Applies an app data update (see the type's documentation for the rules).
    mutating func apply(_ update: AppDataUpdate, from editor: String) throws(MessageStoreError)
        -> Applied
    {
        let id = update.targetMessageID
        var message = try target(id)
        func refuse(_ code: MessageStoreError.Code, _ detail: String) -> MessageStoreError {
            MessageStoreError(code: code, targetMessageID: id, detail: detail)
        }
        guard !message.isRecalled else { throw refuse(.targetRecalled, "a recalled message") }
        guard editor == message.senderUserID || configuration.moderatorUserIDs.contains(editor)
        else {
            throw refuse(
                .notAllowed, "\(editor) may not change \(message.senderUserID)'s app data")
        }
        if update.updateTimeMs != 0, update.updateTimeMs < message.appDataTimeMs {
            return Applied(messageID: id, change: .staleAppDataUpdate)
        }
        var entries = message.appData
        for entry in update.set {
            if let index = entries.firstIndex(where: { $0.key.utf8.elementsEqual(entry.key.utf8) })
            {
                entries[index] = entry
            } else {
                entries.append(entry)
            }
        }
        for key in update.removedKeys {
            entries.removeAll { $0.key.utf8.elementsEqual(key.utf8) }
        }
        let bound = configuration.limits.maxAppDataEntries
        guard entries.count <= bound else {
            var error = refuse(
                .tooManyAppDataEntries, "the update would leave \(entries.count) entries")
            error.limit = RTMWireError.LimitViolation(
                name: "maxAppDataEntries", allowed: bound, actual: entries.count)
            throw error
        }
        message.appData = entries
        message.appDataTimeMs = max(message.appDataTimeMs, update.updateTimeMs)
        messagesByID[id] = message
        return Applied(messageID: id, change: .appDataChanged)
    }
}
