import RTMWire
import RTMWireConformance
import Testing

/// The encoders' one walk, `_checkedWireSize`, against the two it stands for: `_validate` (the
/// same first error, path and detail included) and `_wireSize()` (the same size), on every
/// message the vectors hold, with the default limits and with limits small enough that the
/// count, budget and size checks fire too.
@Suite("Checked wire size")
struct CheckedWireSizeTests {
    static let tight = Limits(
        maxContentBytes: 4, maxRepeatedCount: 1, maxMentions: 1, maxAppDataEntries: 1)

    @Test(
        "agrees with _validate and _wireSize",
        arguments: GoldenVector.Category.allCases.flatMap(VectorFiles.ids))
    func agrees(id: String) throws {
        let vector = VectorFiles.named(id)
        let type = try #require(RTMMessageTypes.all.first { $0.protoFullName == vector.typeName })
        expectAgreement(type, vector.bytes)
    }

    func expectAgreement<M: RTMMessage>(_ type: M.Type, _ bytes: [UInt8]) {
        // Wire-only: semantic rejects decode too, so their rules are what is compared.
        guard let message = try? M(serializedBytes: bytes, options: .wireOnly) else { return }
        for limits in [Limits.default, Self.tight] {
            for checkingNUL in [true, false] {
                let separate = Result<Int, RTMWireError> { () throws(RTMWireError) -> Int in
                    try message._validate(limits, checkingNUL: checkingNUL)
                    return message._wireSize()
                }
                let combined = Result<Int, RTMWireError> { () throws(RTMWireError) -> Int in
                    try message._checkedWireSize(limits, checkingNUL: checkingNUL)
                }
                #expect(combined == separate, "\(M.protoFullName), checkingNUL \(checkingNUL)")
            }
        }
    }
}
