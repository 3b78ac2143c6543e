import Testing

@testable import RTMWire
@testable import RTMWireJSON

/// Error field paths spell fields by their proto names whatever the input: binary, JSON with
/// JSON names, JSON with proto names.
@Suite("Error paths")
struct ErrorPathTests {
    static func error(_ json: String) -> RTMWireError? {
        do {
            _ = try Envelope(jsonString: json)
            return nil
        } catch {
            return error
        }
    }

    @Test func jsonNamesAndProtoNamesGiveTheSamePath() {
        let camel = Self.error(#"{"messageId":"m","sender":{"userId":"u","displayName":5}}"#)
        let snake = Self.error(#"{"message_id":"m","sender":{"user_id":"u","display_name":5}}"#)
        #expect(camel?.fieldPath == "sender.display_name")
        #expect(snake?.fieldPath == "sender.display_name")
        let time = Self.error(#"{"sendTimeMs":"x"}"#)
        #expect(time?.fieldPath == "send_time_ms")
    }

    @Test func anUnknownMemberIsNamedAsGiven() {
        let unknown = Self.error(#"{"sender":{"nickname":"u"}}"#)
        #expect(unknown?.code == .unknownJSONField)
        #expect(unknown?.fieldPath == "sender.nickname")
    }

    @Test func binaryAndJSONAgree() throws {
        // The same empty required field, from bytes and from JSON.
        let envelope = Envelope(
            messageID: "m", sender: Sender(userID: ""),
            conversation: Conversation(type: .peer, id: "b"),
            body: .text(TextMessage(text: "t")))
        var fromBytes: RTMWireError?
        do {
            _ = try Envelope(serializedBytes: try envelope.serializedBytes(options: .wireOnly))
        } catch {
            fromBytes = error
        }
        let fromJSON = Self.error(envelope.jsonString())
        #expect(fromBytes?.fieldPath == "sender.user_id")
        #expect(fromJSON?.fieldPath == fromBytes?.fieldPath)
    }
}
