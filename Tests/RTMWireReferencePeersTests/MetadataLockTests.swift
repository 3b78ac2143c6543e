import RTMWire
import RTMWireReferencePeers
import RTMWireTransport
import Testing

/// Channel metadata locks over the wire (Agora RTM: "only the user that acquired the lock with
/// acquireLock may write"): acquired, used, refused to another user and released, each through
/// a request and its response on a connection.
@Suite struct MetadataLockTests {
    static let channel = MetadataTarget(
        target: .channel(ChannelTarget(channelName: "lobby", channelType: .message)))

    /// Sends one request as `user` and returns the response's status.
    static func ask(
        _ connection: InMemoryConnection, as user: String, _ operation: MetadataOperation,
        lock: String, items: [MetadataItem] = [], id: String
    ) async throws -> MetadataStatus {
        let request = MetadataRequest(
            requestID: id, operation: operation, target: channel,
            metadata: items.isEmpty ? nil : Metadata(items: items), lockName: lock)
        try await connection.send(
            Envelope(
                messageID: id, sender: Sender(userID: user),
                conversation: Conversation(type: .channel, id: "lobby"),
                body: .metadata(MetadataMessage(kind: .request(request)))))
        while let envelope = try await connection.receive() {
            if case .response(let response)? = envelope.metadata?.kind, response.requestID == id {
                return response.status
            }
        }
        throw TransportError(code: .closed, detail: "the service closed before answering \(id)")
    }

    @Test func aLockIsAcquiredUsedRefusedAndReleased() async throws {
        let service = MetadataService(identity: Sender(userID: "server"), clock: { 1_000 })
        let (alice, aliceEnd) = InMemoryConnection.makePair()
        let (bob, bobEnd) = InMemoryConnection.makePair()
        let serving = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.serve(aliceEnd) }
                group.addTask { try await service.serve(bobEnd) }
                try await group.waitForAll()
            }
        }
        let topic = [MetadataItem(key: "topic", value: "release")]
        #expect(try await Self.ask(alice, as: "alice", .acquireLock, lock: "L", id: "a1") == .ok)
        #expect(try await Self.ask(bob, as: "bob", .acquireLock, lock: "L", id: "b1") == .lockHeld)
        #expect(
            try await Self.ask(alice, as: "alice", .set, lock: "L", items: topic, id: "a2") == .ok)
        #expect(
            try await Self.ask(bob, as: "bob", .set, lock: "L", items: topic, id: "b2")
                == .lockHeld)
        #expect(try await Self.ask(bob, as: "bob", .releaseLock, lock: "L", id: "b3") == .lockHeld)
        #expect(try await Self.ask(alice, as: "alice", .releaseLock, lock: "L", id: "a3") == .ok)
        #expect(
            try await Self.ask(alice, as: "alice", .releaseLock, lock: "L", id: "a4")
                == .itemNotFound)
        #expect(try await Self.ask(bob, as: "bob", .acquireLock, lock: "L", id: "b4") == .ok)
        #expect(await service.store.metadata(of: Self.channel)?.items.first?.value == "release")
        await alice.close()
        await bob.close()
        try await serving.value
    }

    @Test func locksBelongToChannels() {
        // A user target takes no lock, and acquiring one names it: both refused before sending.
        var onUser = MetadataRequest(
            requestID: "r", operation: .acquireLock,
            target: MetadataTarget(target: .userID("alice")), lockName: "L")
        #expect(throws: RTMWireError.self) { try onUser.validate() }
        onUser.target = Self.channel
        onUser.lockName = ""
        do {
            try onUser.validate()
            Issue.record("an unnamed lock was accepted")
        } catch {
            #expect(error.code == .missingField && error.fieldPath == "lock_name")
        }
    }
}
