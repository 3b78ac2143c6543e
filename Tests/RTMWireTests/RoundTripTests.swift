import Testing

@testable import RTMWire
@testable import RTMWireJSON

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

    /// U+0000 is found while the strings are copied (no scan of its own): the error is the
    /// one `serializedBytes()` throws, whichever string holds it, and wire-only encodes it.
    @Test func refusesU0000AsSerializedBytesDoes() throws {
        var inMessageID = header(.text(TextMessage(text: "hello")))
        inMessageID.messageID = "m\u{0}1"
        var inSender = header(.text(TextMessage(text: "hello")))
        inSender.sender?.displayName = "a\u{0}"
        let inText = header(.text(TextMessage(text: "hel\u{0}lo")))
        var inTwo = inText
        inTwo.sender?.userID = "\u{0}"
        for (envelope, path) in [
            (inMessageID, "message_id"), (inSender, "sender.display_name"),
            (inText, "text.text"), (inTwo, "sender.user_id"),
        ] {
            let size = envelope.serializedSize
            var buffer = [UInt8](repeating: 0, count: size)
            let error = buffer.withUnsafeMutableBytes { raw in
                caught { () throws(RTMWireError) in try envelope.serialize(into: raw) }
            }
            let expected = caught { () throws(RTMWireError) in _ = try envelope.serializedBytes() }
            #expect(error?.code == .invalidValue, "\(path)")
            #expect(error?.fieldPath == path)
            #expect(error == expected)
            let written = try buffer.withUnsafeMutableBytes { raw in
                try envelope.serialize(into: raw, options: .wireOnly)
            }
            #expect(buffer[0..<written] == (try envelope.serializedBytes(options: .wireOnly))[...])
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
