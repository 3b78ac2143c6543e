import RTMWire

extension MetadataStore {
    /// A failed check: the status and its explanation.
    private struct Refusal: Error {
        var status: MetadataStatus
        var message: String
    }

    /// set / update / remove: checks everything first, then applies the request entirely.
    mutating func write(
        _ request: MetadataRequest, key: MetadataKey, target: MetadataTarget, userID: String,
        nowMs: UInt64, response: MetadataResponse
    ) -> Outcome {
        var response = response
        do {
            let (stored, changed) = try plan(request, key: key, userID: userID, nowMs: nowMs)
            revisionClock += 1
            sets[key] = stored.isEmpty ? nil : stored
            response.metadata = stored.metadata
            let eventType: StorageEventType =
                switch request.operation {
                case .set: .set
                case .update: .update
                default: .remove
                }
            let event = StorageEvent(
                target: target, eventType: eventType,
                metadata: Metadata(items: changed, majorRevision: stored.majorRevision),
                publisherUserID: userID)
            let deliveries = (subscriptions[key] ?? []).map {
                Delivery(subscriberID: $0, event: event)
            }
            return Outcome(response: response, deliveries: deliveries, event: event)
        } catch {
            response.status = error.status
            response.errorMessage = error.message
            response.metadata = sets[key]?.metadata
            return Outcome(response: response)
        }
    }

    /// The set after the request and the items it changed, or why the request is refused.
    private func plan(
        _ request: MetadataRequest, key: MetadataKey, userID: String, nowMs: UInt64
    ) throws(Refusal) -> (StoredMetadata, [MetadataItem]) {
        try checkLock(request.lockName, key: key, userID: userID)
        let requested = request.metadata ?? Metadata()
        let existing = sets[key]
        let storedMajor = existing?.majorRevision ?? 0
        if requested.majorRevision > 0, requested.majorRevision != storedMajor {
            throw Refusal(
                status: .revisionConflict,
                message:
                    "major revision \(requested.majorRevision) does not match the stored \(storedMajor)"
            )
        }
        let revision = revisionClock + 1
        let options = request.options ?? MetadataOptions()
        var stored = existing ?? StoredMetadata()
        var changed: [MetadataItem] = []

        func stamped(_ item: MetadataItem) -> MetadataItem {
            MetadataItem(
                key: item.key, value: item.value,
                authorUserID: options.recordUserID ? userID : "", revision: revision,
                updateTimeMs: options.recordTimestamp ? nowMs : 0)
        }

        switch request.operation {
        case .set, .update:
            let isUpdate = request.operation == .update
            guard !requested.items.isEmpty else {
                throw Refusal(status: .invalidRequest, message: "the request names no items")
            }
            for item in requested.items {
                let current = stored.item(item.key)
                if isUpdate, current == nil {
                    throw Refusal(
                        status: .itemNotFound, message: "update of missing item \"\(item.key)\"")
                }
                try checkRevision(item, current)
            }
            for item in requested.items {
                let written = stamped(item)
                stored.upsert(written)
                changed.append(written)
            }
        default:  // remove
            guard existing != nil else {
                throw Refusal(
                    status: .itemNotFound, message: "no metadata is stored for this target")
            }
            if requested.items.isEmpty {
                changed = stored.items
                stored = StoredMetadata()
            } else {
                for item in requested.items {
                    guard let current = stored.item(item.key) else {
                        throw Refusal(
                            status: .itemNotFound, message: "remove of missing item \"\(item.key)\""
                        )
                    }
                    try checkRevision(item, current)
                }
                for item in requested.items {
                    if let removed = stored.remove(item.key) { changed.append(removed) }
                }
            }
        }
        try checkSize(stored)
        stored.majorRevision = stored.isEmpty ? 0 : revision
        return (stored, changed)
    }

    private func checkRevision(_ item: MetadataItem, _ current: MetadataItem?) throws(Refusal) {
        guard item.revision > 0 else { return }
        guard let current else {
            throw Refusal(
                status: .revisionConflict,
                message:
                    "item \"\(item.key)\" does not exist, so revision \(item.revision) cannot match"
            )
        }
        if current.revision != item.revision {
            throw Refusal(
                status: .revisionConflict,
                message:
                    "item \"\(item.key)\": revision \(item.revision) does not match the stored \(current.revision)"
            )
        }
    }

    private func checkLock(_ lockName: String, key: MetadataKey, userID: String) throws(Refusal) {
        let held = locks[key] ?? [:]
        if let holder = held[lockName], !lockName.isEmpty {
            if holder == userID { return }
            throw Refusal(status: .lockHeld, message: "lock \"\(lockName)\" is held by \(holder)")
        }
        if let (lock, holder) = held.min(by: { $0.key < $1.key }) {
            throw Refusal(
                status: .lockHeld,
                message:
                    "the target is locked (lock \"\(lock)\" held by \(holder)); name a lock you hold"
            )
        }
        if !lockName.isEmpty {
            throw Refusal(
                status: .invalidRequest,
                message: "lock \"\(lockName)\" is not acquired by \(userID)")
        }
    }

    private func checkSize(_ stored: StoredMetadata) throws(Refusal) {
        if stored.items.count > limits.maxRepeatedCount {
            throw Refusal(
                status: .invalidRequest,
                message:
                    "the set would hold \(stored.items.count) items (limit maxRepeatedCount \(limits.maxRepeatedCount))"
            )
        }
        // Leave room for the envelope and response around the set.
        let room = max(0, limits.maxMessageBytes - 1_024)
        let size = stored.metadata.serializedSize
        if size > room {
            throw Refusal(
                status: .invalidRequest,
                message:
                    "the set would take \(size) bytes, more than one message can carry (\(room))")
        }
    }
}
