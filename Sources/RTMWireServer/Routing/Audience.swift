import RTMWireNIO

/// Who an envelope goes to, in terms that any server node resolves against the connections it
/// holds: users, channels, groups a token grants, metadata subscriptions. The server decides an
/// envelope's audience once, where it arrived; the connections are looked up when it is
/// delivered, so several nodes can each deliver to their own.
struct Audience: Sendable, Hashable {
    /// Every connection each of these users is signed in on (a peer conversation's two users,
    /// a receipt's senders, a group's stored members).
    var users: Set<String> = []
    /// Every connection that joined one of these channels.
    var channels: Set<String> = []
    /// Every signed-in connection whose token's `groups` claim names one of these groups.
    var grantedGroups: Set<String> = []
    /// Every connection subscribed to one of these metadata targets
    /// (``MetadataRecord/key(of:)``).
    var metadataSubscribers: Set<String> = []
    /// The connection that sent the envelope, on the node it came to: left out of the users,
    /// channels and groups (a metadata write's own connection still gets its event as a
    /// subscriber). Another node's connection ids are its own, so it leaves out nothing there.
    var sender: Int?

    /// Nobody.
    static let nobody = Audience()

    /// Whether no connection anywhere can be in it.
    var isEmpty: Bool {
        users.isEmpty && channels.isEmpty && grantedGroups.isEmpty && metadataSubscribers.isEmpty
    }
}

extension ConnectionDirectory {
    /// The connections of `audience` this directory holds, but for its sender and the metadata
    /// subscribers (``ChatServer`` adds those from its subscriptions).
    func connections(in audience: Audience) -> Set<Int> {
        var found = Set(audience.users.flatMap { connections(of: $0) })
        for channel in audience.channels { found.formUnion(members(ofChannel: channel)) }
        for group in audience.grantedGroups { found.formUnion(grantedConnections(ofGroup: group)) }
        if let sender = audience.sender { found.remove(sender) }
        return found
    }
}
