import Testing
@testable import RTMWire

/// Every kind, every field set: binary and JSON round trips, checked and wire-only.
@Suite("Round trips")
struct RoundTripTests {
    @Test(arguments: Samples.bodies.map(\.0))
    func binaryRoundTrip(kind: String) throws {
        let envelope = try #require(Samples.bodies.first { $0.0 == kind }?.1)
        let bytes = try envelope.serializedBytes()
        #expect(bytes.count == envelope.serializedSize)
        let decoded = try Envelope(serializedBytes: bytes)
        #expect(decoded == envelope)
        #expect(try decoded.serializedBytes() == bytes)
    }

    @Test(arguments: Samples.bodies.map(\.0))
    func jsonRoundTrip(kind: String) throws {
        let envelope = try #require(Samples.bodies.first { $0.0 == kind }?.1)
        let text = envelope.jsonString()
        #expect(try Envelope(jsonString: text) == envelope)
        #expect(try Envelope(jsonString: envelope.jsonString(pretty: true)) == envelope)
    }

    @Test func everyFieldIsSetSomewhere() throws {
        // A guard on the samples themselves: each populated envelope encodes every header field.
        for (_, envelope) in Samples.bodies {
            let json = envelope.jsonValue()
            for key in ["messageId", "sender", "sendTimeMs", "conversation", "deliveryOptions"] {
                #expect(json[key] != nil, "\(key)")
            }
        }
    }

    @Test func encodingIsDeterministic() throws {
        for (_, envelope) in Samples.bodies {
            #expect(try envelope.serializedBytes() == envelope.serializedBytes())
        }
    }
}
