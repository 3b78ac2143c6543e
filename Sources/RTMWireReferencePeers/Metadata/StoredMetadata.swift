import RTMWire

/// One stored metadata set: items in the order they were first set, and the major revision.
struct StoredMetadata: Sendable {
    private(set) var items: [MetadataItem] = []
    private var positions: [String: Int] = [:]
    var majorRevision: Int64 = 0

    var isEmpty: Bool { items.isEmpty }

    /// The set as a message.
    var metadata: Metadata { Metadata(items: items, majorRevision: majorRevision) }

    /// The stored item with this key.
    func item(_ key: String) -> MetadataItem? {
        positions[key].map { items[$0] }
    }

    /// Overwrites the item with the same key, or appends it.
    mutating func upsert(_ item: MetadataItem) {
        if let index = positions[item.key] {
            items[index] = item
        } else {
            positions[item.key] = items.count
            items.append(item)
        }
    }

    /// Removes and returns the item with this key.
    mutating func remove(_ key: String) -> MetadataItem? {
        guard let index = positions.removeValue(forKey: key) else { return nil }
        let removed = items.remove(at: index)
        for position in index..<items.count { positions[items[position].key] = position }
        return removed
    }
}
