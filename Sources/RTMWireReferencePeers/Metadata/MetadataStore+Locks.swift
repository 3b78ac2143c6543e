import RTMWire

extension MetadataStore {
    /// Acquires lock `name` on a target for `userID` (Agora RTM acquireLock). Succeeds when the
    /// lock is free or already held by that user; `MetadataStatus.lockHeld` when another user
    /// holds it; `MetadataStatus.invalidRequest` for an empty name or an invalid target.
    public mutating func acquireLock(
        _ name: String, on target: MetadataTarget, for userID: String
    ) -> MetadataStatus {
        guard !name.isEmpty, !userID.isEmpty, let key = MetadataKey(target) else {
            return .invalidRequest
        }
        if let holder = locks[key]?[name], holder != userID { return .lockHeld }
        locks[key, default: [:]][name] = userID
        return .ok
    }

    /// Releases lock `name` held by `userID`: `MetadataStatus.lockHeld` when another user
    /// holds it, `MetadataStatus.itemNotFound` when nobody does.
    public mutating func releaseLock(
        _ name: String, on target: MetadataTarget, by userID: String
    ) -> MetadataStatus {
        guard let key = MetadataKey(target) else { return .invalidRequest }
        switch locks[key]?[name] {
        case nil:
            return .itemNotFound
        case userID?:
            locks[key]?[name] = nil
            if locks[key]?.isEmpty == true { locks[key] = nil }
            return .ok
        default:
            return .lockHeld
        }
    }

    /// The user holding lock `name` on a target, or nil.
    public func lockHolder(_ name: String, on target: MetadataTarget) -> String? {
        MetadataKey(target).flatMap { locks[$0]?[name] }
    }
}
