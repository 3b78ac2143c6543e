import Foundation
import RTMWire
import RTMWireNIO
import Testing

@testable import RTMWireServer

/// The served system over TCP, against the points a new user found missing: sign-in, senders
/// and members checked, requests answered rather than forwarded, what is acknowledged kept.
@Suite(.timeLimit(.minutes(5)))
struct ChatServerTests {
    typealias H = ServerHarness
    static let channel = Conversation(type: .channel, id: "general")

    @Test func aConnectionIsTheUserItsTokenNames() async throws {
        let directory = try TemporaryDirectory()
        try await H.run(in: directory.path) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
                #expect(
                    try await H.signIn(alice, as: "alice")?.acknowledgement?.messageID
                        == "sign-in-alice")
                // An impostor names alice without signing in: refused, its connection closed.
                let impostorGot = try await TCPClient.withConnection(host: "127.0.0.1", port: port)
                {
                    impostor in
                    try await impostor.send(H.text("fake", from: "alice", to: Self.channel))
                    let refusal = try await impostor.receive()?.refusal
                    #expect(refusal?.code == .unauthenticated && refusal?.messageID == "fake")
                    return try? await impostor.receive()
                }
                #expect(impostorGot == nil)
                // A forged token and an expired one are refused at sign-in.
                for (token, code) in [
                    (
                        try TokenSigner(secret: Array(repeating: 9, count: 32)).sign(
                            TokenClaims(subject: "alice", expiresAt: 4e9)), RefusalCode.tokenInvalid
                    ),
                    (H.token("alice", expiresIn: -3_600), .tokenExpired),
                ] {
                    try await TCPClient.withConnection(host: "127.0.0.1", port: port) { other in
                        let answer = try await H.signIn(other, as: "alice", token: token)
                        #expect(answer?.refusal?.code == code)
                    }
                }
                // A signed-in user naming another sender is refused.
                try await TCPClient.withConnection(host: "127.0.0.1", port: port) { mallory in
                    _ = try await H.signIn(mallory, as: "mallory")
                    try await mallory.send(H.text("spoof", from: "alice", to: Self.channel))
                    #expect(try await mallory.receive()?.refusal?.code == .senderMismatch)
                }
            }
        }
    }

    @Test func peerEnvelopesReachOnlyTheTwoUsersAndAreAcknowledged() async throws {
        let directory = try TemporaryDirectory()
        try await H.run(in: directory.path) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
                try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                    try await TCPClient.withConnection(host: "127.0.0.1", port: port) { eve in
                        _ = try await H.signIn(alice, as: "alice")
                        _ = try await H.signIn(bob, as: "bob")
                        _ = try await H.signIn(eve, as: "eve")
                        let private1 = H.text(
                            "p1", from: "bob", to: Conversation(type: .peer, id: "alice"))
                        try await bob.send(private1)
                        let ack = try await bob.receive()?.acknowledgement
                        #expect(
                            ack?.messageID == "p1" && ack?.position == 1
                                && ack?.epoch.isEmpty == false)
                        #expect(try await alice.receive() == private1)
                        // Eve gets nothing of it: the first thing she receives is her own ack.
                        try await eve.send(
                            H.text("e1", from: "eve", to: Conversation(type: .peer, id: "bob")))
                        #expect(try await eve.receive()?.acknowledgement?.messageID == "e1")
                    }
                }
            }
        }
    }

    @Test func groupsWithoutMembersAreNotKeptInMemory() async throws {
        let directory = try TemporaryDirectory()
        let storage = try await SQLiteStorage.open(
            directory: directory.path, configuration: .init(durability: .normal))
        let server = ChatServer(
            configuration: ServerConfiguration(authentication: .tokens(H.verifier)),
            storage: storage)
        // Any signed-in user can name groups that do not exist: none of them stays.
        for index in 0..<5 {
            #expect(await server.groupMembers("no-such-group-\(index)").isEmpty)
        }
        #expect(server.groups.withLockedValue { $0.isEmpty })
        // A group with members is kept.
        try await storage.updateGroup("team", ["alice": .owner])
        #expect(await server.groupMembers("team").map(\.userID) == ["alice"])
        #expect(server.groups.withLockedValue { Array($0.keys) } == ["team"])
        await storage.close()
    }

    @Test func groupsAdmitOnlyTheirMembers() async throws {
        let directory = try TemporaryDirectory()
        let group = Conversation(type: .group, id: "team")
        try await H.run(in: directory.path) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
                try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                    try await TCPClient.withConnection(host: "127.0.0.1", port: port) { carol in
                        for (connection, user) in [
                            (alice, "alice"), (bob, "bob"), (carol, "carol"),
                        ] {
                            _ = try await H.signIn(connection, as: user)
                        }
                        try await alice.send(
                            H.envelope(
                                "create", from: "alice", to: group,
                                .groupRequest(
                                    GroupRequest(
                                        operation: .create,
                                        members: [GroupMember(userID: "bob", role: .member)]))))
                        guard case .groupResponse(let created)? = try await alice.receive()?.body
                        else {
                            Issue.record("no group response")
                            return
                        }
                        #expect(created.status == .ok && created.requestMessageID == "create")
                        guard case .groupResponse(let event)? = try await bob.receive()?.body else {
                            Issue.record("bob was not told he joined")
                            return
                        }
                        #expect(event.requestMessageID.isEmpty && event.operation == .create)
                        // Carol, no member, can neither join by a status nor post.
                        try await carol.send(
                            H.envelope(
                                "join", from: "carol", to: group,
                                .status(StatusMessage(presence: .online))))
                        #expect(try await carol.receive()?.refusal?.code == .forbidden)
                        try await carol.send(H.text("c1", from: "carol", to: group))
                        #expect(try await carol.receive()?.refusal?.code == .forbidden)
                        // The group's next message reaches bob, not carol.
                        let hello = H.text("g1", from: "alice", to: group)
                        try await alice.send(hello)
                        #expect(try await alice.receive()?.acknowledgement?.position == 1)
                        #expect(try await bob.receive() == hello)
                        let toCarol = H.text(
                            "pc", from: "alice", to: Conversation(type: .peer, id: "carol"))
                        try await alice.send(toCarol)
                        #expect(try await carol.receive() == toCarol)
                        // Nor may she read its history.
                        try await carol.send(
                            H.envelope(
                                "h", from: "carol", to: group,
                                .historyRequest(HistoryRequest(limit: 10))))
                        let answer = try await carol.receive()
                        #expect(
                            answer?.refusal?.code == .forbidden && answer?.refusal?.messageID == "h"
                        )
                    }
                }
            }
        }
    }

    @Test func requestsOnlyAServerAnswersAreNeverForwarded() async throws {
        let directory = try TemporaryDirectory()
        try await H.run(in: directory.path) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
                try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                    _ = try await H.signIn(alice, as: "alice")
                    _ = try await H.signIn(bob, as: "bob")
                    try await bob.send(
                        H.envelope(
                            "join", from: "bob", to: Self.channel,
                            .status(StatusMessage(presence: .online))))
                    // Taken, not kept: position 0; bob is in the channel from now on.
                    let joined = try await bob.receive()?.acknowledgement
                    #expect(joined?.messageID == "join" && joined?.position == 0)
                    var request = MetadataRequest(operation: .set)
                    request.target = MetadataTarget(
                        target: .channel(
                            ChannelTarget(channelName: "general", channelType: .message)))
                    request.requestID = "r1"
                    request.metadata = Metadata(items: [MetadataItem(key: "topic", value: "hi")])
                    try await alice.send(
                        H.envelope(
                            "set", from: "alice", to: Self.channel,
                            .metadata(MetadataMessage(kind: .request(request)))))
                    // Answered to alice; bob, in the channel, gets the storage event, not the
                    // request.
                    guard case .metadata(let answer)? = try await alice.receive()?.body,
                        case .response(let response)? = answer.kind
                    else {
                        Issue.record("no metadata response")
                        return
                    }
                    #expect(response.status == .ok && response.requestID == "r1")
                    guard case .metadata(let told)? = try await bob.receive()?.body,
                        case .event(let event)? = told.kind
                    else {
                        Issue.record("bob got no storage event")
                        return
                    }
                    #expect(event.eventType == .set && event.publisherUserID == "alice")
                    try await alice.send(
                        H.envelope(
                            "pull", from: "alice", to: Self.channel,
                            .streamPullRequest(StreamPullRequest(streamMessageID: "s"))))
                    guard case .streamPullResponse(let pulled)? = try await alice.receive()?.body
                    else {
                        Issue.record("no pull response")
                        return
                    }
                    #expect(pulled.code == 404)
                    // What bob receives next is alice's text: neither request reached him.
                    let text = H.text("t1", from: "alice", to: Self.channel)
                    try await alice.send(text)
                    #expect(try await bob.receive() == text)
                }
            }
        }
    }

    @Test func whatWasAcknowledgedSurvivesARestartAndIsNotDeliveredTwice() async throws {
        let directory = try TemporaryDirectory()
        let sent = (1...3).map { H.text("m\($0)", from: "bob", to: Self.channel) }
        let acks = try await H.run(in: directory.path) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                _ = try await H.signIn(bob, as: "bob")
                var acks: [Acknowledgement] = []
                for envelope in sent {
                    try await bob.send(envelope)
                    if let ack = try await bob.receive()?.acknowledgement { acks.append(ack) }
                }
                return acks
            }
        }
        #expect(acks.map(\.position) == [1, 2, 3])
        try await H.run(in: directory.path) { port in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                try await TCPClient.withConnection(host: "127.0.0.1", port: port) { carol in
                    _ = try await H.signIn(bob, as: "bob")
                    _ = try await H.signIn(carol, as: "carol")
                    try await bob.send(
                        H.envelope(
                            "bob-in", from: "bob", to: Self.channel,
                            .status(StatusMessage(presence: .online))))
                    #expect(try await bob.receive()?.acknowledgement?.messageID == "bob-in")
                    let join = H.envelope(
                        "carol-in", from: "carol", to: Self.channel,
                        .status(StatusMessage(presence: .online)))
                    try await carol.send(join)
                    #expect(try await carol.receive()?.acknowledgement?.messageID == "carol-in")
                    #expect(try await bob.receive() == join)
                    // Carol joined after the messages: she reads them from history, byte for byte.
                    try await carol.send(
                        H.envelope(
                            "h", from: "carol", to: Self.channel,
                            .historyRequest(HistoryRequest(limit: 10))))
                    guard case .historyPage(let page)? = try await carol.receive()?.body else {
                        Issue.record("no history page")
                        return
                    }
                    #expect(
                        page.status == .ok && page.epoch == acks[0].epoch
                            && page.latestPosition == 3)
                    #expect(
                        try page.entries.map { try Envelope(serializedBytes: $0.envelope) } == sent)
                    #expect(
                        page.entries.map(\.envelope) == (try sent.map { try $0.serializedBytes() }))
                    // Catching up from position 2 gives the third; from another epoch, reload.
                    try await carol.send(
                        H.envelope(
                            "c", from: "carol", to: Self.channel,
                            .historyRequest(
                                HistoryRequest(afterPosition: 2, limit: 10, epoch: page.epoch))))
                    guard case .historyPage(let after)? = try await carol.receive()?.body else {
                        return
                    }
                    #expect(after.entries.map(\.position) == [3])
                    try await carol.send(
                        H.envelope(
                            "r", from: "carol", to: Self.channel,
                            .historyRequest(
                                HistoryRequest(afterPosition: 2, limit: 10, epoch: "gone"))))
                    guard case .historyPage(let reload)? = try await carol.receive()?.body else {
                        return
                    }
                    #expect(reload.status == .reload)
                    // Bob retries m3 (as after a lost ack): the same position, and carol does
                    // not get it again: the next she receives is m4.
                    try await bob.send(sent[2])
                    #expect(try await bob.receive()?.acknowledgement == acks[2])
                    let fresh = H.text("m4", from: "bob", to: Self.channel)
                    try await bob.send(fresh)
                    #expect(try await bob.receive()?.acknowledgement?.position == 4)
                    #expect(try await carol.receive() == fresh)
                }
            }
        }
    }
}
