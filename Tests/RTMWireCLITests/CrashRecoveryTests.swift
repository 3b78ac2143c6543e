import Foundation
import RTMWire
import RTMWireNIO
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rtmwire serve` killed with SIGKILL while four clients send as fast as they can: after a
/// restart on the same data directory, every acknowledged envelope is in the history at the
/// position its acknowledgement named, none is there twice, and clients that send everything
/// again (as a client that lost its connection does) get the first positions back while the
/// receiver gets each envelope that was not stored before once, and nothing it had already.
@Suite(
    .timeLimit(.minutes(5)), .enabled(if: ServedTool.missing == nil, "\(ServedTool.missing ?? "")"))
struct CrashRecoveryTests {
    static let senders = ["s0", "s1", "s2", "s3"]
    /// Far more than the server takes before the kill.
    static let perSender = 1_000

    static func message(_ sender: String, _ number: Int) -> Envelope {
        Chat.envelope(
            "\(sender)-\(number)", from: sender, to: Conversation(type: .peer, id: "sink"),
            .text(TextMessage(text: "load \(number) from \(sender)")))
    }

    /// A value the load's tasks share.
    final class Shared<Value: Sendable>: Sendable {
        let value: Mutex<Value>
        init(_ value: Value) { self.value = Mutex(value) }
        func withLock<R: Sendable>(_ body: (inout sending Value) -> sending R) -> R {
            value.withLock(body)
        }
    }

    @Test func nothingAcknowledgedIsLostOrDuplicatedAfterSIGKILL() async throws {
        let folder = try ServeFolder()
        let acknowledged = Shared<[String: UInt64]>([:])
        let server = try folder.serve(["--tcp", "127.0.0.1:0"])
        let port = try server.port("tcp")
        let pid = server.process.process.processIdentifier
        let killAt = 50
        // The load: each sender keeps 20 envelopes in flight and records each acknowledgement;
        // the 50th acknowledgement kills the server.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in Self.senders {
                group.addTask {
                    try? await TCPClient.withConnection(host: "127.0.0.1", port: port) { client in
                        _ = try await Chat.signIn(client, as: sender)
                        // 20 in flight per sender: the server can run ahead of what this
                        // test has read by no more, however its tasks are scheduled.
                        for start in stride(from: 0, to: Self.perSender, by: 20) {
                            try await client.send(
                                contentsOf: (start..<start + 20).map { Self.message(sender, $0) })
                            var left = 20
                            while left > 0, let answer = try await client.receive() {
                                guard case .acknowledgement(let ack)? = answer.body else {
                                    continue
                                }
                                left -= 1
                                let count = acknowledged.withLock {
                                    $0[ack.messageID] = ack.position
                                    return $0.count
                                }
                                if count == killAt { kill(pid, SIGKILL) }
                            }
                            if left > 0 { return }  // the server is gone
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        _ = server.stop(SIGKILL)  // reaps the killed process
        let acked = acknowledged.withLock { $0 }
        #expect(acked.count < Self.senders.count * Self.perSender, "the kill came too late")

        let restarted = try folder.serve(["--tcp", "127.0.0.1:0"])
        let newPort = try restarted.port("tcp")
        // What each peer history holds after the restart.
        var stored: [String: UInt64] = [:]
        var storedTwice: [String] = []
        try await TCPClient.withConnection(host: "127.0.0.1", port: newPort) { sink in
            _ = try await Chat.signIn(sink, as: "sink")
            // From the latest page back to the first (positions start at 1, and an
            // after_position of 0 means "not set").
            for sender in Self.senders {
                var before: UInt64 = 0
                var more = true
                while more {
                    try await sink.send(
                        Chat.envelope(
                            "h-\(sender)-\(before)", from: "sink",
                            to: Conversation(type: .peer, id: sender),
                            .historyRequest(HistoryRequest(beforePosition: before, limit: 100))))
                    guard case .historyPage(let page)? = try await sink.receive()?.body else {
                        Issue.record("no history page")
                        return
                    }
                    for entry in page.entries {
                        let id = try Envelope(serializedBytes: entry.envelope).messageID
                        if stored[id] != nil { storedTwice.append(id) }
                        stored[id] = entry.position
                    }
                    before = page.entries.first?.position ?? 0
                    more = page.hasMore && before > 1
                }
            }
        }
        #expect(storedTwice.isEmpty, "stored twice: \(storedTwice.prefix(5))")
        let lost = acked.filter { stored[$0.key] != $0.value }
        #expect(lost.isEmpty, "acknowledged but lost or moved: \(lost.prefix(5))")

        // Everyone sends again; the sink, connected, counts what reaches it.
        let firstPositions = stored
        let received = Shared<[String: Int]>([:])
        // Each sender's first 200 again: every acknowledged one is among them, and the sink
        // gets what was not stored (fewer than a connection may have queued).
        let resent = 200
        let fresh = Self.senders.flatMap { sender in (0..<resent).map { "\(sender)-\($0)" } }
            .filter { stored[$0] == nil }.count
        try await TCPClient.withConnection(host: "127.0.0.1", port: newPort) { sink in
            _ = try await Chat.signIn(sink, as: "sink")
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while received.withLock({ $0.values.reduce(0, +) }) < fresh {
                        guard let got = try await sink.receive() else { return }
                        if case .text? = got.body {
                            received.withLock { $0[got.messageID, default: 0] += 1 }
                        }
                    }
                }
                for sender in Self.senders {
                    group.addTask {
                        try await TCPClient.withConnection(host: "127.0.0.1", port: newPort) {
                            client in
                            _ = try await Chat.signIn(client, as: sender)
                            try await client.send(
                                contentsOf: (0..<resent).map { Self.message(sender, $0) })
                            for _ in 0..<resent {
                                guard
                                    case .acknowledgement(let ack)? = try await client.receive()?
                                        .body
                                else {
                                    Issue.record("no acknowledgement")
                                    return
                                }
                                if let first = firstPositions[ack.messageID] {
                                    #expect(ack.position == first, "\(ack.messageID) moved")
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let delivered = received.withLock { $0 }
        #expect(delivered.values.allSatisfy { $0 == 1 }, "delivered twice")
        #expect(delivered.keys.allSatisfy { stored[$0] == nil }, "a stored envelope came again")
        #expect(delivered.count == fresh)
        #expect(restarted.stop().status == 0)
    }
}
