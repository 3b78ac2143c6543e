import Foundation
import RTMWire
import RTMWireNIO
import RTMWireServer
import RTMWireTransport
import Testing

@testable import rtmwire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rtmwire serve` as a script runs it: usage errors, sign-in with tokens over TCP and in the
/// WebSocket handshake, a chat between two clients, the drain on SIGINT and the summary it
/// prints, what was acknowledged kept across a restart of the process, and a data directory
/// that cannot be written.
@Suite(
    .timeLimit(.minutes(5)), .enabled(if: ServedTool.missing == nil, "\(ServedTool.missing ?? "")"))
struct ServeCommandTests {
    @Test(
        "usage errors exit 2 and say what is missing",
        arguments: [
            (["serve"], "--tcp HOST:PORT"),
            (["serve", "--tcp", "localhost"], "is not HOST:PORT"),
            (["serve", "--tcp", "127.0.0.1:70000"], "is not HOST:PORT"),
            (["serve", "--tcp", "127.0.0.1:0", "--web", "Web/chat"], "--web needs --websocket"),
            (["serve", "--tcp", "127.0.0.1:0"], "give --token-secret-file FILE"),
            (
                ["serve", "--tcp", "0.0.0.0:7070", "--no-authentication"],
                "--no-authentication is allowed only on loopback addresses"
            ),
            (
                ["serve", "--tcp", "127.0.0.1:0", "--websocket", "[::]:0", "--no-authentication"],
                "not on ::"
            ),
            (
                [
                    "serve", "--tcp", "127.0.0.1:0", "--no-authentication", "--token-secret-file",
                    "s",
                ],
                "exclude each other"
            ),
            (
                ["serve", "--tcp", "127.0.0.1:0", "--no-authentication", "--history-limit", "0"],
                "--history-limit must be positive"
            ),
            (["serve", "--tcp", "127.0.0.1:0", "--durability", "off"], "--durability"),
            (
                ["serve", "--tcp", "127.0.0.1:0", "--no-authentication", "--sign-in-timeout", "0"],
                "--sign-in-timeout must be 1 to 3600 seconds"
            ),
            (
                [
                    "serve", "--tcp", "127.0.0.1:0", "--no-authentication", "--sign-in-timeout",
                    "3601",
                ],
                "--sign-in-timeout must be 1 to 3600 seconds"
            ),
            (
                ["serve", "--tcp", "127.0.0.1:0", "--no-authentication", "--database", "/data"],
                "--database takes a postgres:// or postgresql:// URL"
            ),
            (
                [
                    "serve", "--tcp", "127.0.0.1:0", "--no-authentication", "--database",
                    "postgres://a@127.0.0.1/b", "--data-dir", "/data",
                ],
                "--database and --data-dir exclude each other"
            ),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try LiveProcess(arguments)
        let result = run.finish()
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func loopbackAddressesAreTheOnlyOnesWithoutAuthentication() {
        for host in [
            "127.0.0.1", "127.8.9.10", "::1", "localhost", "LOCALHOST", "::ffff:127.0.0.1",
        ] {
            #expect(LoopbackHost.contains(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "example.com", "::2", "", "127.1"] {
            #expect(!LoopbackHost.contains(host), "\(host)")
        }
    }

    @Test func theDataDirectoryDefaultsToTheXDGDataHome() {
        #expect(
            DataDirectory.defaultPath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/rtmwire")
        #expect(
            DataDirectory.defaultPath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h/"])
                == "/h/.local/share/rtmwire")
        #expect(DataDirectory.defaultPath(environment: [:]) == nil)
    }

    @Test func twoTCPClientsChatThroughTheServerUntilSIGINT() async throws {
        let folder = try ServeFolder()
        let server = try folder.serve(["--tcp", "127.0.0.1:0"])
        let port = try server.port("tcp")
        let hello = Chat.envelope("hello", from: "alice", .text(TextMessage(text: "채널에 안녕 🙌")))
        let (ack, got) = try await TCPClient.withConnection(host: "127.0.0.1", port: port) {
            alice in
            try await TCPClient.withConnection(host: "127.0.0.1", port: port) { bob in
                #expect(try await Chat.signIn(alice, as: "alice")?.acknowledgement != nil)
                #expect(try await Chat.signIn(bob, as: "bob")?.acknowledgement != nil)
                // Bob joins the channel: once acknowledged, what is sent to it reaches him.
                try await bob.send(
                    Chat.envelope("join", from: "bob", .status(StatusMessage(presence: .online))))
                #expect(try await bob.receive()?.acknowledgement?.messageID == "join")
                try await alice.send(hello)
                return (try await alice.receive()?.acknowledgement, try await bob.receive())
            }
        }
        #expect(ack?.messageID == "hello" && ack?.position == 1)
        #expect(got == hello)
        let end = server.stop(SIGINT)
        #expect(end.status == 0, "\(end.stderr)")
        #expect(end.stdout.contains("rtmwire serve: SIGINT, draining"))
        #expect(end.stdout.contains("over 2 connections"), "\(end.stdout)")
        #expect(end.stderr.contains("sign-in: tokens signed with HS256"), "\(end.stderr)")
    }

    @Test func aTCPClientMustSignInWithAGoodToken() async throws {
        let folder = try ServeFolder()
        let server = try folder.serve(["--tcp", "127.0.0.1:0"])
        let port = try server.port("tcp")
        // Without a sign-in: refused, and the connection is closed.
        let (unsigned, afterUnsigned) = try await TCPClient.withConnection(
            host: "127.0.0.1", port: port
        ) { client in
            try await client.send(
                Chat.envelope("hi", from: "alice", .text(TextMessage(text: "let me in"))))
            return (try await client.receive()?.refusal, try? await client.receive())
        }
        #expect(unsigned?.code == .unauthenticated && unsigned?.messageID == "hi")
        #expect(afterUnsigned == nil)
        // A token signed with another secret: refused, closed.
        let forged = try TokenSigner(secret: Array(repeating: 7, count: 32)).sign(
            TokenClaims(subject: "alice", expiresAt: Date().timeIntervalSince1970 + 600))
        let (refused, afterForged) = try await TCPClient.withConnection(
            host: "127.0.0.1", port: port
        ) { client in
            (
                try await Chat.signIn(client, as: "alice", token: forged)?.refusal,
                try? await client.receive()
            )
        }
        #expect(refused?.code == .tokenInvalid, "\(String(describing: refused))")
        #expect(afterForged == nil)
        #expect(server.stop().status == 0)
    }

    @Test func aBadHandshakeTokenIsRefusedOverHTTPBeforeTheUpgrade() async throws {
        let folder = try ServeFolder()
        let server = try folder.serve([
            "--websocket", "127.0.0.1:0", "--token-audience", "rtmwire",
        ])
        let port = try server.port("websocket")
        let forged = try RawHandshake.send(
            port: port, protocols: ["rtmwire.v1.binary"],
            headers: ["Authorization: Bearer not.a.token"])
        #expect(forged.hasPrefix("HTTP/1.1 401"), "\(forged)")
        #expect(forged.contains("token refused (malformed)"), "\(forged)")
        // Signed by the server's secret, but for another service.
        let elsewhere = try RawHandshake.send(
            port: port,
            protocols: ["rtmwire.bearer." + ServeFolder.token("alice"), "rtmwire.v1.binary"])
        #expect(elsewhere.hasPrefix("HTTP/1.1 403"), "\(elsewhere)")
        #expect(elsewhere.contains("wrongAudience"), "\(elsewhere)")
        // The browser's way with a good token: upgraded, answered with the RTMWire subprotocol.
        let good = try RawHandshake.send(
            port: port,
            protocols: [
                "rtmwire.bearer." + ServeFolder.token("alice", audience: "rtmwire"),
                "rtmwire.v1.json",
            ])
        #expect(good.hasPrefix("HTTP/1.1 101"), "\(good)")
        #expect(good.contains("rtmwire.v1.json") && !good.contains("rtmwire.bearer"), "\(good)")
        #expect(server.stop().status == 0)
    }

    @Test func withoutAuthenticationOnLoopbackTheFirstSenderIsTrustedAndItIsSaid() async throws {
        let folder = try ServeFolder()
        let server = try folder.serve(
            ["--tcp", "127.0.0.1:0"], authentication: ["--no-authentication"])
        let port = try server.port("tcp")
        let ack = try await TCPClient.withConnection(host: "127.0.0.1", port: port) { carol in
            try await carol.send(
                Chat.envelope("c1", from: "carol", .text(TextMessage(text: "no token needed"))))
            return try await carol.receive()?.acknowledgement
        }
        #expect(ack?.messageID == "c1" && ack?.position == 1)
        let end = server.stop()
        #expect(end.status == 0)
        let warnings = end.stderr.split(separator: "\n").filter { $0.contains("WARNING") }
        #expect(warnings.count == 1, "\(end.stderr)")
        #expect(warnings.first?.contains("trusts the sender name") == true)
    }

    @Test func whatWasAcknowledgedSurvivesARestartOfTheProcess() async throws {
        let folder = try ServeFolder()
        // The token as a script mints it.
        let minted = try LiveProcess([
            "token", "--user", "alice", "--secret-file", folder.secretFile,
        ]).finish()
        #expect(minted.status == 0)
        let token = String(decoding: minted.stdout, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let sent = Chat.envelope("kept", from: "alice", .text(TextMessage(text: "기억해 줘 📌")))

        let first = try folder.serve(["--tcp", "127.0.0.1:0"])
        let ack = try await TCPClient.withConnection(
            host: "127.0.0.1", port: try first.port("tcp")
        ) { alice in
            #expect(try await Chat.signIn(alice, as: "alice", token: token)?.acknowledgement != nil)
            try await alice.send(sent)
            return try await alice.receive()?.acknowledgement
        }
        #expect(ack?.messageID == "kept" && ack?.position == 1)
        #expect(first.stop().status == 0)

        let second = try folder.serve(["--tcp", "127.0.0.1:0"])
        let page = try await TCPClient.withConnection(
            host: "127.0.0.1", port: try second.port("tcp")
        ) { alice in
            _ = try await Chat.signIn(alice, as: "alice", token: token)
            try await alice.send(
                Chat.envelope("h", from: "alice", .historyRequest(HistoryRequest(limit: 10))))
            return try await alice.receive()?.historyPage
        }
        #expect(page?.status == .ok && page?.epoch == ack?.epoch)
        #expect(page?.entries.map(\.position) == [1])
        #expect(page?.entries.first?.envelope == (try sent.serializedBytes()))
        #expect(second.stop().status == 0)
    }

    /// Two servers on one data directory would give one position twice (each caches the heads
    /// it wrote): the second is refused at start, naming the first, and starts once it is gone.
    @Test func aSecondServerOnOneDataDirectoryIsRefused() async throws {
        let folder = try ServeFolder()
        let first = try folder.serve(["--tcp", "127.0.0.1:0"])
        _ = try first.port("tcp")
        let second = try LiveProcess([
            "serve", "--tcp", "127.0.0.1:0", "--token-secret-file", folder.secretFile,
            "--data-dir", folder.dataDirectory,
        ]).finish()
        #expect(second.status == 3)
        #expect(
            second.stderr.hasPrefix("error: cannotOpen: the data directory ")
                && second.stderr.contains("is in use by another rtmwire process (process "),
            "\(second.stderr)")
        #expect(second.stdout.isEmpty, "it never listened")
        #expect(first.stop().status == 0)
        let third = try folder.serve(["--tcp", "127.0.0.1:0"])
        _ = try third.port("tcp")
        #expect(third.stop().status == 0)
    }

    @Test func aDataDirectoryThatCannotBeMadeIsAClearError() throws {
        let folder = try ServeFolder()
        // Under a regular file, no folder can be made (even by root, whom permissions don't
        // stop).
        let blocker = folder.url.appendingPathComponent("file")
        try "not a folder".write(to: blocker, atomically: true, encoding: .utf8)
        let run = try LiveProcess([
            "serve", "--tcp", "127.0.0.1:0", "--token-secret-file", folder.secretFile,
            "--data-dir", blocker.appendingPathComponent("data").path,
        ])
        let result = run.finish()
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix("error: cannotOpen: cannot create the data directory"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty, "it never listened")
    }

    @Test func aDatabaseThatCannotBeReachedIsAClearError() throws {
        let folder = try ServeFolder()
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        let result = try LiveProcess([
            "serve", "--tcp", "127.0.0.1:0", "--token-secret-file", folder.secretFile,
            "--database", "postgres://rtmwire:hunter2@127.0.0.1:1/chat?sslmode=disable",
        ]).finish()
        #expect(result.status == 3)
        #expect(
            result.stderr.hasPrefix(
                "error: unavailable: could not connect to PostgreSQL at rtmwire@127.0.0.1:1/chat"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"), "the password never shows")
        #expect(result.stdout.isEmpty, "it never listened")
    }

    @Test func aSecretTooShortIsRefusedAtStart() throws {
        let folder = try ServeFolder()
        let short = folder.url.appendingPathComponent("short.txt")
        try "short".write(to: short, atomically: true, encoding: .utf8)
        let result = try LiveProcess([
            "serve", "--tcp", "127.0.0.1:0", "--token-secret-file", short.path,
            "--data-dir", folder.dataDirectory,
        ]).finish()
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: tokenKey: an HS256 secret needs at least 32 bytes"))
    }
}
