import Foundation
import RTMWire
import RTMWireJSON
import RTMWireTestSupport
import Testing

/// `rtmwire` as scripts and people use it: version, streaming, hex, terminals, vectors.
@Suite("rtmwire streaming, hex, terminal and vectors", .serialized)
struct CLIStreamingTests {
    static let envelopes = Array(Fixtures.everyKind().prefix(3))

    @Test func versionIsTheLibrarysVersion() throws {
        let run = try LiveProcess(["--version"])
        try run.closeInput()
        let result = run.finish()
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == RTMWireRelease.version + "\n")
    }

    /// The first frame's JSON arrives while the input is still open and the second frame only
    /// half written: decode --delimited does not wait for the end of its input.
    @Test func decodeDelimitedWritesEachFrameAsItCompletes() throws {
        let run = try LiveProcess(["decode", "--delimited"])
        let first = try Self.envelopes[0].delimitedBytes()
        let second = try Self.envelopes[1].delimitedBytes()
        run.write(first + second.prefix(4))
        let early = run.lines(1, timeout: 20)
        #expect(early == [Self.envelopes[0].jsonString()])
        run.write(Array(second.dropFirst(4)))
        #expect(run.lines(2, timeout: 20).count == 2)
        try run.closeInput()
        let result = run.finish()
        #expect(result.status == 0)
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == Self.envelopes[0].jsonString() + "\n" + Self.envelopes[1].jsonString() + "\n")
    }

    @Test func encodeDelimitedWritesEachLineAsItCompletes() throws {
        let run = try LiveProcess(["encode", "--delimited", "--format", "hex"])
        run.write(Array((Self.envelopes[0].jsonString() + "\n").utf8))
        run.write(Array(Self.envelopes[1].jsonString().utf8.prefix(10)))
        let early = run.lines(1, timeout: 20)
        #expect(early == [try hex(Self.envelopes[0].delimitedBytes())])
        run.write(Array(Self.envelopes[1].jsonString().utf8.dropFirst(10)) + [0x0A])
        try run.closeInput()
        let result = run.finish()
        #expect(result.status == 0)
        #expect(
            String(decoding: result.stdout, as: UTF8.self)
                == (try Self.envelopes.prefix(2).map { try hex($0.delimitedBytes()) + "\n" }
                    .joined()))
    }

    @Test func hexInAndOutMatchesBinary() throws {
        let bytes = try Self.envelopes[2].serializedBytes()
        // Hex input with whitespace and line breaks, as `xxd -p` prints it.
        let spaced = hex(bytes).enumerated().map {
            $0.offset % 30 == 29 ? "\($0.element)\n" : "\($0.element)"
        }
        .joined()
        let run = try LiveProcess(["decode", "--input-format", "hex", "--format", "hex"])
        run.write(Array(spaced.utf8))
        try run.closeInput()
        let result = run.finish()
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == hex(bytes) + "\n")

        let bad = try LiveProcess(["decode", "--input-format", "hex"])
        bad.write(Array("0a0g".utf8))
        try bad.closeInput()
        let failed = bad.finish()
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("error: invalidHex: input byte 3"))
    }

    @Test func binaryToATerminalIsRefusedUnlessForced() throws {
        let json = Array((Self.envelopes[0].jsonString() + "\n").utf8)
        for arguments in [["encode"], ["decode", "--format", "binary"]] {
            let terminal = try PseudoTerminal()
            defer { terminal.close() }
            let run = try LiveProcess(arguments, stdout: terminal.terminal)
            run.write(arguments[0] == "encode" ? json : try Self.envelopes[0].serializedBytes())
            try run.closeInput()
            let result = run.finish()
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("error: binaryToTerminal: "))
        }
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let forced = try LiveProcess(["encode", "--force"], stdout: terminal.terminal)
        forced.write(json)
        try forced.closeInput()
        #expect(forced.finish().status == 0)
        // Text formats go to a terminal as usual.
        let hexRun = try LiveProcess(["encode", "--format", "hex"], stdout: terminal.terminal)
        hexRun.write(json)
        try hexRun.closeInput()
        #expect(hexRun.finish().status == 0)
    }

    @Test func verifyOutsideACheckoutSaysWhereToPointIt() throws {
        let elsewhere = FileManager.default.temporaryDirectory
        let lost = try LiveProcess(["verify"], directory: elsewhere)
        try lost.closeInput()
        let result = lost.finish()
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("error: noVectors: "))
        #expect(result.stderr.contains("--vectors DIR"))

        let vectors = LiveProcess.repository.appendingPathComponent("Vectors").path
        let given = try LiveProcess(["verify", "--vectors", vectors], directory: elsewhere)
        try given.closeInput()
        #expect(given.finish().status == 0)
        let fromEnvironment = try LiveProcess(
            ["verify"], directory: elsewhere, environment: ["RTMWIRE_VECTORS": vectors])
        try fromEnvironment.closeInput()
        #expect(fromEnvironment.finish().status == 0)
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
