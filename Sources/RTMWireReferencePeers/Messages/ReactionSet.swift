import RTMWire

/// The reactions to one message: for each key (in order of first use) the users who reacted
/// with it (in order of reaction). Keys compare byte for byte, as the schema says (Swift's
/// `String` equality would merge canonically equivalent keys such as "é" and "e" + U+0301).
struct ReactionSet: Hashable, Sendable {
    private struct Entry: Hashable, Sendable {
        let key: String
        let keyBytes: [UInt8]
        var userIDs: [String]
    }

    private var entries: [Entry] = []

    /// Reactions (user and key pairs) in the set.
    private(set) var count = 0
    /// Distinct keys in the set.
    var keyCount: Int { entries.count }

    func contains(key: String) -> Bool { index(of: key) != nil }

    /// Adds `userID`'s reaction with `key`; false when it was there already.
    mutating func add(_ key: String, by userID: String) -> Bool {
        guard let index = index(of: key) else {
            entries.append(Entry(key: key, keyBytes: Array(key.utf8), userIDs: [userID]))
            count += 1
            return true
        }
        guard !entries[index].userIDs.contains(userID) else { return false }
        entries[index].userIDs.append(userID)
        count += 1
        return true
    }

    /// Removes `userID`'s reaction with `key` (and the key with its last user); false when there
    /// was none.
    mutating func remove(_ key: String, by userID: String) -> Bool {
        guard let index = index(of: key),
            let position = entries[index].userIDs.firstIndex(of: userID)
        else { return false }
        entries[index].userIDs.remove(at: position)
        count -= 1
        if entries[index].userIDs.isEmpty { entries.remove(at: index) }
        return true
    }

    /// The summary `receiverUserID` sees: per key the count, the `recentUsers` latest users
    /// (most recent first) and whether the receiver is among them all.
    func counts(for receiverUserID: String, recentUsers: Int) -> [ReactionCount] {
        entries.map { entry in
            ReactionCount(
                key: entry.key, count: UInt32(clamping: entry.userIDs.count),
                recentUserIDs: Array(entry.userIDs.suffix(max(0, recentUsers)).reversed()),
                receiverReacted: entry.userIDs.contains(receiverUserID))
        }
    }

    private func index(of key: String) -> Int? {
        entries.firstIndex { $0.keyBytes.elementsEqual(key.utf8) }
    }
}
