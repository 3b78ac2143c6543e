import Testing

@testable import RTMWire
@testable import RTMWireJSON

/// proto3 JSON mapping: Google's canonical form out, the lenient forms in.
@Suite("proto3 JSON mapping")
struct JSONMappingTests {
    @Test func canonicalOutput() throws {
        let envelope = Envelope(
            messageID: "m", sendTimeMs: -5,
            body: .image(
                ImageMessage(mediaID: "x", size: UInt64.max, width: 7, thumbnail: [0xFF, 0, 1])))
        #expect(
            envelope.jsonString()
                == #"{"messageId":"m","sendTimeMs":"-5","image":{"mediaId":"x","size":"18446744073709551615","width":7,"thumbnail":"/wAB"}}"#
        )
    }

    @Test func acceptsOriginalNamesNumbersAndNull() throws {
        let json =
            #"{"message_id":"m","send_time_ms":12,"conversation":{"type":3,"id":"g"},"sender":null,"status":{"presence":"PRESENCE_ONLINE","hand_raised":true}}"#
        let envelope = try Envelope(jsonString: json, options: .wireOnly)
        #expect(envelope.messageID == "m")
        #expect(envelope.sendTimeMs == 12)
        #expect(envelope.conversation?.type == .group)
        #expect(envelope.sender == nil)
        #expect(envelope.body == .status(StatusMessage(presence: .online, handRaised: true)))
    }

    @Test func unknownEnumNumberRoundTrips() throws {
        let status = try StatusMessage(jsonString: #"{"presence":99}"#, options: .wireOnly)
        #expect(status.presence.rawValue == 99)
        #expect(status.jsonString() == #"{"presence":99}"#)
    }

    @Test func oneofMemberSetToDefaultIsEmitted() throws {
        let target = MetadataTarget(target: .userID(""))
        #expect(target.jsonString() == #"{"userId":""}"#)
        #expect(try MetadataTarget(jsonString: #"{"userId":""}"#, options: .wireOnly) == target)
    }

    @Test(arguments: [
        (#"{"nope":1}"#, RTMWireError.Code.unknownJSONField),
        (#"{"messageId":"a","message_id":"b"}"#, .invalidJSON),
        (#"{"text":{"text":"a"},"image":{}}"#, .invalidJSON),
        (#"{"sendTimeMs":"1.5"}"#, .invalidJSON),
        (#"{"sendTimeMs":"9223372036854775808"}"#, .invalidJSON),
        (#"{"conversation":{"type":"CONVERSATION_TYPE_MARS"}}"#, .invalidJSON),
        (#"{"messageId":5}"#, .invalidJSON),
        (#"{"image":{"thumbnail":"!!"}}"#, .invalidJSON),
        (#"[1]"#, .invalidJSON),
        (#"{"messageId":"a"#, .invalidJSON),
    ])
    func rejects(json: String, code: RTMWireError.Code) {
        let error = caught { () throws(RTMWireError) in
            try Envelope(jsonString: json, options: .wireOnly)
        }
        #expect(error?.code == code, "\(json)")
    }

    @Test func errorPathNamesNestedField() {
        let error = caught { () throws(RTMWireError) in
            try Envelope(
                jsonString:
                    #"{"metadata":{"request":{"metadata":{"items":[{},{"revision":true}]}}}}"#,
                options: .wireOnly)
        }
        #expect(error?.fieldPath == "metadata.request.metadata.items[1].revision")
    }

    @Test func checkedJSONEnforcesRules() {
        let error = caught { () throws(RTMWireError) in
            try Envelope(jsonString: #"{"messageId":"a"}"#)
        }
        #expect(error?.code == .missingField)
    }
}
