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

/// Encoding into a caller's buffer (no allocation), as protobuf-c packs.
@Suite("serialize(into:)")
struct SerializeIntoTests {
    @Test func writesTheSameBytesIntoAnExactBuffer() throws {
        for (_, envelope) in Samples.bodies {
            let expected = try envelope.serializedBytes()
            var buffer = [UInt8](repeating: 0xAA, count: expected.count + 3)
            let written = try buffer.withUnsafeMutableBytes { raw in
                try envelope.serialize(
                    into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<expected.count]))
            }
            #expect(written == expected.count)
            #expect(Array(buffer[0..<written]) == expected)
            #expect(buffer[written...].allSatisfy { $0 == 0xAA })
        }
    }

    @Test func aShortBufferIsATypedError() throws {
        let envelope = header(.text(TextMessage(text: "hello")))
        var buffer = [UInt8](repeating: 0, count: envelope.serializedSize - 1)
        let error = buffer.withUnsafeMutableBytes { raw in
            caught { () throws(RTMWireError) in try envelope.serialize(into: raw) }
        }
        #expect(error?.code == .bufferTooSmall)
    }
}
