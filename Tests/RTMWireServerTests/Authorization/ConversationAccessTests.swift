import RTMWire
import Testing

@testable import RTMWireServer

@Suite("Conversation access")
struct ConversationAccessTests {
    let alice = AccessToken(userID: "alice")

    @Test func anyUserWritesToAnyPeer() {
        #expect(
            ConversationAccess.denial(Conversation(type: .peer, id: "bob"), for: alice, members: [])
                == nil)
    }

    @Test func channelsAreJoinedByNameUnlessTheTokenRestrictsThem() {
        let general = Conversation(type: .channel, id: "general")
        #expect(ConversationAccess.denial(general, for: alice, members: []) == nil)
        let restricted = AccessToken(userID: "alice", channels: ["team-*"])
        #expect(
            ConversationAccess.denial(general, for: restricted, members: [])
                == .channelNotAllowed("general"))
        #expect(
            ConversationAccess.denial(
                Conversation(type: .channel, id: "team-a"), for: restricted, members: []) == nil)
        let none = AccessToken(userID: "alice", channels: [])
        #expect(ConversationAccess.denial(general, for: none, members: []) != nil)
    }

    @Test func groupsAdmitTheirMembersAndThoseTheTokenNames() {
        let group = Conversation(type: .group, id: "g")
        #expect(ConversationAccess.denial(group, for: alice, members: []) == .notGroupMember("g"))
        #expect(
            ConversationAccess.denial(
                group, for: alice, members: [GroupMember(userID: "bob", role: .owner)])
                == .notGroupMember("g"))
        #expect(
            ConversationAccess.denial(
                group, for: alice, members: [GroupMember(userID: "alice", role: .member)])
                == nil)
        #expect(
            ConversationAccess.denial(
                group, for: AccessToken(userID: "alice", groups: ["g"]), members: []) == nil)
    }

    @Test func aConversationWithoutTypeOrIdGoesNowhere() {
        #expect(
            ConversationAccess.denial(Conversation(type: .group, id: ""), for: alice, members: [])
                == .noConversation)
        #expect(
            ConversationAccess.denial(
                Conversation(type: .unspecified, id: "x"), for: alice, members: [])
                == .noConversation)
    }
}
