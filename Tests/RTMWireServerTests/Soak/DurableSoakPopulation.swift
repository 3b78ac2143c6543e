import RTMWire
import RTMWireTestSupport

/// Who the durable soak's connections sign in as and where they write: a small fixed population,
/// so the histories the database can hold are few and known, and retention bounds what it keeps.
struct DurableSoakPopulation: Sendable {
    static let users = (0..<8).map { "u\($0)" }
    /// Two channels take half of the texts: the hot histories, which retention trims by count
    /// many times over while the quieter pairs are swept by age.
    static let channels = (0..<2).map { Conversation(type: .channel, id: "c\($0)") }
    static let groups = (0..<3).map { Conversation(type: .group, id: "g\($0)") }

    /// Group `k`'s members: the users whose index is not `k` modulo 3 (each user is in two of
    /// the three groups; the first member creates it).
    static func members(ofGroup k: Int) -> [String] {
        users.indices.filter { $0 % groups.count != k }.map { users[$0] }
    }

    /// The groups `user` (an index) belongs to, and the one it does not.
    static func groups(of user: Int) -> (member: [Conversation], other: Conversation) {
        let other = user % groups.count
        return (groups.indices.filter { $0 != other }.map { groups[$0] }, groups[other])
    }

    /// Every history the population can write to: the channels, the groups and one per pair of
    /// users (no user writes to itself).
    static var histories: Int {
        channels.count + groups.count + users.count * (users.count - 1) / 2
    }

    /// Message ids of hostile envelopes start with this: none may ever be stored.
    static let hostilePrefix = "x."

    /// One token per user, minted once (valid for a week): signing is not what is soaked.
    let tokens: [String] = users.map { ServerHarness.token($0, expiresIn: 7 * 24 * 3_600) }

    /// The sign-in envelope of `user` (an index).
    func signIn(_ user: Int, id: String) -> Envelope {
        ServerHarness.envelope(
            id, from: Self.users[user], to: Conversation(type: .peer, id: Self.users[user]),
            .signIn(SignIn(token: tokens[user])))
    }

    /// A conversation `user` may write to, drawn: a channel (half the time), a peer (another
    /// user), or one of its groups.
    static func conversation(for user: Int, _ random: inout SplitMix64) -> Conversation {
        switch random.below(4) {
        case 0, 1: return channels[random.below(channels.count)]
        case 2:
            let peer = (user + 1 + random.below(users.count - 1)) % users.count
            return Conversation(type: .peer, id: users[peer])
        default:
            let member = groups(of: user).member
            return member[random.below(member.count)]
        }
    }

    /// The text `user` sends as `id`: its content is made from its id and sender, so whoever
    /// reads it back from history can tell it is exactly what was sent, keeping nothing.
    static func text(_ id: String, from user: String, to conversation: Conversation) -> Envelope {
        ServerHarness.text(id, from: user, to: conversation)
    }

    /// Why a history entry is not an envelope the population sent as it was sent (nil when it
    /// is): every stored envelope decodes, is a text whose message id starts with its sender
    /// (never a hostile one) and whose bytes are those of the text made from that id.
    static func forgery(in entry: HistoryEntry) -> String? {
        guard let envelope = try? Envelope(serializedBytes: entry.envelope) else {
            return "position \(entry.position) does not decode"
        }
        let id = envelope.messageID
        guard let sender = envelope.sender?.userID, id.hasPrefix(sender + "."),
            let conversation = envelope.conversation
        else { return "\(id) at \(entry.position) is not from the user its id names" }
        let expected = try? text(id, from: sender, to: conversation).serializedBytes()
        return expected == entry.envelope ? nil : "\(id) at \(entry.position) is not what was sent"
    }

    /// Whether `refusal` names a code of the schema's (not unspecified, not one unknown).
    static func isTyped(_ refusal: Refusal) -> Bool {
        refusal.code != .unspecified && RefusalCode.knownValues.contains(refusal.code)
    }
}
