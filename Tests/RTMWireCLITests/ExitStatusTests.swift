import Foundation
import Testing

/// One exit status per class of failure, each with the one-line `error: <kind>: <detail>` form,
/// and the table in `--help`.
@Suite struct ExitStatusTests {
    static let vectors = LiveProcess.repository.appendingPathComponent("Vectors").path

    @Test func invalidDataExitsOne() throws {
        let run = try Run(["decode"], stdin: [0x0A, 0x05, 0x61])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: lengthPastEnd: "))
    }

    @Test func aBadCommandLineExitsTwo() throws {
        let run = try Run(["decode", "--no-such-flag"])
        #expect(run.status == 2)
        // ArgumentParser's errors take the tool's one form, its usage lines after.
        #expect(run.stderr.hasPrefix("error: usage: Unknown option '--no-such-flag'\nUsage: "))
    }

    @Test func aMissingFileExitsThree() throws {
        let missing = "/nonexistent/rtmwire-\(UUID().uuidString).bin"
        let run = try Run(["decode", "--input", missing])
        #expect(run.status == 3)
        #expect(run.stderr == "error: io: cannot open \(missing): No such file or directory\n")
    }

    @Test func aMissingVectorFolderExitsThreeAndSaysSo() throws {
        let run = try Run(["verify", "/nonexistent"])
        #expect(run.status == 3)
        #expect(run.stderr == "error: noVectors: /nonexistent is not a folder of vector files\n")
    }

    @Test func aFailedCheckExitsFour() throws {
        // One vector file whose JSON no longer matches its bytes: verify runs and fails.
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = URL(fileURLWithPath: Self.vectors).appendingPathComponent("text.json")
        let original = try String(contentsOf: source, encoding: .utf8)
        let text = original.replacingOccurrences(of: "Hello, world!", with: "Hullo, world!")
        #expect(text != original)
        try text.write(
            to: folder.appendingPathComponent("text.json"), atomically: true, encoding: .utf8)

        let run = try Run(["verify", folder.path])
        #expect(run.status == 4)
        #expect(run.stderr.hasPrefix("error: verifyFailed: "))
    }

    @Test func helpListsEveryStatus() throws {
        let run = try Run(["--help"])
        #expect(run.status == 0)
        for line in [
            "0 success", "1 invalid input", "2 usage", "3 a file, folder or program is unavailable",
            "4 a check found differences",
        ] {
            #expect(run.text.contains(line), "\(line)")
        }
    }
}
