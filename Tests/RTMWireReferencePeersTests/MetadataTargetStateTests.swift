import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

/// A target's state taken out of one store and restored into another behaves as if it had
/// never left: what a server that keeps metadata in a database relies on.
@Suite struct MetadataTargetStateTests {
    static let room = Fixtures.channelTarget
    static let user = MetadataTarget(target: .userID("alice"))

    static func request(
        _ operation: MetadataOperation, _ target: MetadataTarget = room,
        _ items: [MetadataItem] = [], lock: String = ""
    ) -> MetadataRequest {
        MetadataRequest(
            requestID: "r", operation: operation, target: target,
            metadata: Metadata(items: items), lockName: lock)
    }

    @Test func restoredStateAnswersAsTheOriginal() {
        var original = MetadataStore()
        _ = original.handle(
            Self.request(.set, Self.room, [MetadataItem(key: "topic", value: "hi")]),
            from: "alice", at: 1)
        #expect(original.acquireLock("edit", on: Self.room, for: "alice") == .ok)

        var restored = MetadataStore()
        restored.restore(original.state(of: Self.room), of: Self.room)
        restored.lastRevision = original.lastRevision
        #expect(restored.state(of: Self.room) == original.state(of: Self.room))
        #expect(restored.lockHolder("edit", on: Self.room) == "alice")

        // The lock still binds bob, and alice's next write continues the revisions.
        let refused = restored.handle(
            Self.request(.set, Self.room, [MetadataItem(key: "topic", value: "x")]),
            from: "bob", at: 2)
        #expect(refused.response.status == .lockHeld)
        let written = restored.handle(
            Self.request(.set, Self.room, [MetadataItem(key: "topic", value: "x")], lock: "edit"),
            from: "alice", at: 2)
        let again = original.handle(
            Self.request(.set, Self.room, [MetadataItem(key: "topic", value: "x")], lock: "edit"),
            from: "alice", at: 2)
        #expect(written == again)
        #expect(written.response.metadata?.items.first?.revision == 2)
    }

    @Test func writeOutcomeCarriesItsEventWithoutSubscribers() {
        var store = MetadataStore()
        let outcome = store.handle(
            Self.request(.set, Self.user, [MetadataItem(key: "mood", value: "ok")]),
            from: "alice", at: 5)
        #expect(outcome.deliveries.isEmpty)
        #expect(outcome.event?.eventType == .set)
        #expect(outcome.event?.metadata?.items.map(\.key) == ["mood"])
        let read = store.handle(Self.request(.get, Self.user), from: "bob", at: 6)
        #expect(read.event == nil)
    }

    @Test func restoringAnEmptyStateRemovesTheSetAndLocks() {
        var store = MetadataStore()
        _ = store.handle(
            Self.request(.set, Self.room, [MetadataItem(key: "a", value: "1")]), from: "alice",
            at: 1)
        _ = store.acquireLock("l", on: Self.room, for: "alice")
        store.restore(MetadataStore.TargetState(), of: Self.room)
        #expect(store.metadata(of: Self.room) == nil)
        #expect(store.lockHolder("l", on: Self.room) == nil)
        // An invalid target has no state and restores nothing.
        let invalid = MetadataTarget(target: .userID(""))
        store.restore(
            MetadataStore.TargetState(metadata: Metadata(items: [MetadataItem(key: "k")])),
            of: invalid)
        #expect(store.state(of: invalid) == MetadataStore.TargetState())
    }
}
