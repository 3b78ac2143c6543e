import Foundation
import RTMWire
import RTMWireNIO
import Testing

@testable import RTMWireServer

/// A database that cannot grow (here: SQLite's page limit at the file's size, as a full disk
/// would be) is a typed refusal to the sender: no acknowledgement, nothing delivered, nothing
/// stored; and what fits still goes through.
@Suite(.timeLimit(.minutes(5)))
struct FullDatabaseTests {
    typealias H = ServerHarness
    static let channel = Conversation(type: .channel, id: "general")

    @Test func aFullDatabaseRefusesWhatItCannotKeep() async throws {
        let directory = try TemporaryDirectory()
        try await H.run(
            in: directory.path,
            prepare: { storage in
                let pages =
                    try await storage.writer.query("PRAGMA page_count").first?
                    .column("page_count")?.integer ?? 0
                _ = try await storage.writer.query("PRAGMA max_page_count = \(pages)")
            }
        ) { port in
            try await H.connected(port, as: "alice") { alice in
                try await H.connected(port, as: "bob") { bob in
                    try await bob.send(
                        H.envelope(
                            "join", from: "bob", to: Self.channel,
                            .status(StatusMessage(presence: .online))))
                    #expect(try await bob.receive()?.acknowledgement?.position == 0)
                    let big = H.envelope(
                        "big", from: "alice", to: Self.channel,
                        .text(TextMessage(text: String(repeating: "가", count: 10_000))))
                    try await alice.send(big)
                    let refusal = try await alice.receive()?.refusal
                    #expect(refusal?.code == .storageUnavailable && refusal?.messageID == "big")
                    #expect(refusal?.detail.contains("full") == true, "\(refusal?.detail ?? "")")
                    // Statuses need no room: bob's next envelope is alice's typing, not "big".
                    let typing = H.envelope(
                        "t", from: "alice", to: Self.channel,
                        .typing(TypingIndicator(state: .started)))
                    try await alice.send(typing)
                    #expect(try await alice.receive()?.acknowledgement?.position == 0)
                    #expect(try await bob.receive()?.messageID == "t")
                }
            }
        }
    }
}
