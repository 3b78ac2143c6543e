import Foundation
import Testing

/// `--type` by short name with suggestions, hints for the usual wrong inputs, `--pretty`.
@Suite struct DecodeHintTests {
    static let json = Array(
        #"{"messageId":"m1","sender":{"userId":"u"},"conversation":{"type":"CONVERSATION_TYPE_PEER","id":"bob"},"text":{"text":"hi"}}"#
            .utf8)

    func encoded(_ arguments: [String] = []) throws -> [UInt8] {
        let run = try Run(["encode"] + arguments, stdin: Self.json)
        #expect(run.status == 0)
        return run.stdout
    }

    @Test func aShortNameInAnyCaseNamesTheType() throws {
        let bytes = try encoded(["--type", "envelope"])
        let run = try Run(["decode", "--type", "Envelope"], stdin: bytes)
        #expect(run.status == 0)
        #expect(run.text.contains(#""messageId":"m1""#))
    }

    @Test func aTypoGetsTheNearestNamesAndExitsTwo() throws {
        let run = try Run(["decode", "--type", "TextMesage"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "error: unknownType: no message type is named 'TextMesage'; did you mean rtmwire.v1.TextMessage?\n"
        )
        let far = try Run(["decode", "--type", "zzzzqqq"])
        #expect(far.status == 2)
        #expect(far.stderr.hasSuffix("`rtmwire list-types` lists them\n"))
    }

    @Test func listTypesNamesEveryType() throws {
        let run = try Run(["list-types"])
        #expect(run.status == 0)
        let names = run.text.split(separator: "\n")
        #expect(
            names.contains("rtmwire.v1.Envelope") && names.contains("rtmwire.v1.TypingIndicator"))
    }

    @Test func jsonFedToDecodeGetsAHint() throws {
        let run = try Run(["decode"], stdin: Self.json)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: "))
        #expect(
            run.stderr.hasSuffix("(hint: the input looks like JSON; `rtmwire encode` reads JSON)\n")
        )
    }

    @Test func aDelimitedStreamWithoutTheFlagGetsAHint() throws {
        let frame = try encoded(["--delimited"])
        let run = try Run(["decode"], stdin: frame + frame)
        #expect(run.status == 1)
        #expect(
            run.stderr.hasSuffix("(hint: the input reads as delimited frames; add --delimited)\n"))
        // Bytes that are simply broken get no hint.
        let broken = try Run(["decode"], stdin: [0x0A, 0x05, 0x61])
        #expect(broken.status == 1)
        #expect(!broken.stderr.contains("hint"))
    }

    @Test func prettyIndentsTheJSON() throws {
        let run = try Run(["decode", "--pretty"], stdin: try encoded())
        #expect(run.status == 0)
        #expect(run.text.hasPrefix("{\n  \"messageId\": \"m1\""))
    }
}
