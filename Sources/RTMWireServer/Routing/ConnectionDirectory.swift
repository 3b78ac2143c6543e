import RTMWireNIO

/// Who each connection is and what it joined: the server's routing table, kept under the
/// server's lock.
struct ConnectionDirectory: Sendable {
    /// One connection's session.
    struct Session: Sendable {
        var connection: RelayConnection
        /// The signed-in user's token; nil until the connection signs in.
        var token: AccessToken?
        /// The channels it joined.
        var channels: Set<String> = []
        /// When it opened, ms since the Unix epoch (its sign-in deadline runs from then).
        var openedAtMs: Int64 = 0
        /// A deadline closed it: the relay is closing it, so it is not closed again.
        var isClosing = false
    }

    private(set) var sessions: [Int: Session] = [:]
    private var connectionsOfUser: [String: Set<Int>] = [:]
    private var channelMembers: [String: Set<Int>] = [:]

    mutating func open(_ connection: RelayConnection, at nowMs: Int64) {
        sessions[connection.id] = Session(connection: connection, openedAtMs: nowMs)
    }

    /// Marks `id` as being closed by a deadline.
    mutating func markClosing(_ id: Int) {
        sessions[id]?.isClosing = true
    }

    /// Signs `id` in as `token`'s user (again, for a refreshed token of the same user).
    mutating func signIn(_ id: Int, _ token: AccessToken) {
        guard sessions[id] != nil else { return }
        sessions[id]?.token = token
        connectionsOfUser[token.userID, default: []].insert(id)
    }

    /// Forgets `id`; returns its user and the channels it was the user's last connection in.
    mutating func close(_ id: Int) -> (user: String?, departed: [String]) {
        guard let session = sessions.removeValue(forKey: id) else { return (nil, []) }
        let user = session.token?.userID
        if let user {
            connectionsOfUser[user]?.remove(id)
            if connectionsOfUser[user]?.isEmpty == true { connectionsOfUser[user] = nil }
        }
        var departed: [String] = []
        for channel in session.channels.sorted() {
            channelMembers[channel]?.remove(id)
            let stillThere = (channelMembers[channel] ?? []).contains {
                sessions[$0]?.token?.userID == user
            }
            if channelMembers[channel]?.isEmpty == true { channelMembers[channel] = nil }
            if !stillThere { departed.append(channel) }
        }
        return (user, departed)
    }

    mutating func join(_ id: Int, channel: String) {
        guard sessions[id] != nil else { return }
        sessions[id]?.channels.insert(channel)
        channelMembers[channel, default: []].insert(id)
    }

    mutating func leave(_ id: Int, channel: String) {
        sessions[id]?.channels.remove(channel)
        channelMembers[channel]?.remove(id)
        if channelMembers[channel]?.isEmpty == true { channelMembers[channel] = nil }
    }

    /// The connections of `user`.
    func connections(of user: String) -> Set<Int> {
        connectionsOfUser[user] ?? []
    }

    /// The connections that joined `channel`.
    func members(ofChannel channel: String) -> Set<Int> {
        channelMembers[channel] ?? []
    }

    /// The signed-in connections whose token's `groups` claim names `group`.
    func grantedConnections(ofGroup group: String) -> Set<Int> {
        Set(
            sessions.compactMap { id, session in
                session.token?.groups.contains(group) == true ? id : nil
            })
    }
}
