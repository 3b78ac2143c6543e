import Foundation
import RTMWire
import RTMWireFoundation
import RTMWireJSON
import Testing

/// JSONEncodingOptions and JSONDecodingOptions: the defaults stay strict and canonical.
@Suite("JSON options")
struct JSONOptionsTests {
    static let status = Envelope(
        messageID: "m1", sender: Sender(userID: "u"),
        conversation: Conversation(type: .channel, id: "c"),
        body: .status(StatusMessage(presence: .offline, handRaised: true)))

    @Test func defaultsAreCanonical() {
        #expect(
            Self.status.jsonString()
                == #"{"messageId":"m1","sender":{"userId":"u"},"conversation":{"type":"CONVERSATION_TYPE_CHANNEL","id":"c"},"status":{"presence":"PRESENCE_OFFLINE","handRaised":true}}"#
        )
    }

    @Test func protoFieldNamesAndEnumsAsIntegers() throws {
        let options = JSONEncodingOptions(
            preserveProtoFieldNames: true, alwaysPrintEnumsAsInts: true)
        let json = Self.status.jsonString(options: options)
        #expect(
            json
                == #"{"message_id":"m1","sender":{"user_id":"u"},"conversation":{"type":2,"id":"c"},"status":{"presence":2,"hand_raised":true}}"#
        )
        // Every option's output reads back to the same message.
        #expect(try Envelope(jsonString: json) == Self.status)
    }

    @Test func unknownMembersAreErrorsByDefault() {
        let json =
            #"{"messageId":"m1","sender":{"userId":"u","avatar":"a.png"},"conversation":{"type":"CONVERSATION_TYPE_CHANNEL","id":"c"},"text":{"text":"hi"},"forwardedFrom":{"id":"m0"}}"#
        #expect {
            _ = try Envelope(jsonString: json)
        } throws: { error in
            let error = error as! RTMWireError
            return error.code == .unknownJSONField && error.fieldPath == "sender.avatar"
        }
    }

    @Test func unknownMembersAreSkippedOnRequest() throws {
        let json =
            #"{"messageId":"m1","sender":{"userId":"u","avatar":"a.png"},"conversation":{"type":"CONVERSATION_TYPE_CHANNEL","id":"c"},"text":{"text":"hi"},"forwardedFrom":{"id":"m0"}}"#
        let envelope = try Envelope(
            jsonString: json, jsonOptions: JSONDecodingOptions(ignoreUnknownFields: true))
        #expect(envelope.sender == Sender(userID: "u"))
        #expect(envelope.body == .text(TextMessage(text: "hi")))
    }

    @Test func unknownEnumNamesAreSkippedOnRequest() throws {
        let json = #"{"presence":"PRESENCE_AWAY","handRaised":true}"#
        #expect(throws: RTMWireError.self) { try StatusMessage(jsonString: json) }
        // Semantic checks off: a status without a presence is what is left to look at.
        let status = try StatusMessage(
            jsonString: json, options: .wireOnly,
            jsonOptions: JSONDecodingOptions(ignoreUnknownFields: true))
        #expect(status == StatusMessage(presence: .unspecified, handRaised: true))
    }

    @Test func decodesStraightFromUTF8Bytes() throws {
        let bytes = Self.status.jsonUTF8Bytes()
        #expect(try Envelope(jsonUTF8Bytes: bytes) == Self.status)
        let data: Data = Self.status.jsonUTF8Bytes(options: .init(preserveProtoFieldNames: true))
        #expect(try Envelope(jsonUTF8Bytes: data) == Self.status)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"message_id""#))
        #expect(
            try Envelope(jsonUTF8Bytes: bytes[...])  // a slice, as from a network buffer
                == Self.status)
    }

    @Test func invalidUTF8IsAnInvalidJSONError() {
        let bytes = Array(#"{"text":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect {
            _ = try TextMessage(jsonUTF8Bytes: bytes)
        } throws: { ($0 as! RTMWireError).code == .invalidJSON }
    }

    @Test func theDepthLimitIsAnOption() throws {
        let json = #"{"text":"x"}"#
        #expect(throws: RTMWireError.self) {
            try TextMessage(jsonString: json, jsonOptions: JSONDecodingOptions(maxDepth: 0))
        }
        #expect(
            try TextMessage(jsonString: json, jsonOptions: JSONDecodingOptions(maxDepth: 1)).text
                == "x")
    }
}
