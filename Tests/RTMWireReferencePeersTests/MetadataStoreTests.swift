import RTMWire
import RTMWireReferencePeers
import RTMWireTestSupport
import Testing

@Suite struct MetadataStoreTests {
    static let room = Fixtures.channelTarget
    static let now: UInt64 = 1_000

    static func request(
        _ operation: MetadataOperation, _ target: MetadataTarget? = room,
        _ items: [MetadataItem] = [],
        major: Int64 = 0, lock: String = "", options: MetadataOptions? = nil
    ) -> MetadataRequest {
        MetadataRequest(
            requestID: "r", operation: operation, target: target,
            metadata: Metadata(items: items, majorRevision: major), options: options, lockName: lock
        )
    }

    static func item(_ key: String, _ value: String = "v", revision: Int64 = 0) -> MetadataItem {
        MetadataItem(key: key, value: value, revision: revision)
    }

    @discardableResult
    static func status(
        _ store: inout MetadataStore, _ request: MetadataRequest, by user: String = "alice"
    ) -> MetadataStatus {
        store.handle(request, from: user, at: now).response.status
    }

    @Test func setCreatesAndStampsRevisions() throws {
        var store = MetadataStore()
        let first = store.handle(
            Self.request(.set, Self.room, [Self.item("a"), Self.item("b")]), from: "alice",
            at: Self.now)
        #expect(first.response.status == .ok)
        #expect(
            first.response.requestID == "r" && first.response.operation == .set
                && first.response.target == Self.room)
        let stored = try #require(first.response.metadata)
        #expect(stored.items.map(\.key) == ["a", "b"])
        #expect(stored.items.allSatisfy { $0.revision > 0 && $0.revision == stored.majorRevision })
        let second = store.handle(
            Self.request(.set, Self.room, [Self.item("a", "new")]), from: "alice", at: Self.now)
        let items = second.response.metadata?.items ?? []
        #expect(items.map(\.value) == ["new", "v"])  // order of first set kept
        #expect(items[0].revision > items[1].revision)
        #expect(store.metadata(of: Self.room) == second.response.metadata)
    }

    @Test("revision <= 0 means no compare-and-set", arguments: [Int64(0), -1, -42])
    func nonPositiveRevisionSkipsCAS(revision: Int64) {
        var store = MetadataStore()
        Self.status(&store, Self.request(.set, Self.room, [Self.item("a")]))
        #expect(
            Self.status(
                &store,
                Self.request(
                    .set, Self.room, [Self.item("a", "x", revision: revision)], major: revision))
                == .ok)
        #expect(
            Self.status(
                &store, Self.request(.update, Self.room, [Self.item("a", "y", revision: revision)]))
                == .ok)
        #expect(
            Self.status(
                &store, Self.request(.remove, Self.room, [Self.item("a", revision: revision)]))
                == .ok)
    }

    @Test func itemRevisionCompareAndSet() {
        var store = MetadataStore()
        let revision =
            store.handle(
                Self.request(.set, Self.room, [Self.item("a")]), from: "alice", at: Self.now
            )
            .response.metadata?.items.first?.revision ?? 0
        let conflict = store.handle(
            Self.request(.set, Self.room, [Self.item("a", "x", revision: revision + 1)]),
            from: "alice", at: Self.now)
        #expect(conflict.response.status == .revisionConflict)
        #expect(!conflict.response.errorMessage.isEmpty)
        #expect(conflict.response.metadata?.items.first?.value == "v")  // unchanged, and shown
        #expect(
            Self.status(
                &store, Self.request(.set, Self.room, [Self.item("a", "x", revision: revision)]))
                == .ok)
        // The revision moved on: the old one no longer matches.
        #expect(
            Self.status(
                &store, Self.request(.update, Self.room, [Self.item("a", "y", revision: revision)]))
                == .revisionConflict)
        // A positive revision for an item that does not exist cannot match.
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("new", revision: 1)]))
                == .revisionConflict)
    }

    @Test func majorRevisionCompareAndSet() {
        var store = MetadataStore()
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("a")], major: 5))
                == .revisionConflict)
        let major =
            store.handle(
                Self.request(.set, Self.room, [Self.item("a")]), from: "alice", at: Self.now
            )
            .response.metadata?.majorRevision ?? 0
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("b")], major: major + 1))
                == .revisionConflict)
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("b")], major: major))
                == .ok)
        #expect(
            Self.status(&store, Self.request(.remove, Self.room, [], major: major))
                == .revisionConflict)
    }

    @Test func requestsApplyEntirelyOrNotAtAll() {
        var store = MetadataStore()
        Self.status(&store, Self.request(.set, Self.room, [Self.item("a")]))
        let before = store.metadata(of: Self.room)
        #expect(
            Self.status(
                &store,
                Self.request(.set, Self.room, [Self.item("b"), Self.item("a", revision: 999)]))
                == .revisionConflict)
        #expect(
            Self.status(
                &store,
                Self.request(.update, Self.room, [Self.item("a", "x"), Self.item("missing")]))
                == .itemNotFound)
        #expect(
            Self.status(
                &store, Self.request(.remove, Self.room, [Self.item("a"), Self.item("missing")]))
                == .itemNotFound)
        #expect(store.metadata(of: Self.room) == before)
    }

    @Test func updateNeverCreatesAndRemoveOfMissingFails() {
        var store = MetadataStore()
        #expect(
            Self.status(&store, Self.request(.update, Self.room, [Self.item("a")])) == .itemNotFound
        )
        #expect(
            Self.status(&store, Self.request(.remove, Self.room, [Self.item("a")])) == .itemNotFound
        )
        #expect(Self.status(&store, Self.request(.get, Self.room)) == .itemNotFound)
        Self.status(&store, Self.request(.set, Self.room, [Self.item("a"), Self.item("b")]))
        #expect(
            Self.status(&store, Self.request(.update, Self.room, [Self.item("c")])) == .itemNotFound
        )
        #expect(
            Self.status(&store, Self.request(.remove, Self.room, [Self.item("c")])) == .itemNotFound
        )
        #expect(Self.status(&store, Self.request(.remove, Self.room, [Self.item("a")])) == .ok)
        #expect(store.metadata(of: Self.room)?.items.map(\.key) == ["b"])
        // Naming no item removes them all, and the set ceases to exist.
        #expect(Self.status(&store, Self.request(.remove, Self.room)) == .ok)
        #expect(store.metadata(of: Self.room) == nil)
        #expect(Self.status(&store, Self.request(.get, Self.room)) == .itemNotFound)
    }

    @Test func optionsRecordAuthorAndTime() {
        var store = MetadataStore()
        var sneaky = Self.item("a")
        sneaky.authorUserID = "mallory"
        sneaky.updateTimeMs = 7
        let plain = store.handle(
            Self.request(.set, Self.room, [sneaky]), from: "alice", at: Self.now)
        #expect(plain.response.metadata?.items.first?.authorUserID == "")
        #expect(plain.response.metadata?.items.first?.updateTimeMs == 0)
        let recorded = store.handle(
            Self.request(
                .set, Self.room, [sneaky],
                options: MetadataOptions(recordTimestamp: true, recordUserID: true)),
            from: "alice", at: Self.now)
        #expect(recorded.response.metadata?.items.first?.authorUserID == "alice")
        #expect(recorded.response.metadata?.items.first?.updateTimeMs == Self.now)
    }

    @Test func locksGuardWrites() {
        var store = MetadataStore()
        #expect(store.acquireLock("L", on: Self.room, for: "carol") == .ok)
        #expect(store.acquireLock("L", on: Self.room, for: "alice") == .lockHeld)
        #expect(store.lockHolder("L", on: Self.room) == "carol")
        #expect(Self.status(&store, Self.request(.set, Self.room, [Self.item("a")])) == .lockHeld)
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("a")], lock: "L"))
                == .lockHeld)
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("a")], lock: "other"))
                == .lockHeld)
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("a")]), by: "carol")
                == .lockHeld)
        #expect(
            Self.status(
                &store, Self.request(.set, Self.room, [Self.item("a")], lock: "L"), by: "carol")
                == .ok)
        #expect(Self.status(&store, Self.request(.get, Self.room)) == .ok)  // reads are not locked
        #expect(store.releaseLock("L", on: Self.room, by: "alice") == .lockHeld)
        #expect(store.releaseLock("L", on: Self.room, by: "carol") == .ok)
        #expect(store.releaseLock("L", on: Self.room, by: "carol") == .itemNotFound)
        #expect(Self.status(&store, Self.request(.set, Self.room, [Self.item("b")])) == .ok)
        // A lock nobody acquired cannot be named.
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("b")], lock: "L"))
                == .invalidRequest)
        // Locks are per target.
        #expect(store.acquireLock("L", on: Fixtures.userTarget("alice"), for: "carol") == .ok)
        #expect(Self.status(&store, Self.request(.set, Self.room, [Self.item("c")])) == .ok)
    }

    @Test func subscribersGetASnapshotThenEventsInOrder() {
        var store = MetadataStore()
        Self.status(&store, Self.request(.set, Self.room, [Self.item("a")]))
        let subscribed = store.handle(Self.request(.subscribe), from: "bob", at: Self.now)
        #expect(subscribed.response.status == .ok)
        #expect(subscribed.deliveries.count == 1)
        #expect(subscribed.deliveries.first?.subscriberID == "bob")
        #expect(subscribed.deliveries.first?.event.eventType == .snapshot)
        #expect(subscribed.deliveries.first?.event.metadata?.items.map(\.key) == ["a"])
        _ = store.handle(Self.request(.subscribe), from: "carol", at: Self.now)
        #expect(store.subscribers(of: Self.room) == ["bob", "carol"])

        let set = store.handle(
            Self.request(.set, Self.room, [Self.item("b")]), from: "alice", at: Self.now)
        #expect(set.deliveries.map(\.subscriberID) == ["bob", "carol"])
        #expect(set.deliveries.first?.event.eventType == .set)
        #expect(set.deliveries.first?.event.metadata?.items.map(\.key) == ["b"])
        #expect(set.deliveries.first?.event.publisherUserID == "alice")
        #expect(
            set.deliveries.first?.event.metadata?.majorRevision
                == set.response.metadata?.majorRevision)

        let refused = store.handle(
            Self.request(.update, Self.room, [Self.item("zzz")]), from: "alice", at: Self.now)
        #expect(refused.deliveries.isEmpty)

        _ = store.handle(Self.request(.unsubscribe), from: "bob", at: Self.now)
        let removed = store.handle(
            Self.request(.remove, Self.room, [Self.item("a")]), from: "alice", at: Self.now)
        #expect(removed.deliveries.map(\.subscriberID) == ["carol"])
        #expect(removed.deliveries.first?.event.eventType == .remove)
        #expect(removed.deliveries.first?.event.metadata?.items.map(\.key) == ["a"])
        store.removeSubscriber("carol")
        #expect(store.subscribers(of: Self.room).isEmpty)
    }

    @Test func malformedRequestsAreInvalid() {
        var store = MetadataStore(limits: Limits(maxRepeatedCount: 2))
        #expect(Self.status(&store, Self.request(.set, nil, [Self.item("a")])) == .invalidRequest)
        let untyped = MetadataTarget(target: .channel(ChannelTarget(channelName: "room")))
        #expect(
            Self.status(&store, Self.request(.set, untyped, [Self.item("a")])) == .invalidRequest)
        #expect(
            Self.status(&store, Self.request(MetadataOperation(rawValue: 42))) == .invalidRequest)
        #expect(Self.status(&store, Self.request(.set, Self.room, [])) == .invalidRequest)
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("")])) == .invalidRequest)
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("a"), Self.item("b")]))
                == .ok)
        // A third item would exceed maxRepeatedCount for the stored set.
        #expect(
            Self.status(&store, Self.request(.set, Self.room, [Self.item("c")])) == .invalidRequest)
    }

    @Test func targetsAreIndependent() {
        var store = MetadataStore()
        let stream = MetadataTarget(
            target: .channel(ChannelTarget(channelName: "room", channelType: .stream)))
        Self.status(&store, Self.request(.set, Self.room, [Self.item("a")]))
        #expect(store.metadata(of: stream) == nil)
        #expect(store.metadata(of: Fixtures.userTarget("room")) == nil)
        Self.status(&store, Self.request(.set, Fixtures.userTarget("alice"), [Self.item("mood")]))
        #expect(store.metadata(of: Fixtures.userTarget("alice"))?.items.map(\.key) == ["mood"])
    }
}
