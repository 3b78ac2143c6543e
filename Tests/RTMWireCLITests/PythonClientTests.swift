import Foundation
import Testing

/// Clients in another language against the built server, following Conformance/SERVER.md:
/// `Conformance/Examples/tcp_client.py` (Google's protobuf, PyJWT for the token) signs in to
/// `rtmwire serve`, posts, reads the history back and is refused a spoofed sender;
/// `server_check.py` (with `websockets`) checks every server flow of the domain documents.
///
/// Runs where python3 has protobuf, PyJWT and websockets (`Scripts/install-deps`, so in CI).
@Suite(
    .timeLimit(.minutes(5)), .enabled(if: ServedTool.missing == nil, "\(ServedTool.missing ?? "")"),
    .enabled(if: PythonClient.missing == nil, "\(PythonClient.missing ?? "")"))
struct PythonClientTests {
    @Test func aPythonClientFollowsTheServerProtocol() throws {
        let folder = try ServeFolder()
        let server = try folder.serve(["--tcp", "127.0.0.1:0"])
        let (status, text) = try PythonClient.run(
            "tcp_client.py", [String(try server.port("tcp")), folder.secretFile])
        #expect(status == 0, "\(text)")
        #expect(text.contains("tcp_client: signed in, stored at position 1"), "\(text)")
        #expect(server.stop().status == 0)
    }

    /// The six points a first Python client found missing (issue 34), each a yes, the history
    /// point again after a restart: `Conformance/Examples/server_check.py` over WebSocket.
    @Test(
        .enabled(
            if: PythonClient.websocketsMissing == nil, "\(PythonClient.websocketsMissing ?? "")"))
    func aPythonWebSocketClientGetsAYesToEachPoint() throws {
        let folder = try ServeFolder()
        let state = folder.url.appendingPathComponent("state.json").path
        for phase in ["before", "after"] {
            let server = try folder.serve(["--websocket", "127.0.0.1:0"])
            let (status, text) = try PythonClient.run(
                "server_check.py",
                [
                    "--url", "ws://127.0.0.1:\(try server.port("websocket"))", "--secret-file",
                    folder.secretFile, "--state", state, "--phase", phase,
                ])
            #expect(status == 0, "\(text)")
            let yeses = text.split(separator: "\n").filter { $0.hasPrefix("yes ") }.count
            #expect(yeses == (phase == "before" ? 6 : 1), "\(text)")
            #expect(server.stop().status == 0)
        }
    }
}

/// Whether this machine's python3 can run the client.
enum PythonClient {
    /// What is missing to run it, or nil.
    static let missing = Python.missing(
        "google.protobuf, jwt", "python3 lacks protobuf or PyJWT (Scripts/install-deps)")
    /// What is missing to run the WebSocket client, or nil.
    static let websocketsMissing = Python.missing(
        "websockets", "python3 lacks websockets (Scripts/install-deps)")

    /// Runs `Conformance/Examples/<script>` with `arguments`; its exit status and output.
    static func run(_ script: String, _ arguments: [String]) throws -> (Int32, String) {
        let root = LiveProcess.repository
        let client = Process()
        let output = Pipe()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        client.arguments =
            ["python3", root.appendingPathComponent("Conformance/Examples/\(script)").path]
            + arguments
        client.environment = ProcessInfo.processInfo.environment.merging([
            // Answers can take long when the whole suite runs at once on two cores.
            "RTMWIRE_CHECK_TIMEOUT": "60",
            "PYTHONPATH": root.appendingPathComponent("Conformance/Testees/python/generated").path,
        ]) { $1 }
        client.standardOutput = output
        client.standardError = output
        try client.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        return (client.terminationStatus, text)
    }
}
