import RTMWire

/// Who may change a group and how (Agora Chat's groups: an owner, admins, members), applied to
/// a ``GroupRequest`` against the members stored. Pure: the server stores what it decides.
///
/// - create: the group must not exist; the sender becomes its owner, the members named join as
///   members or admins (nobody else may be named owner).
/// - add: the owner adds members and admins, an admin adds members; a member already there is
///   left as it is.
/// - remove: the owner removes anyone but itself, an admin removes members.
/// - leave: any member but the owner (who would leave the group without one).
/// - list: any member (or a user the token's `groups` claim names).
/// - set-role: the owner makes members admins and admins members.
///
/// The group is the request envelope's conversation.
enum GroupRules {
    /// What a request decided.
    struct Decision: Equatable {
        /// The answer's status.
        var status: GroupStatus
        /// Each user whose membership changes: the new role, or nil when removed.
        var changes: [String: GroupRole?] = [:]
        /// The members the answer names: all of them for list, else those changed.
        var members: [GroupMember] = []
    }

    /// Decides `request` from `userID`, whose token grants `granted`, on a group whose stored
    /// members are `members` (empty: no such group).
    static func decide(
        _ request: GroupRequest, from userID: String, grantedByToken granted: Bool,
        members: [GroupMember]
    ) -> Decision {
        let roles = Dictionary(members.map { ($0.userID, $0.role) }) { first, _ in first }
        let own = roles[userID]
        let named = request.members.filter { !$0.userID.isEmpty }
        switch request.operation {
        case .create:
            guard members.isEmpty else { return Decision(status: .exists) }
            guard !named.contains(where: { $0.role == .owner || $0.userID == userID }) else {
                return Decision(status: .invalidRequest)
            }
            var changes: [String: GroupRole?] = [userID: .owner]
            for member in named {
                changes[member.userID] = member.role == .admin ? .admin : .member
            }
            return changed(changes)
        case .list:
            guard own != nil || granted else {
                return Decision(status: members.isEmpty ? .notFound : .forbidden)
            }
            return Decision(status: .ok, members: members)
        default:
            break
        }
        guard !members.isEmpty else { return Decision(status: .notFound) }
        switch request.operation {
        case .add:
            guard let own, own == .owner || own == .admin, !named.isEmpty else {
                return Decision(status: own == nil || own == .member ? .forbidden : .invalidRequest)
            }
            var changes: [String: GroupRole?] = [:]
            for member in named where roles[member.userID] == nil {
                guard member.role != .owner, member.role != .admin || own == .owner else {
                    return Decision(status: .forbidden)
                }
                changes[member.userID] = member.role == .admin ? .admin : .member
            }
            return changed(changes)
        case .remove:
            guard let own, own == .owner || own == .admin, !named.isEmpty else {
                return Decision(status: own == nil || own == .member ? .forbidden : .invalidRequest)
            }
            var changes: [String: GroupRole?] = [:]
            for member in named {
                guard let role = roles[member.userID] else { continue }
                guard role != .owner else { return Decision(status: .invalidRequest) }
                guard own == .owner || role == .member else { return Decision(status: .forbidden) }
                changes.updateValue(nil, forKey: member.userID)
            }
            return changed(changes)
        case .leave:
            guard let own else { return Decision(status: .forbidden) }
            guard own != .owner else { return Decision(status: .invalidRequest) }
            return changed([userID: GroupRole?.none])
        case .setRole:
            guard own == .owner else { return Decision(status: .forbidden) }
            var changes: [String: GroupRole?] = [:]
            for member in named {
                guard let role = roles[member.userID] else { return Decision(status: .notFound) }
                guard role != .owner, member.role == .admin || member.role == .member else {
                    return Decision(status: .invalidRequest)
                }
                changes[member.userID] = member.role
            }
            return changed(changes)
        default:
            return Decision(status: .invalidRequest)
        }
    }

    private static func changed(_ changes: [String: GroupRole?]) -> Decision {
        let members = changes.sorted { $0.key < $1.key }.map { user, role in
            GroupMember(userID: user, role: role ?? .unspecified)
        }
        return Decision(status: .ok, changes: changes, members: members)
    }
}
