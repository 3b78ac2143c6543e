import RTMWire
import RTMWireConformance
import Testing

/// The one checking walk, `_checkedWireSize`, on every message the vectors hold, with the
/// default limits and with limits small enough that the count, budget and size checks fire too:
/// sizing, it sizes as the unchecked `_wireSize()` and the encoder do; not sizing (as
/// `_validate` calls it), it meets the same first error, path and detail included, or none.
@Suite("Checked wire size")
struct CheckedWireSizeTests {
    static let tight = Limits(
        maxContentBytes: 4, maxRepeatedCount: 1, maxMentions: 1, maxAppDataEntries: 1)

    @Test(
        "sizes as the encoder, and checks the same without sizing",
        arguments: GoldenVector.Category.allCases.flatMap(VectorFiles.ids))
    func agrees(id: String) throws {
        let vector = VectorFiles.named(id)
        let type = try #require(RTMMessageTypes.all.first { $0.protoFullName == vector.typeName })
        try expectAgreement(type, vector.bytes)
    }

    func expectAgreement<M: RTMMessage>(_ type: M.Type, _ bytes: [UInt8]) throws {
        // Wire-only: semantic rejects decode too, so their sizes are compared as well.
        guard let message = try? M(serializedBytes: bytes, options: .wireOnly) else { return }
        let encoded = try message.serializedBytes(options: .wireOnly)
        #expect(message._wireSize() == encoded.count, "\(M.protoFullName)")
        for limits in [Limits.default, Self.tight] {
            for checkingNUL in [true, false] {
                let checked = Result { () throws(RTMWireError) -> Int in
                    try message._checkedWireSize(limits, checkingNUL: checkingNUL, sizing: true)
                }
                let unsized = Result { () throws(RTMWireError) -> Int in
                    try message._checkedWireSize(limits, checkingNUL: checkingNUL, sizing: false)
                }
                let context = "\(M.protoFullName), checkingNUL \(checkingNUL)"
                switch (checked, unsized) {
                case (.success(let size), .success):
                    #expect(size == encoded.count, "\(context)")
                case (.failure(let sized), .failure(let error)):
                    #expect(sized == error, "\(context)")
                default:
                    Issue.record("sizing or not, the checks differ: \(context)")
                }
            }
        }
    }
}
