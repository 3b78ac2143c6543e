import Foundation
import RTMWireFoundation
import Testing

@testable import RTMWire

/// An RTMWireError reads the same through Foundation as through `description`.
@Suite("LocalizedError")
struct LocalizedErrorTests {
    @Test func localizedDescriptionIsTheErrorsOwnLine() throws {
        do {
            _ = try Envelope(serializedBytes: [0x0A, 0x05, 0x61])
            Issue.record("a truncated input decoded")
        } catch {
            #expect(error.code == .lengthPastEnd || error.code == .truncated)
            #expect(error.localizedDescription == error.description)
            let untyped: any Error = error
            #expect(untyped.localizedDescription == error.description)
            #expect(!untyped.localizedDescription.contains("could not be completed"))
        }
    }
}
