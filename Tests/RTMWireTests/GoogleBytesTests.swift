import Testing

@testable import RTMWire
@testable import RTMWireJSON

/// Messages whose canonical bytes were produced by Google's Python protobuf (7.36.2,
/// `SerializeToString(deterministic=True)`) from the JSON shown: the Swift encoder must produce
/// the same bytes from the JSON, and decode the bytes back to the same JSON.
@Suite("Bytes from Google's protobuf")
struct GoogleBytesTests {
    static let cases: [(json: String, hex: String)] = [
        (
            #"{"messageId":"abc","sender":{"userId":"u1","displayName":"Max"},"sendTimeMs":"1700000000000","conversation":{"type":"CONVERSATION_TYPE_CHANNEL","id":"general"},"text":{"text":"Hello World"}}"#,
            "0a0361626312090a02753112034d61781880d095ffbc31220b0802120767656e6572616c82010d0a0b48656c6c6f20576f726c64"
        ),
        (
            #"{"messageId":"m","sender":{"userId":"u"},"conversation":{"type":"CONVERSATION_TYPE_GROUP","id":"g"},"deliveryOptions":{"groupReadReceipt":true},"streamChunk":{"streamId":"s","sequence":"18446744073709551615","init":{}}}"#,
            "0a016d12030a0175220508031201672a021801b201100a017310ffffffffffffffffff011a00"
        ),
        (
            #"{"messageId":"m","sender":{"userId":"u"},"conversation":{"type":"CONVERSATION_TYPE_PEER","id":"p"},"receipt":{"delivery":{"messageIds":["a","b"],"deliveredAtMs":["-1","5"]}}}"#,
            "0a016d12030a017522050801120170a201150a130a01610a0162120bffffffffffffffffff0105"
        ),
        (
            #"{"messageId":"m","sender":{"userId":"u"},"conversation":{"type":"CONVERSATION_TYPE_PEER","id":"p"},"stream":{"messageUid":"x","completeReason":-1,"reference":{}}}"#,
            "0a016d12030a017522050801120170aa01100a017828ffffffffffffffffff014200"
        ),
        (
            #"{"messageId":"m","sender":{"userId":"u"},"conversation":{"type":"CONVERSATION_TYPE_CHANNEL","id":"c"},"metadata":{"request":{"requestId":"r","operation":"METADATA_OPERATION_SET","target":{"userId":""},"metadata":{"items":[{"key":"k","value":"v","revision":"-1"}],"majorRevision":"174298270"}}}}"#,
            "0a016d12030a017522050802120163ba01250a230a017210011a02120022180a110a016b12017620ffffffffffffffffff01109ea98e53"
        ),
    ]

    @Test("JSON → bytes matches Google", arguments: 0..<cases.count)
    func encodeMatches(index: Int) throws {
        let (json, expected) = Self.cases[index]
        let envelope = try Envelope(jsonString: json, options: .wireOnly)
        #expect(hexString(try envelope.serializedBytes(options: .wireOnly)) == expected)
        #expect(envelope.serializedSize == expected.utf8.count / 2)
    }

    @Test("bytes → JSON matches Google", arguments: 0..<cases.count)
    func decodeMatches(index: Int) throws {
        let (json, bytes) = Self.cases[index]
        let envelope = try Envelope(serializedBytes: hex(bytes), options: .wireOnly)
        #expect(envelope.jsonValue() == (try JSONValue(parsing: json)))
    }
}
