import RTMWire
import RTMWireConformance
import RTMWirePeer
import Testing

/// The golden vectors against the protobuf-c peer, in both directions with the Swift codec.
@Suite("Golden vectors: protobuf-c peer")
struct ProtobufCConformanceTests {
    /// Swift's canonical encoding is unpacked and re-packed by protobuf-c to the same bytes, and
    /// Swift decodes protobuf-c's packing of the message to the same message. Vectors whose
    /// recorded protobuf-c re-packing differs (a documented difference, such as a string cut at
    /// U+0000) are checked by `recordedBehaviourHolds` instead.
    @Test(
        "valid: Swift → C → Swift",
        arguments: VectorFiles.ids(.valid).filter {
            let vector = VectorFiles.named($0)
            return vector.results["protobuf-c"]?.departs(from: vector) == false
        })
    func validBothWays(id: String) throws {
        let vector = VectorFiles.named(id)
        let type = try #require(RTMMessageTypes.type(named: vector.typeName))
        try roundTrip(type, vector)
    }

    private func roundTrip<M: RTMMessage>(_ type: M.Type, _ vector: GoldenVector) throws {
        let message = try M(serializedBytes: vector.bytes, options: .wireOnly)
        let swiftBytes = try message.serializedBytes(options: .wireOnly)
        let cBytes = try ProtobufCPeer.repack(swiftBytes, as: vector.typeName).get()
        #expect(Hex.encode(cBytes) == Hex.encode(swiftBytes))
        #expect(try M(serializedBytes: cBytes, options: .wireOnly) == message)
    }

    /// Valid vectors where protobuf-c departs from the canonical bytes are few and each is a
    /// documented difference.
    @Test func documentedDifferencesOnValidVectors() {
        let differing = VectorFiles.all.filter {
            $0.category == .valid && $0.results["protobuf-c"]?.departs(from: $0) != false
        }.map(\.name)
        #expect(
            differing.allSatisfy { $0.contains("nul") },
            "undocumented protobuf-c differences: \(differing)")
    }

    /// What protobuf-c does with every vector's bytes today is what the vector recorded.
    @Test(
        "recorded protobuf-c behaviour",
        arguments: VectorFiles.all.filter { $0.results["protobuf-c"] != nil }.map {
            "\($0.kind)/\($0.name)"
        })
    func recordedBehaviourHolds(id: String) throws {
        let vector = VectorFiles.named(id)
        let recorded = try #require(vector.results["protobuf-c"])
        switch ProtobufCPeer.repack(vector.bytes, as: vector.typeName) {
        case .success(let bytes):
            let expected = try #require(
                recorded.reencoding(of: vector),
                "protobuf-c now accepts a vector recorded as \(recorded.outcome)")
            #expect(Hex.encode(bytes) == Hex.encode(expected))
        case .failure(let error):
            #expect(
                recorded.outcome == .reject,
                "protobuf-c now rejects a vector recorded as accepted: \(error)")
        }
    }

    /// Where protobuf-c accepts a non-canonical vector and its re-packing is a faithful one (it
    /// equals Google's canonical bytes), Swift's re-encoding equals it too; where they differ the
    /// vector documents a protobuf-c difference and Swift follows Google.
    @Test(
        "noncanonical: Swift matches protobuf-c where protobuf-c is faithful",
        arguments: VectorFiles.ids(.noncanonical))
    func noncanonicalAgainstC(id: String) throws {
        let vector = VectorFiles.named(id)
        let canonical = try #require(vector.canonicalBytes)
        guard case .success(let cBytes) = ProtobufCPeer.repack(vector.bytes, as: vector.typeName)
        else { return }
        let type = try #require(RTMMessageTypes.type(named: vector.typeName))
        let swiftBytes = try reencode(type, vector.bytes)
        #expect(Hex.encode(swiftBytes) == Hex.encode(canonical))
        if cBytes == canonical { #expect(swiftBytes == cBytes) }
    }

    private func reencode<M: RTMMessage>(_ type: M.Type, _ bytes: [UInt8]) throws -> [UInt8] {
        try M(serializedBytes: bytes, options: .wireOnly).serializedBytes(options: .wireOnly)
    }
}
