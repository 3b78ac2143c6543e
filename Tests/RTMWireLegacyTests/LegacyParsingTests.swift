import RTMWire
import RTMWireJSON
import RTMWireLegacy
import Testing

private func parseError(_ json: String, options: LegacyJSONOptions = .default) -> RTMWireError? {
    do {
        _ = try LegacyChatMessage(jsonString: json, options: options)
        return nil
    } catch {
        return error
    }
}

private let sender = #""sender":{"display_name":"Max","sender_id":"max"}"#
private let header = sender + #","message_id":"m","timestamp":"2021-03-12T09:05:16Z""#

@Suite("Legacy JSON parsing and printing")
struct LegacyParsingTests {
    @Test(
        "malformed messages name the member",
        arguments: [
            ("[]", RTMWireError.Code.invalidJSON, ""),
            ("{", .invalidJSON, ""),
            (#"{"type":"text"}"#, .missingField, "sender"),
            ("{\(sender)}", .missingField, "type"),
            ("{\(sender),\"type\":7}", .invalidJSON, "type"),
            (#"{"sender":"max","type":"status","body":"online"}"#, .invalidJSON, "sender"),
            (
                #"{"sender":{"sender_id":"max"},"type":"status","body":"online"}"#, .missingField,
                "sender.display_name"
            ),
            (
                #"{"sender":{"display_name":"M","sender_id":1},"type":"status","body":"online"}"#,
                .invalidJSON, "sender.sender_id"
            ),
            (
                #"{"sender":{"display_name":"M","sender_id":"m","avatar":"x"},"type":"status","body":"online"}"#,
                .unknownJSONField, "sender.avatar"
            ),
            (
                "{\(sender),\"type\":\"text\",\"message_id\":\"m\",\"body\":\"hi\"}", .missingField,
                "timestamp"
            ),
            (
                "{\(sender),\"type\":\"text\",\"timestamp\":\"2021-03-12T09:05:16Z\",\"body\":\"hi\"}",
                .missingField, "message_id"
            ),
            ("{\(header),\"type\":\"text\"}", .missingField, "body"),
            ("{\(header),\"type\":\"text\",\"body\":null}", .invalidJSON, "body"),
            (
                "{\(header),\"type\":\"text\",\"body\":\"hi\",\"reply_to\":\"m0\"}",
                .unknownJSONField, "reply_to"
            ),
            ("{\(header),\"type\":\"photo\",\"body\":5}", .invalidJSON, "body"),
            // A member given twice.
            ("{\(header),\"type\":\"text\",\"body\":\"hi\",\"timestamp\":\"x\"}", .invalidJSON, ""),
            (
                "{\(sender),\"message_id\":\"m\",\"timestamp\":\"2021-03-12T09:05:16.5555Z\",\"type\":\"text\",\"body\":\"hi\"}",
                .invalidValue, "timestamp"
            ),
            ("{\(sender),\"type\":\"status\",\"body\":\"away\"}", .invalidValue, "body"),
            (
                "{\(sender),\"type\":\"status\",\"body\":\"online\",\"message_id\":\"m\"}",
                .unknownJSONField, "message_id"
            ),
            ("{\(sender),\"type\":\"raise_hand\",\"body\":true}", .invalidJSON, "body"),
            ("{\(sender),\"type\":\"raise_hand\",\"body\":\"yes\"}", .invalidValue, "body"),
            ("{\(sender),\"type\":\"raise_hand\"}", .missingField, "body"),
            ("{\(sender),\"type\":\"poll\",\"message_id\":3}", .invalidJSON, "message_id"),
        ] as [(String, RTMWireError.Code, String)])
    func malformed(json: String, code: RTMWireError.Code, path: String) {
        let error = parseError(json)
        #expect(error?.code == code, "\(String(describing: error))")
        #expect(error?.fieldPath == path, "\(String(describing: error))")
        #expect(error?.detail.isEmpty == false)
    }

    @Test func extraMembersCanBeIgnoredOnRequest() throws {
        let json = "{\(header),\"type\":\"text\",\"body\":\"hi\",\"reply_to\":\"m0\"}"
        let message = try LegacyChatMessage(
            jsonString: json, options: LegacyJSONOptions(ignoreUnknownFields: true))
        #expect(message.kind == .text("hi"))
        #expect(!(try message.jsonString()).contains("reply_to"))
    }

    @Test func unknownTypesAreKeptWhole() throws {
        let json =
            #"{"type":"reaction","sender":{"sender_id":"a","display_name":"A"},"emoji":"🎉","target":"m1"}"#
        let message = try LegacyChatMessage(jsonString: json)
        #expect(message.kind.type == "reaction" && message.messageID == nil)
        #expect(try message.jsonString() == json)
    }

    @Test func koreanEmojiAndEscapes() throws {
        // Escaped surrogate pairs (as some Android JSON writers emit) read as the same text.
        let escaped =
            "{\(header),\"type\":\"text\",\"body\":\"\\uc548\\ub155 \\ud83d\\ude00\\n\\\"q\\\" \\/\"}"
        let message = try LegacyChatMessage(jsonString: escaped)
        #expect(message.kind == .text("안녕 😀\n\"q\" /"))
        // Printed back as raw UTF-8 with only the escapes JSON needs.
        #expect(try message.jsonString().hasSuffix(#""type":"text","body":"안녕 😀\n\"q\" /"}"#))
        // Lone surrogates and invalid UTF-8 are not text.
        #expect(
            parseError("{\(header),\"type\":\"text\",\"body\":\"\\ud83d\"}")?.code == .invalidJSON)
        var bytes = Array("{\(header),\"type\":\"text\",\"body\":\"x\"}".utf8)
        bytes[bytes.count - 3] = 0xC3
        #expect(throws: RTMWireError.self) { try LegacyChatMessage(jsonBytes: bytes) }
    }

    @Test func textMustFitOneRTMMessage() throws {
        let wrapper = "{\(header),\"type\":\"text\",\"body\":\"\"}"
        let fits = String(repeating: "가", count: (32_768 - wrapper.utf8.count) / 3)
        let atLimit =
            "{\(header),\"type\":\"text\",\"body\":\"\(fits)\(String(repeating: "a", count: (32_768 - wrapper.utf8.count) % 3))\"}"
        #expect(atLimit.utf8.count == 32_768)
        #expect(throws: Never.self) { try LegacyChatMessage(jsonString: atLimit) }
        let error = parseError(atLimit + " ")
        #expect(error?.code == .limitExceeded)
        #expect(
            error?.limit
                == RTMWireError.LimitViolation(
                    name: "maxContentBytes", allowed: 32_768, actual: 32_769))
    }

    @Test func printingFollowsEachTypesForm() throws {
        let max = LegacySender(senderID: "max", displayName: "Max")
        let noID = LegacyChatMessage(
            sender: max, messageID: nil, timestampMs: 1000, kind: .text("x"))
        #expect(throws: RTMWireError.self) { try noID.jsonString() }
        let statusWithID = LegacyChatMessage(
            sender: max, messageID: "m", timestampMs: nil, kind: .status(.online))
        #expect(throws: RTMWireError.self) { try statusWithID.jsonString() }
        let hand = LegacyChatMessage(
            sender: max, messageID: nil, timestampMs: nil, kind: .raiseHand(false))
        #expect(
            try hand.jsonString()
                == #"{"sender":{"display_name":"Max","sender_id":"max"},"type":"raise_hand","body":"false"}"#
        )
    }
}
