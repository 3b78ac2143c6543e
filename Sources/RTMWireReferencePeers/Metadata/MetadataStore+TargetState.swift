import RTMWire

extension MetadataStore {
    /// What the store keeps of one target besides its subscribers: the set and the locks held
    /// on it. A server that keeps metadata in a database loads a target's state into a store,
    /// applies one request, and writes the state back, so the rules run in one place.
    public struct TargetState: Hashable, Sendable {
        /// The stored set, or nil when the target has none.
        public var metadata: Metadata?
        /// The locks held on the target: lock name to the user holding it.
        public var locks: [String: String]

        /// Creates a state.
        public init(metadata: Metadata? = nil, locks: [String: String] = [:]) {
            self.metadata = metadata
            self.locks = locks
        }
    }

    /// The last revision any write stamped (revisions come from one counter for the whole
    /// store, so they never repeat); a store restored from a database continues from it.
    public var lastRevision: Int64 {
        get { revisionClock }
        set { revisionClock = newValue }
    }

    /// The set and locks of `target`; empty for an invalid target.
    public func state(of target: MetadataTarget) -> TargetState {
        guard let key = MetadataKey(target) else { return TargetState() }
        return TargetState(metadata: sets[key]?.metadata, locks: locks[key] ?? [:])
    }

    /// Replaces the set and locks of `target` with `state` (its subscribers stay); ignored for
    /// an invalid target. An empty set is no set, as after a remove of every item.
    public mutating func restore(_ state: TargetState, of target: MetadataTarget) {
        guard let key = MetadataKey(target) else { return }
        if let metadata = state.metadata, !metadata.items.isEmpty {
            var stored = StoredMetadata()
            for item in metadata.items { stored.upsert(item) }
            stored.majorRevision = metadata.majorRevision
            sets[key] = stored
        } else {
            sets[key] = nil
        }
        locks[key] = state.locks.isEmpty ? nil : state.locks
    }
}
