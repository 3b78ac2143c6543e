import Foundation
import Testing

/// The repository's root, for the vectors and expected-failures files.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite("rtmwire conformance", .serialized)
struct ConformanceCommandTests {
    private var vectors: String { root.appendingPathComponent("Vectors").path }
    private var swiftTestee: String { "'\(Run.binary.path)' conformance testee" }

    /// RTMWire's own testee, through the real protocol and a real process, passes with its
    /// (empty) expected-failures file.
    @Test func swiftTesteePasses() throws {
        let run = try Run([
            "conformance", "run", "--testee", swiftTestee, "--vectors", vectors,
            "--expected-failures",
            root.appendingPathComponent("Conformance/ExpectedFailures/rtmwire.txt").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("conformance: every result as expected"))
        #expect(run.text.contains("total"))
    }

    /// A listed failure that passes is unexpected: exit 1, with the stable error kind.
    @Test func expectedFailureThatPassesFails() throws {
        let list = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-xfail-\(UInt32.random(in: 0...UInt32.max)).txt")
        try "text-typical  listed, though RTMWire passes it\n".write(
            to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let run = try Run([
            "conformance", "run", "--testee", swiftTestee, "--vectors", vectors,
            "--expected-failures", list.path,
        ])
        #expect(run.status == 4)
        #expect(run.text.contains("PASS text/text-typical"))
        #expect(run.stderr == "error: conformanceFailed: 1 unexpected result\n")
    }

    @Test func aTesteeThatDiesStopsTheRun() throws {
        let run = try Run(["conformance", "run", "--testee", "exit 3", "--vectors", vectors])
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix("error: testeeFailed: the testee failed 5 requests"))
    }

    @Test func usageErrorsExit2() throws {
        #expect(try Run(["conformance", "run", "--testee", "x", "--timeout", "0"]).status == 2)
        #expect(try Run(["conformance", "run"]).status == 2)
    }

    /// `rtmwire conformance testee` answers a frame on standard input with a frame.
    @Test func testeeAnswersAFrame() throws {
        let name = Array("rtmwire.v1.TextMessage".utf8)
        let body: [UInt8] = [1, 2, 0, UInt8(name.count)] + name + [0x0A, 0x02, 0x68, 0x69]
        let run = try Run(
            ["conformance", "testee"], stdin: [UInt8(body.count), 0, 0, 0] + body)
        #expect(run.status == 0)
        #expect(run.stdout == [14, 0, 0, 0, 0] + Array(#"{"text":"hi"}"#.utf8))
    }

    /// `rtmwire conformance fuzz` against RTMWire's own testee: a repeatable run with no
    /// disagreement, exit 0, and the rate and classes printed.
    @Test func fuzzAgainstItselfFindsNothing() throws {
        let out = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-fuzz-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try Run([
            "conformance", "fuzz", "--testee", swiftTestee, "--vectors", vectors,
            "--executions", "300", "--seed", "1", "--out", out.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("seed: 1\n"))
        #expect(run.text.contains("inputs: 300 in "))
        #expect(run.text.contains("disagreements the vectors show (0)"))
        #expect(run.text.contains("fuzz: every disagreement explained by a vector"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "no finding, no folder")
    }

    /// A testee that cannot answer stops the run before fuzzing: exit 3, `testeeFailed`.
    @Test func fuzzingATesteeThatDiesIsUnavailable() throws {
        let run = try Run([
            "conformance", "fuzz", "--testee", "exit 3", "--vectors", vectors, "--seconds", "5",
        ])
        #expect(run.status == 3)
        #expect(run.stderr.contains("error: testeeFailed: the testee failed all "), "\(run.stderr)")
        #expect(try Run(["conformance", "fuzz", "--testee", "x", "--seconds", "0"]).status == 2)
    }
}
