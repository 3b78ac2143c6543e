import ArgumentParser
import RTMWire
import RTMWireNIO
import RTMWireTransport

/// `rtmwire demo`: two peers exchange one message of every kind over TCP loopback (or in
/// memory) and the command prints what crossed the wire.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract:
            "Exchange one message of every kind between two loopback peers and show what crossed the wire.",
        discussion: """
            Peer A (alice) sends text, image (with a probed PNG thumbnail), file, status, custom, \
            a stream message and its chunks (init, deltas out of order with a duplicate, complete) \
            metadata requests (subscribe, set, a set with a stale revision), typing started and \
            stopped, a reply that mentions B, edits of a text and a caption, a reaction added and \
            removed, and a recall to peer B (bob) over TCP on 127.0.0.1 (port 0). B answers with \
            every receipt kind, reassembles the stream, serves the metadata, reacts itself and \
            answers each reaction with a summary, keeping the conversation in a message store \
            that applies the edits and the recall. Prints one row per envelope (direction, kind, bytes \
            on the wire, whether the peer received it exactly once and equal) and the semantic \
            checks. Then a tutorial app (legacy JSON) and new apps (envelopes) share one channel \
            through the legacy bridge. Exits 1 ("error: demoFailed: ...") if anything differs.
            """)

    @Flag(
        name: .customLong("in-memory"), help: "Use the in-memory transport instead of TCP loopback."
    )
    var inMemory = false

    func run() async throws {
        let report: LoopbackExchange.Report
        if inMemory {
            let (a, b) = InMemoryConnection.makePair()
            StandardStreams.write("rtmwire demo: alice (A) ⇄ bob (B), in memory\n\n")
            report = try await LoopbackExchange.run(a: a, b: b)
        } else {
            report = try await TCPLoopback.withConnectedPair { a, b in
                StandardStreams.write(
                    "rtmwire demo: alice (A) \(TCPLoopback.host):\(a.localPort ?? 0) ⇄ bob (B) \(TCPLoopback.host):\(b.localPort ?? 0), TCP\n\n"
                )
                return try await LoopbackExchange.run(a: a, b: b)
            }
        }
        StandardStreams.write(Self.table(report))
        let legacy = LegacyBridgeScene.run()
        StandardStreams.write("\n" + legacy.text)
        guard legacy.ok else {
            throw CLIError(
                kind: "demoFailed", detail: "the legacy bridge scene differs", status: .checkFailed)
        }
        guard report.allOK else {
            let rows = report.rows.filter { !$0.ok }.count
            let checks = report.checks.filter { !$0.ok }.count
            throw CLIError(
                kind: "demoFailed", detail: "\(rows) envelopes and \(checks) checks differ",
                status: .checkFailed)
        }
    }

    /// The report as a readable table.
    static func table(_ report: LoopbackExchange.Report) -> String {
        let kindWidth = max(4, report.rows.map(\.kind.count).max() ?? 0) + 2
        let conversationWidth = max(12, report.rows.map(\.conversation.count).max() ?? 0) + 2
        var text =
            "  #  " + pad("dir", 7) + pad("kind", kindWidth)
            + pad("conversation", conversationWidth)
        text += pad("bytes", 5, right: true) + "  round trip\n"
        for (index, row) in report.rows.enumerated() {
            text +=
                pad(String(index + 1), 3, right: true) + "  " + pad(row.direction, 7)
                + pad(row.kind, kindWidth)
            text +=
                pad(row.conversation, conversationWidth) + pad(String(row.bytes), 5, right: true)
                + "  "
            text += (row.ok ? "ok" : "DIFFERS") + "\n"
        }
        text += "\nchecks\n"
        for check in report.checks {
            text +=
                "  " + pad(check.ok ? "ok" : "FAIL", 6) + check.name + ": " + check.detail + "\n"
        }
        let bytes = report.rows.reduce(0) { $0 + $1.bytes }
        text +=
            "\n\(report.rows.count) envelopes crossed (\(bytes) bytes), \(report.checks.count) checks: "
        text += report.allOK ? "all ok\n" : "SOMETHING DIFFERS\n"
        return text
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
