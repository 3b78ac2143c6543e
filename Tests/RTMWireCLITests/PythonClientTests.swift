import Foundation
import Testing

/// A client in another language against the built server: `Conformance/Examples/tcp_client.py`
/// (Google's protobuf, PyJWT for the token) signs in to `rtmwire serve`, posts, reads the
/// history back and is refused a spoofed sender, following Conformance/SERVER.md.
///
/// Runs where python3 has protobuf and PyJWT (`Scripts/install-deps`, so in CI).
@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: PythonClient.missing == nil, "\(PythonClient.missing ?? "")"))
struct PythonClientTests {
    @Test func aPythonClientFollowsTheServerProtocol() throws {
        let folder = try ServeFolder()
        let server = try folder.serve(["--tcp", "127.0.0.1:0"])
        let root = LiveProcess.repository
        let client = Process()
        let output = Pipe()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        client.arguments = [
            "python3", root.appendingPathComponent("Conformance/Examples/tcp_client.py").path,
            String(try server.port("tcp")), folder.secretFile,
        ]
        client.environment = ProcessInfo.processInfo.environment.merging([
            "PYTHONPATH": root.appendingPathComponent("Conformance/Testees/python/generated").path
        ]) { $1 }
        client.standardOutput = output
        client.standardError = output
        try client.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        client.waitUntilExit()
        #expect(client.terminationStatus == 0, "\(text)")
        #expect(text.contains("tcp_client: signed in, stored at position 1"), "\(text)")
        #expect(server.stop().status == 0)
    }
}

/// Whether this machine's python3 can run the client.
enum PythonClient {
    /// What is missing to run it, or nil.
    static let missing = Python.missing(
        "google.protobuf, jwt", "python3 lacks protobuf or PyJWT (Scripts/install-deps)")
}
