import RTMWire
import RTMWireConformance
import Testing

/// Every golden vector against the Swift codec: bytes → JSON → bytes, and rejections by kind.
@Suite("Golden vectors: Swift codec")
struct SwiftCodecConformanceTests {
    @Test func vectorsArePresentForEveryKind() {
        let kinds = Set(VectorFiles.all.map(\.kind))
        for kind in [
            "envelope", "text", "image", "file", "status", "receipt", "stream", "stream_chunk",
            "metadata", "custom",
        ] {
            #expect(kinds.contains(kind), "no vectors for \(kind)")
        }
        for category in GoldenVector.Category.allCases {
            #expect(!VectorFiles.ids(category).isEmpty, "no \(category) vectors")
        }
    }

    @Test("valid", arguments: VectorFiles.ids(.valid))
    func valid(id: String) {
        let outcome = VectorCheck.check(VectorFiles.named(id))
        #expect(outcome.failures == [])
    }

    @Test("noncanonical", arguments: VectorFiles.ids(.noncanonical))
    func noncanonical(id: String) {
        let outcome = VectorCheck.check(VectorFiles.named(id))
        #expect(outcome.failures == [])
    }

    @Test("reject", arguments: VectorFiles.ids(.reject))
    func reject(id: String) {
        let outcome = VectorCheck.check(VectorFiles.named(id))
        #expect(outcome.failures == [])
    }
}
