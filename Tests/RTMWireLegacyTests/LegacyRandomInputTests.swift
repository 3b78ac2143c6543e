import RTMWire
import RTMWireJSON
import RTMWireLegacy
import Testing

/// Random bytes and mutated tutorial messages through the parser, the bridge and the mixed
/// receiver: typed errors of known kinds, never a trap (the FuzzJSON target checks more).
@Suite("Legacy JSON: random and mutated inputs")
struct LegacyRandomInputTests {
    static let codes: Set<RTMWireError.Code> = [
        .invalidJSON, .unknownJSONField, .missingField, .invalidValue, .limitExceeded,
        .truncated, .varintTooLong, .invalidFieldNumber, .invalidWireType, .lengthPastEnd,
        .mismatchedGroupEnd, .unterminatedGroup, .invalidUTF8, .trailingBytes,
        .depthLimitExceeded,
    ]

    @Test func neverTraps() {
        var state: UInt64 = 0x1E6A_C750_2021
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let seeds =
            Tutorial.session.map { Array($0.json.utf8) } + [
                Array(Tutorial.text.utf8), Array(Tutorial.status.utf8),
                Array(Tutorial.raiseHand.utf8),
            ]
        let alphabet = Array(#"{}[]",:0123456789.-+TZtrue"\u00"#.utf8) + [0xC3, 0xED, 0xF0]
        var parsed = 0
        var failed = 0
        for round in 0..<6000 {
            var input = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(next() % 4)) {
                guard !input.isEmpty else { break }
                let index = Int(next() % UInt64(input.count))
                switch next() % 4 {
                case 0: input[index] = alphabet[Int(next() % UInt64(alphabet.count))]
                case 1: input.remove(at: index)
                case 2: input.insert(alphabet[Int(next() % UInt64(alphabet.count))], at: index)
                default: input.removeSubrange(index...)
                }
            }
            if round % 10 == 0 { input = (0..<Int(next() % 40)).map { _ in UInt8(next() & 0xFF) } }
            var receiver = MixedFormatReceiver(bridge: LegacyBridge(conversation: Tutorial.channel))
            do {
                let message = try LegacyChatMessage(jsonBytes: input)
                parsed += 1
                _ = try? message.jsonString(
                    options: LegacyJSONOptions(timestampStyle: .milliseconds))
            } catch {
                failed += 1
                #expect(Self.codes.contains(error.code), "\(error)")
            }
            do {
                _ = try receiver.receive(input, fallbackMessageID: "f")
            } catch {
                #expect(Self.codes.contains(error.code), "\(error)")
            }
        }
        #expect(parsed > 150 && failed > 1000, "parsed \(parsed), failed \(failed)")
    }
}
