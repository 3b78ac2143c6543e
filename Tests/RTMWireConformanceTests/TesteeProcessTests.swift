import Foundation
import RTMWire
import RTMWireConformance
import Testing

/// A testee that misbehaves gives a clear error and never hangs the runner.
@Suite("Testee process")
struct TesteeProcessTests {
    let request = TesteeRequest(
        input: .binary, output: .binary, typeName: TextMessage.protoFullName, payload: [])

    /// `printf` of one skipped answer (frame 01 00 00 00, status 03), `count` times.
    private func answers(_ count: Int) -> String {
        String(repeating: #"\001\000\000\000\003"#, count: count)
    }

    @Test func answersAreRead() throws {
        let testee = TesteeProcess(command: "printf '\(answers(2))'; cat > /dev/null")
        #expect(try testee.send(request) == .skipped(""))
        #expect(try testee.send(request) == .skipped(""))
        try testee.finish()
    }

    @Test func crashIsAFailureWithItsStatus() {
        let testee = TesteeProcess(command: "head -c 4 > /dev/null; exit 3")
        #expect(throws: TesteeFailure("closed its output (exited with status 3)")) {
            try testee.send(request)
        }
    }

    @Test func hangIsAFailureAfterTheTimeout() {
        let testee = TesteeProcess(command: "sleep 30", timeout: .milliseconds(300))
        let start = ContinuousClock.now
        #expect(throws: TesteeFailure.self) { try testee.send(request) }
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func garbageIsAFailure() {
        let garbage = TesteeProcess(command: #"printf '\005\000\000\000\011abcd'; cat > /dev/null"#)
        #expect(throws: TesteeFailure("malformed answer: unknown status 9")) {
            try garbage.send(request)
        }
        let huge = TesteeProcess(command: #"printf '\377\377\377\377'; cat > /dev/null"#)
        #expect(throws: TesteeFailure.self) { try huge.send(request) }
    }

    /// After a failure the next request starts a fresh testee.
    @Test func restartsAfterAFailure() throws {
        let marker = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-testee-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let testee = TesteeProcess(
            command: "if [ -e '\(marker)' ]; then printf '\(answers(1))'; cat > /dev/null; "
                + "else touch '\(marker)'; exit 1; fi")
        #expect(throws: TesteeFailure.self) { try testee.send(request) }
        #expect(try testee.send(request) == .skipped(""))
        try testee.finish()
    }

    @Test func unhappyExitIsReportedByFinish() throws {
        let testee = TesteeProcess(command: "printf '\(answers(1))'; cat > /dev/null; exit 4")
        _ = try testee.send(request)
        #expect(throws: TesteeFailure("exited with status 4 after the end of its input")) {
            try testee.finish()
        }
    }

    /// The runner gives up after repeated failures instead of restarting forever.
    @Test func runnerStopsAfterRepeatedFailures() {
        let testee = TesteeProcess(command: "exit 1")
        var session: [String] = []
        #expect(throws: ConformanceRunner.Aborted.self) {
            _ = try ConformanceRunner(vectors: VectorFiles.all).run(on: testee, session: &session)
        }
    }
}
