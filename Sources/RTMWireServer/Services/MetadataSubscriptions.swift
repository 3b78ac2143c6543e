/// Which connections subscribe to which metadata targets (by ``MetadataRecord/key(of:)``): a
/// subscription lasts as long as its connection, as Agora RTM's does.
struct MetadataSubscriptions: Sendable {
    private var subscribers: [String: Set<Int>] = [:]
    private var targetsOfConnection: [Int: Set<String>] = [:]

    /// Subscribes connection `id` to `target`.
    mutating func subscribe(_ id: Int, to target: String) {
        subscribers[target, default: []].insert(id)
        targetsOfConnection[id, default: []].insert(target)
    }

    /// Ends connection `id`'s subscription to `target`.
    mutating func unsubscribe(_ id: Int, from target: String) {
        subscribers[target]?.remove(id)
        if subscribers[target]?.isEmpty == true { subscribers[target] = nil }
        targetsOfConnection[id]?.remove(target)
        if targetsOfConnection[id]?.isEmpty == true { targetsOfConnection[id] = nil }
    }

    /// Ends every subscription of connection `id` (it closed).
    mutating func remove(_ id: Int) {
        for target in targetsOfConnection.removeValue(forKey: id) ?? [] {
            subscribers[target]?.remove(id)
            if subscribers[target]?.isEmpty == true { subscribers[target] = nil }
        }
    }

    /// The connections subscribed to `target`.
    func connections(subscribedTo target: String) -> Set<Int> {
        subscribers[target] ?? []
    }
}
