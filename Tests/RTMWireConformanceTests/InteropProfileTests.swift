import RTMWire
import RTMWireConformance
import RTMWireJSON
import Testing

/// The interoperability profile (Vectors/README.md) against the vectors and RTMWire's encoder.
@Suite("Interoperability profile")
struct InteropProfileTests {
    /// Every canonical encoding is inside the profile; the one exception Vectors/README.md names
    /// is a string holding U+0000.
    @Test("valid vectors are inside the profile", arguments: VectorFiles.ids(.valid))
    func validVectors(id: String) {
        let vector = VectorFiles.named(id)
        let found = InteropProfile.violations(in: vector.bytes, as: vector.typeName)
        if vector.name == "text-embedded-nul" {
            #expect(found.map(\.rule) == [.string])
        } else {
            #expect(found == [])
        }
    }

    /// The profile's promise, against what the runtimes did: every vector whose input is inside
    /// the profile is read the same way by every runtime the vectors record. A runtime that
    /// writes the same message in another field order still read it the same way (Go writes a
    /// set oneof member after the other fields: an envelope's `reply_to` before its body).
    @Test func everyRuntimeFollowsEveryInputInsideTheProfile() {
        var inside = 0
        for vector in VectorFiles.all
        where InteropProfile.violations(in: vector.bytes, as: vector.typeName).isEmpty {
            inside += 1
            let departing = vector.results.filter {
                $0.value.departs(from: vector) && !writesTheSameMessage($0.value, vector)
                    // The one reading difference the profile names: nanopb refuses a negative
                    // enum value (Vectors/README.md).
                    && !($0.key == "nanopb" && vector.name == "status-presence-negative")
            }.keys.sorted()
            #expect(departing == [], "\(vector.name) is inside the profile")
        }
        #expect(inside > 150)
        // Every runtime but RTMWire's own results (kept apart) is recorded.
        #expect(Set(VectorFiles.all.flatMap { $0.results.keys }).count == 15)
    }

    /// True when `result` departs from `vector` only by writing the vector's message otherwise:
    /// it accepted the bytes, and its encodings decode (RTMWire, wire rules only) and its JSON
    /// reads to the message the vector's canonical bytes hold (another field order, a default
    /// value written out).
    func writesTheSameMessage(_ result: RuntimeResult, _ vector: GoldenVector) -> Bool {
        guard result.outcome == .accept, result.jsonError == nil,
            result.fromJSONError == nil, let canonical = vector.expectedReencoding,
            let type = RTMMessageTypes.jsonType(named: vector.typeName)
        else { return false }
        if let json = result.json {
            let again = try? type.init(jsonValue: json, options: .wireOnly)
                .serializedBytes(options: .wireOnly)
            if again != canonical { return false }
        }
        return [result.reencoded, result.fromJSON].compactMap { $0 }.allSatisfy { bytes in
            let again = try? type.init(serializedBytes: bytes, options: .wireOnly)
                .serializedBytes(options: .wireOnly)
            return again == canonical
        }
    }

    /// Every wire reject is outside the profile.
    @Test func wireRejectsAreOutside() {
        for vector in VectorFiles.all where !vector.acceptsAtWireLevel {
            #expect(
                !InteropProfile.violations(in: vector.bytes, as: vector.typeName).isEmpty,
                "\(vector.name)")
        }
    }

    /// RTMWire's checked encoder writes only the profile: every message the vectors hold,
    /// decoded and encoded again. Unknown fields, which RTMWire forwards byte for byte as it
    /// received them, are dropped first (by a trip through JSON, which has no form for them).
    @Test func rtmwireEncodesOnlyTheProfile() throws {
        var checked = 0
        for vector in VectorFiles.all where vector.acceptsAtWireLevel {
            let type = try #require(RTMMessageTypes.jsonType(named: vector.typeName))
            guard let bytes = encodeWithoutUnknownFields(type, vector.bytes) else { continue }
            checked += 1
            let found = InteropProfile.violations(in: bytes, as: vector.typeName)
            #expect(found == [], "\(vector.name)")
        }
        #expect(checked > 200)
    }

    /// Values at their extremes, built in code, encode inside the profile too.
    @Test func extremeValuesEncodeInsideTheProfile() throws {
        var stream = StreamMessage()
        stream.messageID = "s"
        stream.completeReason = .min
        stream.stopReason = -1
        stream.isComplete = true
        stream.isSync = true
        var receipt = DeliveryReceipt()
        receipt.messageIDs = ["a", "b", "c"]
        receipt.deliveredAtMs = [.min, -1, .max]
        var image = ImageMessage()
        image.mediaID = "m"
        image.size = 31_457_280
        image.width = .max
        image.height = 1
        for (bytes, type) in [
            (try stream.serializedBytes(), StreamMessage.protoFullName),
            // Negative times are a semantic error; the profile is about the wire, so the
            // 10-byte varints they take are written without the semantic check.
            (try receipt.serializedBytes(options: .wireOnly), DeliveryReceipt.protoFullName),
            (try image.serializedBytes(), ImageMessage.protoFullName),
        ] {
            #expect(InteropProfile.violations(in: bytes, as: type) == [])
        }
    }

    /// The checker finds each kind of departure from the profile.
    @Test func violationsNameTheRule() {
        let text = TextMessage.protoFullName
        func rules(_ hex: String, _ type: String = text) -> [InteropProfile.Rule] {
            InteropProfile.violations(in: Hex.decode(hex)!, as: type).map(\.rule)
        }
        #expect(rules("0a026869") == [])
        #expect(rules("8a00026869") == [.nonMinimalVarint])  // padded tag
        #expect(rules("0a82006869") == [.nonMinimalVarint])  // padded length
        #expect(rules("0a0268690a026869") == [.repeatedField])
        #expect(rules("0a026869a00601") == [.unknownField])
        #expect(rules("0a02ff69") == [.string])
        #expect(rules("0a026800") == [.string])
        #expect(rules("a306a406") == [.wireType])  // a group
        #expect(rules("0a0268") == [.malformed])
        let delivery = DeliveryReceipt.protoFullName
        #expect(rules("1001", delivery) == [.unpacked])
        #expect(rules("120101120102", delivery) == [.repeatedField])
        #expect(rules("12028100", delivery) == [.nonMinimalVarint])
        let options = DeliveryOptions.protoFullName
        #expect(rules("0802", options) == [.boolValue])
        #expect(rules("10010801", options) == [.fieldOrder])
        let envelope = Envelope.protoFullName
        #expect(rules("8201002200", envelope) == [.fieldOrder])
        #expect(rules("820100820100", envelope) == [.repeatedField])
        #expect(rules("8201008a0100", envelope) == [.oneofMembers])
        #expect(rules("1a02", StreamMessage.protoFullName) == [.malformed])
    }

    /// The checked encoding of the message `bytes` hold, without its unknown fields; nil when
    /// the bytes or the message are refused (a semantic reject, a U+0000).
    private func encodeWithoutUnknownFields<M: RTMJSONMessage>(_ type: M.Type, _ bytes: [UInt8])
        -> [UInt8]?
    {
        guard let decoded = try? M(serializedBytes: bytes, options: .wireOnly),
            let known = try? M(jsonValue: decoded.jsonValue(), options: .wireOnly)
        else { return nil }
        return try? known.serializedBytes(options: .default)
    }
}
