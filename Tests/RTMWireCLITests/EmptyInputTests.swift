import Foundation
import RTMWire
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Empty input is the empty message (every field at its default), as every protobuf runtime
/// reads 0 bytes; only a terminal where nothing was piped in gets `emptyInput`, a hint.
@Suite struct EmptyInputTests {
    @Test func anAllDefaultMessageRoundTripsThroughAPipe() throws {
        // echo '{}' | rtmwire encode --type DeliveryOptions | rtmwire decode --type DeliveryOptions
        let encoded = try Run(["encode", "--type", "DeliveryOptions"], stdin: Array("{}\n".utf8))
        #expect(encoded.status == 0 && encoded.stderr.isEmpty)
        #expect(encoded.stdout.isEmpty)
        let decoded = try Run(["decode", "--type", "DeliveryOptions"], stdin: encoded.stdout)
        #expect(decoded.status == 0 && decoded.stderr.isEmpty)
        #expect(decoded.text == "{}\n")
        // The other output formats write the empty message too: no bytes, an empty hex line.
        let hex = try Run(["decode", "--type", "DeliveryOptions", "--format", "hex"])
        #expect(hex.status == 0 && hex.text == "\n")
        let binary = try Run(["decode", "--type", "DeliveryOptions", "--format", "binary"])
        #expect(binary.status == 0 && binary.stdout.isEmpty)
    }

    @Test func anEmptyFileOrHexInputIsTheEmptyMessage() throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("rtmwire-empty-\(UUID().uuidString).bin")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try Run(["decode", "--type", "DeliveryOptions", "--input", file.path])
        #expect(run.status == 0 && run.text == "{}\n")
        let hex = try Run(
            ["decode", "--type", "DeliveryOptions", "--input-format", "hex"],
            stdin: Array(" \n".utf8))
        #expect(hex.status == 0 && hex.text == "{}\n")
    }

    @Test func everyTypeReadsEmptyInputAsTheLibraryDoes() throws {
        // Each type: the empty message's JSON where its rules allow it, else its own typed
        // error (the library's, as `error: <code>: <detail>`), never `emptyInput`.
        var accepted = 0
        for type in RTMMessageTypes.all {
            let run = try Run(["decode", "--type", type.protoFullName])
            do {
                _ = try type.init(serializedBytes: [UInt8](), options: .default)
                accepted += 1
                #expect(run.status == 0, "\(type.protoFullName)")
                #expect(run.text == "{}\n", "\(type.protoFullName)")
            } catch {
                #expect(run.status == 1, "\(type.protoFullName)")
                #expect(run.stderr == "error: \(error)\n", "\(type.protoFullName)")
            }
        }
        // Most types are all-optional; the envelope and a few others have required fields.
        #expect(accepted > 0 && accepted < RTMMessageTypes.all.count)
    }

    @Test func anEnvelopeRefusesTheEmptyMessageWithItsOwnError() throws {
        // Decoding 0 bytes succeeds on the wire; the envelope's rules then refuse it, with the
        // typed error of any envelope that lacks its id, and no hint.
        let run = try Run(["decode"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: missingField: "))
        #expect(!run.stderr.contains("emptyInput") && !run.stderr.contains("hint"))
        // The same error as the envelope `{}` in JSON gets from encode.
        let encode = try Run(["encode"], stdin: Array("{}".utf8))
        #expect(encode.status == 1)
        #expect(encode.stderr == run.stderr)
        // `--unchecked` keeps only the wire rules, which the empty message meets.
        let unchecked = try Run(["decode", "--unchecked"])
        #expect(unchecked.status == 0 && unchecked.text == "{}\n")
    }

    @Test func aTerminalWithNothingTypedGetsTheHint() throws {
        // Standard input is a terminal (a pseudo-terminal, as a shell gives a command run with
        // no pipe); the person ends the input at once with Ctrl-D.
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let process = Process()
        process.executableURL = Run.binary
        process.arguments = ["decode", "--type", "DeliveryOptions"]
        let output = Pipe()
        let error = Pipe()
        process.standardInput = terminal.terminal
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Ctrl-D (the terminal's end-of-file character) at the start of a line: the read
        // returns no bytes.
        var endOfFile: UInt8 = 0x04
        #expect(write(terminal.controller, &endOfFile, 1) == 1)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(out.isEmpty)
        #expect(
            String(decoding: err, as: UTF8.self)
                == "error: emptyInput: standard input is a terminal and nothing was read: pipe the bytes in or use --input FILE\n"
        )
    }
}
