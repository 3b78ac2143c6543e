import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// The storage document's rules hold across nodes: clients on different nodes racing for one
/// compare-and-set or one lock get one success between them, and the others the status that
/// says why.
@Suite(
    "Metadata races across nodes", .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
struct CrossNodeMetadataRaceTests {
    typealias H = ServerHarness
    typealias C = ClusterHarness
    typealias S = ServedServicesTests

    /// The response to the request `id` on `connection`, skipping other envelopes (the
    /// channel's storage events).
    static func response(to id: String, on connection: some EnvelopeConnection) async throws
        -> MetadataResponse
    {
        let envelope = try await C.next(on: connection, "the response to \(id)") {
            S.response($0)?.requestID == id
        }
        return try #require(S.response(envelope))
    }

    /// Sends each user's request at once, then collects each response's status.
    static func race(
        _ requests: [(connection: TCPEnvelopeConnection, request: Envelope)]
    ) async throws -> [MetadataStatus] {
        for (connection, request) in requests { try await connection.send(request) }
        var statuses: [MetadataStatus] = []
        for (connection, request) in requests {
            statuses.append(try await response(to: request.messageID, on: connection).status)
        }
        return statuses
    }

    @Test func oneOfThreeNodesWinsACompareAndSetAndOneWinsALock() async throws {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
        let topic = MetadataItem(key: "topic", value: "launch")
        try await C.run(nodes: 3) { ports in
            try await H.connected(ports[0], as: "alice") { alice in
                try await H.connected(ports[1], as: "bob") { bob in
                    try await H.connected(ports[2], as: "carol") { carol in
                        try await alice.send(
                            S.metadata("set", from: "alice", .set, S.room, [topic]))
                        let set = try await Self.response(to: "set", on: alice)
                        #expect(set.status == .ok && set.metadata?.items.first?.revision == 1)

                        // Each updates revision 1: one commit moves it to 2, the others conflict.
                        let updates = try await Self.race(
                            [(alice, "alice"), (bob, "bob"), (carol, "carol")].map {
                                connection, user in
                                var item = MetadataItem(key: "topic", value: "by \(user)")
                                item.revision = 1
                                return (
                                    connection,
                                    S.metadata("cas-\(user)", from: user, .update, S.room, [item])
                                )
                            })
                        #expect(updates.filter { $0 == .ok }.count == 1, "\(updates)")
                        #expect(
                            updates.filter { $0 == .revisionConflict }.count == 2, "\(updates)")

                        // Each acquires the lock "edit": one holds it, the others are told so.
                        let locks = try await Self.race(
                            [(alice, "alice"), (bob, "bob"), (carol, "carol")].map {
                                connection, user in
                                (
                                    connection,
                                    S.metadata(
                                        "lock-\(user)", from: user, .acquireLock, lock: "edit")
                                )
                            })
                        #expect(locks.filter { $0 == .ok }.count == 1, "\(locks)")
                        #expect(locks.filter { $0 == .lockHeld }.count == 2, "\(locks)")
                    }
                }
            }
        }
    }
}
