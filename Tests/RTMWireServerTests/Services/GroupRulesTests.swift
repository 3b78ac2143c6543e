import RTMWire
import Testing

@testable import RTMWireServer

@Suite("Group rules")
struct GroupRulesTests {
    static let members = [
        GroupMember(userID: "owner", role: .owner), GroupMember(userID: "admin", role: .admin),
        GroupMember(userID: "member", role: .member),
    ]

    func decide(
        _ operation: GroupOperation, _ named: [GroupMember] = [], by user: String,
        members: [GroupMember] = members, granted: Bool = false
    ) -> GroupRules.Decision {
        GroupRules.decide(
            GroupRequest(operation: operation, members: named), from: user,
            grantedByToken: granted, members: members)
    }

    @Test func creatingMakesTheSenderOwnerOnce() {
        let created = decide(
            .create, [GroupMember(userID: "b", role: .admin)], by: "a", members: [])
        #expect(created.status == .ok && created.changes == ["a": .owner, "b": .admin])
        #expect(decide(.create, by: "a").status == .exists)
        #expect(
            decide(.create, [GroupMember(userID: "b", role: .owner)], by: "a", members: []).status
                == .invalidRequest)
    }

    @Test func ownersAndAdminsAddOnlyWhatTheirRoleAllows() {
        let newcomer = [GroupMember(userID: "new", role: .member)]
        #expect(decide(.add, newcomer, by: "admin").changes == ["new": .member])
        #expect(decide(.add, newcomer, by: "member").status == .forbidden)
        #expect(decide(.add, newcomer, by: "stranger").status == .forbidden)
        #expect(
            decide(.add, [GroupMember(userID: "new", role: .admin)], by: "admin").status
                == .forbidden)
        #expect(
            decide(.add, [GroupMember(userID: "new", role: .admin)], by: "owner").changes == [
                "new": .admin
            ])
        #expect(decide(.add, newcomer, by: "owner", members: []).status == .notFound)
    }

    @Test func removingSparesTheOwnerAndAdminsRemoveOnlyMembers() {
        #expect(
            decide(.remove, [GroupMember(userID: "member")], by: "admin").changes == [
                "member": GroupRole?.none
            ])
        #expect(decide(.remove, [GroupMember(userID: "admin")], by: "admin").status == .forbidden)
        #expect(decide(.remove, [GroupMember(userID: "admin")], by: "owner").status == .ok)
        #expect(
            decide(.remove, [GroupMember(userID: "owner")], by: "owner").status == .invalidRequest)
        #expect(decide(.remove, [GroupMember(userID: "admin")], by: "member").status == .forbidden)
    }

    @Test func leavingListingAndRoles() {
        #expect(decide(.leave, by: "member").changes == ["member": GroupRole?.none])
        #expect(decide(.leave, by: "owner").status == .invalidRequest)
        #expect(decide(.leave, by: "stranger").status == .forbidden)
        #expect(decide(.list, by: "member").members == Self.members)
        #expect(decide(.list, by: "stranger").status == .forbidden)
        #expect(decide(.list, by: "stranger", granted: true).status == .ok)
        #expect(
            decide(.setRole, [GroupMember(userID: "member", role: .admin)], by: "owner").changes
                == ["member": .admin])
        #expect(
            decide(.setRole, [GroupMember(userID: "member", role: .admin)], by: "admin").status
                == .forbidden)
        #expect(
            decide(.setRole, [GroupMember(userID: "owner", role: .member)], by: "owner").status
                == .invalidRequest)
    }
}
