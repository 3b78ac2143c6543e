import Foundation
import RTMWire
import RTMWireServer
import RTMWireTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the built `rtmwire` cannot serve (nil when it can): the tool has the server's commands
/// with the `Serve` trait only, which Scripts/test builds with.
enum ServedTool {
    #if Serve
        static let missing: String? = nil
    #else
        static let missing: String? =
            "rtmwire was built without the Serve trait: run swift test --traits Serve "
            + "(Scripts/test does)"
    #endif
}

/// A folder for one test of `rtmwire serve`: its token secret file and its data directory,
/// removed when the test lets go of it; and the server processes started over them.
final class ServeFolder {
    static let secret = "the CLI tests' token secret, 32+ bytes"
    static let signer = try! TokenSigner(secret: Array(secret.utf8))

    let url: URL
    var secretFile: String { url.appendingPathComponent("secret.txt").path }
    var dataDirectory: String { url.appendingPathComponent("data").path }

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try (Self.secret + "\n").write(
            toFile: secretFile, atomically: true, encoding: .utf8)
    }

    /// The servers started here: any still running when the test ends (a failed one) is killed.
    private var started: [LiveProcess] = []

    deinit {
        for server in started where server.process.isRunning {
            kill(server.process.processIdentifier, SIGKILL)
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// A token for `user`, valid for an hour.
    static func token(_ user: String, audience: String? = nil) -> String {
        try! signer.sign(
            TokenClaims(
                subject: user, expiresAt: Date().timeIntervalSince1970 + 3_600,
                audience: audience.map { [$0] }))
    }

    /// Starts `rtmwire serve` over this folder's data directory (or the `--database` that
    /// `storage` names) with `arguments` (and, unless `authentication` says otherwise, the
    /// folder's secret) and waits for its listening line.
    ///
    /// The sign-in timeout is the longest allowed unless `arguments` give one: the suite runs
    /// hundreds of tests at once on two cores, where a test's client can wait more than the
    /// default 10 s between connecting and signing in; the timeout's own tests set it.
    func serve(_ arguments: [String], authentication: [String]? = nil, storage: [String]? = nil)
        throws -> ServedProcess
    {
        let timeout =
            arguments.contains("--sign-in-timeout") ? [] : ["--sign-in-timeout", "3600"]
        let process = try LiveProcess(
            ["serve"] + (storage ?? ["--data-dir", dataDirectory, "--durability", "normal"])
                + (authentication ?? ["--token-secret-file", secretFile]) + timeout + arguments)
        started.append(process)
        let banner = process.lines(1, timeout: 60).first ?? ""
        return ServedProcess(process: process, banner: banner)
    }
}

/// A running `rtmwire serve` and the addresses its listening line names.
struct ServedProcess {
    let process: LiveProcess
    /// `rtmwire serve: tcp 127.0.0.1:PORT, websocket 127.0.0.1:PORT, page http://…/`
    let banner: String

    /// The port the line names after `kind` (`tcp`, `websocket`).
    func port(_ kind: String) throws -> Int {
        let words = banner.split(whereSeparator: { $0 == " " || $0 == "," })
        guard let index = words.firstIndex(where: { $0 == kind }), index + 1 < words.count,
            let colon = words[index + 1].lastIndex(of: ":"),
            let port = Int(words[index + 1][words[index + 1].index(after: colon)...])
        else {
            throw CocoaError(
                .coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "no \(kind) in \(banner)"]
            )
        }
        return port
    }

    /// Sends `signal` and waits for the exit: status, standard output as text, standard error.
    func stop(_ signal: Int32 = SIGTERM) -> (status: Int32, stdout: String, stderr: String) {
        kill(process.process.processIdentifier, signal)
        let result = process.finish()
        return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stderr)
    }
}

/// What a chat client of the CLI tests sends.
enum Chat {
    static let channel = Conversation(type: .channel, id: "general")

    static func envelope(
        _ id: String, from user: String, to conversation: Conversation = channel,
        _ body: Envelope.Body
    ) -> Envelope {
        Envelope(
            messageID: id, sender: Sender(userID: user), sendTimeMs: 1_764_000_000_000,
            conversation: conversation, body: body)
    }

    /// Signs `connection` in as `user` (with `token`, else a good one) and returns the answer.
    static func signIn(
        _ connection: some EnvelopeConnection, as user: String, token: String? = nil
    ) async throws -> Envelope? {
        try await connection.send(
            envelope(
                "sign-in-\(user)", from: user, to: Conversation(type: .peer, id: user),
                .signIn(SignIn(token: token ?? ServeFolder.token(user)))))
        return try await connection.receive()
    }
}

/// A socket to 127.0.0.1 written by hand, for what a client library would hide or never send.
enum RawSocket {
    /// Writes `bytes`, then reads until the server closes, `enough` says so, or `seconds` pass;
    /// returns what was read and whether the server closed.
    static func exchange(
        port: Int, _ bytes: [UInt8], seconds: TimeInterval = 5,
        until enough: ([UInt8]) -> Bool = { _ in false }
    ) throws -> (received: [UInt8], closed: Bool) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, !enough(received) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return (received, true) }
            received += chunk[0..<count]
        }
        return (received, false)
    }
}

/// A WebSocket upgrade request written by hand to 127.0.0.1, for what a client library would
/// hide: the HTTP status and body of a refused handshake.
enum RawHandshake {
    /// Sends an upgrade request offering `protocols` with `headers`; returns the response's
    /// head and whatever body came before the server closed or answered 101 (5 s at most).
    static func send(port: Int, protocols: [String], headers: [String] = []) throws -> String {
        let request =
            ([
                "GET / HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket",
                "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
                "Sec-WebSocket-Version: 13",
                "Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))",
            ] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        let (received, _) = try RawSocket.exchange(port: port, Array(request.utf8)) { received in
            // A 101 is followed by no body: its head is the whole answer.
            String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101")
                && received.suffix(4) == Array("\r\n\r\n".utf8)
        }
        return String(decoding: received, as: UTF8.self)
    }
}
