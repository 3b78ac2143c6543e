import Foundation
import RTMWire
import RTMWireNIO
import RTMWireTransport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rtmwire serve` as a script runs it: usage errors, a TCP relay between two clients, the drain
/// on SIGINT and the summary it prints.
@Suite(.timeLimit(.minutes(5)))
struct ServeCommandTests {
    @Test(
        "usage errors exit 2 and say what is missing",
        arguments: [
            (["serve"], "--tcp HOST:PORT"),
            (["serve", "--tcp", "localhost"], "is not HOST:PORT"),
            (["serve", "--tcp", "127.0.0.1:70000"], "is not HOST:PORT"),
            (["serve", "--tcp", "127.0.0.1:0", "--web", "Web/chat"], "--web needs --websocket"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try LiveProcess(arguments)
        let result = run.finish()
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func twoTCPClientsChatThroughTheServerUntilSIGINT() async throws {
        let server = try LiveProcess(["serve", "--tcp", "127.0.0.1:0"])
        let banner = server.lines(1, timeout: 60).first ?? ""
        let port = try #require(
            banner.split(separator: " ").first { $0.hasPrefix("127.0.0.1:") }
                .flatMap { Int($0.dropFirst("127.0.0.1:".count).filter(\.isNumber)) },
            "no address in \(banner)")
        let room = Conversation(type: .group, id: "g")
        func envelope(_ id: String, _ user: String, _ body: Envelope.Body) -> Envelope {
            Envelope(
                messageID: id, sender: Sender(userID: user), sendTimeMs: 1_764_000_000_000,
                conversation: room, body: body)
        }
        let got = try await TCPClient.withConnection(host: "127.0.0.1", port: port) { alice in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                try await bob.send(envelope("b", "bob", .status(StatusMessage(presence: .online))))
                // Joins on two connections race at the server: alice says hello until bob,
                // once in the group, hears one.
                let talking = Task {
                    for number in 0... {
                        try await alice.send(
                            envelope(
                                "hello-\(number)", "alice", .text(TextMessage(text: "그룹에 안녕 🙌"))))
                        try await Task.sleep(nanoseconds: 50_000_000)
                    }
                }
                defer { talking.cancel() }
                return try await bob.receive()
            }
        }
        #expect(got?.messageID.hasPrefix("hello-") == true)
        #expect(got?.body == .text(TextMessage(text: "그룹에 안녕 🙌")))
        kill(server.process.processIdentifier, SIGINT)
        let result = server.finish()
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(output.contains("rtmwire serve: SIGINT, draining"))
        #expect(output.contains("over 2 connections"), "\(output)")
    }
}
