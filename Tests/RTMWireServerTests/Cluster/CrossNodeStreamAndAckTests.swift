import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// The stored services across nodes: a stream written through one node is delivered live on
/// another and pulled whole from a third, and group read receipts recorded by two nodes are
/// paged by a third, each counted once.
@Suite(
    "Streams and group receipts across nodes", .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
struct CrossNodeStreamAndAckTests {
    typealias H = ServerHarness
    typealias C = ClusterHarness

    @Test func aStreamIsLiveOnAnotherNodeAndPulledWholeFromAThird() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        let toBob = Conversation(type: .peer, id: "bob")
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[0], as: "bot") { bot in
                try await H.connected(ports[1], as: "bob") { bob in
                    let stream = H.envelope(
                        "s1", from: "bot", to: toBob,
                        .stream(StreamMessage(messageID: "s1", contentType: "text/plain")))
                    try await bot.send(stream)
                    _ = try await C.next(on: bot, "the stream's acknowledgement") {
                        $0.acknowledgement?.messageID == "s1"
                    }
                    let received = try await C.next(on: bob, "the stream") { $0.messageID == "s1" }
                    #expect(received == stream)
                    for (index, chunk) in H.greetingChunks.enumerated() {
                        try await bot.send(
                            H.envelope("c\(index)", from: "bot", to: toBob, .streamChunk(chunk)))
                        _ = try await C.next(on: bot, "chunk \(index)'s acknowledgement") {
                            $0.acknowledgement?.messageID == "c\(index)"
                        }
                    }
                    // Live, in the order sent, though written by another node.
                    var live: [StreamChunk] = []
                    while live.count < H.greetingChunks.count {
                        let envelope = try await C.next(on: bob, "chunk \(live.count)") {
                            if case .streamChunk = $0.body { return true }
                            return false
                        }
                        if case .streamChunk(let chunk)? = envelope.body { live.append(chunk) }
                    }
                    #expect(live == H.greetingChunks)
                }
            }
            // Bob, on a third node, pulls what the first stored: the response, then every chunk.
            try await H.connected(ports[2], as: "bob") { bob in
                try await bob.send(
                    H.envelope(
                        "pull", from: "bob", to: Conversation(type: .peer, id: "bot"),
                        .streamPullRequest(StreamPullRequest(streamMessageID: "s1"))))
                let answer = try await C.next(on: bob, "the pull response") {
                    if case .streamPullResponse = $0.body { return true }
                    return false
                }
                guard case .streamPullResponse(let response)? = answer.body else { return }
                #expect(response.code == 0 && response.streamMessageID == "s1")
                var pulled: [StreamChunk] = []
                while pulled.count < H.greetingChunks.count {
                    guard case .streamChunk(let chunk)? = try await bob.receive()?.body else {
                        Issue.record("the pull ended after \(pulled.count) chunks")
                        return
                    }
                    pulled.append(chunk)
                }
                #expect(pulled == H.greetingChunks)
            }
        }
    }

    @Test func groupReadReceiptsFromTwoNodesArePagedOnAThird() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        let group = Conversation(type: .group, id: "team")
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[0], as: "alice") { alice in
                try await alice.send(
                    H.createGroup(group, by: "alice", members: ["bob", "carol"]))
                _ = try await C.next(on: alice, "the group's creation") {
                    if case .groupResponse = $0.body { return true }
                    return false
                }
                try await alice.send(H.text("g1", from: "alice", to: group))
                _ = try await C.next(on: alice, "g1's acknowledgement") {
                    $0.acknowledgement?.messageID == "g1"
                }
            }
            // bob reads on node 1 twice (the second counts once), carol on node 2.
            for (reader, node) in [("bob", 1), ("carol", 2), ("bob", 1)] {
                try await H.connected(ports[node], as: reader) { connection in
                    let id = "read-\(reader)-\(UUID())"
                    try await connection.send(
                        H.groupRead(id, of: "g1", in: group, by: reader))
                    _ = try await C.next(on: connection, "\(reader)'s receipt acknowledged") {
                        $0.acknowledgement?.messageID == id
                    }
                }
            }
            // alice asks node 0, one ack per page.
            try await H.connected(ports[0], as: "alice") { alice in
                let pages = try await H.groupAckPages(of: "g1", in: group, by: "alice", on: alice)
                #expect(!pages.isEmpty && pages.allSatisfy { $0.totalCount == 2 })
                let readers = pages.flatMap { $0.acks.map(\.readerUserID) }
                #expect(readers == ["bob", "carol"])
            }
        }
    }
}
