import Foundation
import Testing

/// Runs the built `rtmwire` (next to this test bundle) and captures what a script would see
/// (shared by the CLI tests).
struct Run {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String

    var text: String { String(decoding: stdout, as: UTF8.self) }

    init(_ arguments: [String], stdin: [UInt8] = []) throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // A command may exit before it reads its input (a usage error does): the write then
        // fails with EPIPE, which `write(_:)` would turn into a crash. What the command did is
        // judged by its status and output, not by whether it read.
        if !stdin.isEmpty { try? input.fileHandleForWriting.write(contentsOf: stdin) }
        try? input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stdout = Array(out)
        stderr = String(decoding: err, as: UTF8.self)
    }

    /// The built `rtmwire`, found as every CLI test finds it.
    static let binary = LiveProcess.binary
}

private let tutorialText = Array(
    #"{"sender":{"display_name":"Max","sender_id":"my-sender-id"},"message_id":"random-message-id","timestamp":"2021-03-12T09:05:16Z","type":"text","body":"Hello World"}"#
        .utf8)

private let photo = Array(
    #"{"sender":{"display_name":"지민","sender_id":"jimin"},"message_id":"p-1","timestamp":"2021-03-12T09:05:20Z","type":"photo","body":"노을 🌅"}"#
        .utf8)

@Suite("rtmwire convert", .serialized)
struct ConvertCommandTests {
    @Test func legacyToBinaryAndBackIsTheSameText() throws {
        let binary = try Run(
            [
                "convert", "--from", "legacy-json", "--to", "binary", "--conversation",
                "channel:general",
            ],
            stdin: tutorialText)
        #expect(binary.status == 0 && binary.stderr.isEmpty)
        #expect(binary.stdout.first == 0x0A)
        let json = try Run(["convert", "--from", "binary", "--to", "json"], stdin: binary.stdout)
        #expect(
            json.text
                == #"{"messageId":"random-message-id","sender":{"userId":"my-sender-id","displayName":"Max"},"sendTimeMs":"1615539916000","conversation":{"type":"CONVERSATION_TYPE_CHANNEL","id":"general"},"text":{"text":"Hello World"}}"#
                + "\n")
        let back = try Run(
            ["convert", "--from", "json", "--to", "legacy-json"], stdin: json.stdout)
        #expect(back.status == 0)
        #expect(back.stdout == tutorialText + [0x0A])
    }

    @Test func photosCarryTheirImageMessageBesideTheJSON() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-convert-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fields =
            #"{"mediaId":"media-5f2c","fileName":"IMG_0042.HEIC","size":"1843200","width":3024,"height":4032}"#
        let binary = try Run(
            [
                "convert", "--from", "legacy-json", "--to", "binary", "--conversation",
                "channel:general",
                "--image-message", fields,
            ],
            stdin: photo)
        #expect(binary.status == 0, "\(binary.stderr)")
        let out = folder.appendingPathComponent("image.json").path
        let back = try Run(
            ["convert", "--from", "binary", "--to", "legacy-json", "--image-message-out", out],
            stdin: binary.stdout)
        #expect(back.stdout == photo + [0x0A])
        #expect(
            String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
                == fields + "\n")
        // Without a place for the image-message fields: a usage error, nothing printed.
        let noPlace = try Run(
            ["convert", "--from", "binary", "--to", "legacy-json"], stdin: binary.stdout)
        #expect(noPlace.status == 2 && noPlace.stdout.isEmpty)
        #expect(noPlace.stderr.contains("--image-message-out"))
    }

    @Test func statusEnvelopesMayPrintTwoLegacyMessages() throws {
        let json =
            #"{"messageId":"s","sender":{"userId":"amy","displayName":"Amy"},"conversation":{"type":"CONVERSATION_TYPE_CHANNEL","id":"g"},"status":{"presence":"PRESENCE_ONLINE","handRaised":true}}"#
        let run = try Run(
            ["convert", "--from", "json", "--to", "legacy-json"], stdin: Array(json.utf8))
        #expect(
            run.text
                == #"{"sender":{"display_name":"Amy","sender_id":"amy"},"type":"status","body":"online"}"#
                + "\n"
                + #"{"sender":{"display_name":"Amy","sender_id":"amy"},"type":"raise_hand","body":"true"}"#
                + "\n")
    }

    @Test(
        "invalid input exits 1 with one error line naming the code",
        arguments: [
            (
                ["--from", "legacy-json", "--to", "json", "--conversation", "channel:g"],
                "{\"type\":", "invalidJSON"
            ),
            (
                ["--from", "legacy-json", "--to", "json", "--conversation", "channel:g"],
                #"{"sender":{"display_name":"M","sender_id":"m"},"type":"status","body":"online"}"#,
                "missingField"
            ),
            (
                ["--from", "legacy-json", "--to", "json", "--conversation", "channel:g"],
                #"{"sender":{"display_name":"M","sender_id":"m"},"message_id":"p","timestamp":"2021-03-12T09:05:20Z","type":"photo"}"#,
                "missingField"
            ),
            (
                ["--from", "legacy-json", "--to", "legacy-json"],
                #"{"sender":{"display_name":"M","sender_id":"m"},"type":"raise_hand","body":"maybe"}"#,
                "invalidValue"
            ),
            (
                ["--from", "json", "--to", "legacy-json"],
                #"{"messageId":"r","sender":{"userId":"a"},"sendTimeMs":"5","conversation":{"type":"CONVERSATION_TYPE_PEER","id":"b"},"file":{"mediaId":"f","size":"3"}}"#,
                "noLegacyForm"
            ),
            (["--from", "binary", "--to", "json"], "\u{0A}\u{05}ab", "lengthPastEnd"),
        ] as [([String], String, String)])
    func invalidInput(arguments: [String], input: String, code: String) throws {
        let run = try Run(["convert"] + arguments, stdin: Array(input.utf8))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: \(code): "), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            ["--from", "legacy-json", "--to", "json"],
            ["--from", "legacy-json", "--to", "binary", "--conversation", "room:1"],
            ["--from", "yaml", "--to", "json"],
            ["--to", "json"],
        ])
    func usage(arguments: [String]) throws {
        let run = try Run(["convert"] + arguments, stdin: tutorialText)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func demoShowsOldAndNewClientsThroughTheBridge() throws {
        let run = try Run(["demo", "--in-memory"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("legacy bridge: 11 messages, both formats interleaved: all ok"))
        #expect(run.text.contains("legacy-json → text"))
        #expect(run.text.contains("binary → image 1080×1920"))
        #expect(run.text.contains(#""type":"raise_hand","body":"true"}"#))
    }
}
