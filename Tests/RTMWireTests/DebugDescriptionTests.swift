import RTMWire
import RTMWireText
import Testing

/// `debugDescription`: text-format-like, set fields only, unknown fields only when present.
@Suite("debugDescription")
struct DebugDescriptionTests {
    @Test func setFieldsOneLevelPerMessage() {
        let envelope = Envelope(
            messageID: "m1", sender: Sender(userID: "alice"), sendTimeMs: 1_763_700_000_000,
            conversation: Conversation(type: .peer, id: "bob"),
            body: .text(TextMessage(text: "hi \"there\"\n세계")))
        #expect(
            envelope.debugDescription == """
                rtmwire.v1.Envelope {
                  message_id: "m1"
                  sender {
                    user_id: "alice"
                  }
                  send_time_ms: 1763700000000
                  conversation {
                    type: CONVERSATION_TYPE_PEER
                    id: "bob"
                  }
                  text {
                    text: "hi \\"there\\"\\n세계"
                  }
                }
                """)
        #expect(String(describing: envelope) == envelope.debugDescription)
        #expect(!envelope.debugDescription.contains("unknown"))
    }

    @Test func emptyMessagesSetOneofMembersAndUnnamedEnums() {
        #expect(Envelope().debugDescription == "rtmwire.v1.Envelope {}")
        let status = Envelope(body: .status(StatusMessage(presence: Presence(rawValue: 9))))
        #expect(
            status.debugDescription == """
                rtmwire.v1.Envelope {
                  status {
                    presence: 9
                  }
                }
                """)
        #expect(
            Envelope(body: .text(TextMessage())).debugDescription
                == "rtmwire.v1.Envelope {\n  text {}\n}")
    }

    @Test func bytesAreEscapedAndCut() {
        let custom = CustomMessage(type: "t", payload: [0x41, 0x00, 0x22, 0xFF])
        #expect(custom.debugDescription.contains(#"payload: "A\000\"\377""#))
        let long = CustomMessage(payload: Array(repeating: 0x61, count: 100))
        #expect(
            long.debugDescription.contains(
                "payload: \"" + String(repeating: "a", count: 64) + "\"...  # 100 bytes"))
    }

    @Test func unknownFieldsByNumber() throws {
        // 99: varint 5; 100: "ab"; 101: fixed32 1; 102 { 1: 7 } (a group); 103: fixed64 2.
        let unknown: [UInt8] =
            [0x98, 0x06, 0x05, 0xA2, 0x06, 0x02, 0x61, 0x62, 0xAD, 0x06, 1, 0, 0, 0]
            + [0xB3, 0x06, 0x08, 0x07, 0xB4, 0x06, 0xB9, 0x06, 2, 0, 0, 0, 0, 0, 0, 0]
        let text = try TextMessage(
            serializedBytes: [0x0A, 0x01, 0x78] + unknown, options: .wireOnly)
        #expect(
            text.debugDescription == """
                rtmwire.v1.TextMessage {
                  text: "x"
                  99: 5
                  100: "ab"
                  101: 0x00000001
                  102 {
                    1: 7
                  }
                  103: 0x0000000000000002
                }
                """)
    }
}
