import Testing

@testable import RTMWire

/// Times are 0 (not stamped or unknown) or later: a negative send, delivery or read time is
/// refused on encode and on decode, and 0 is accepted, each at the boundary and one past it.
@Suite struct NegativeTimeTests {
    /// The error of a checked encode and of a checked decode of `envelope`'s wire-only bytes.
    func check(_ envelope: Envelope) -> [RTMWireError?] {
        let encode = caught { () throws(RTMWireError) in try envelope.serializedBytes() }
        let bytes = try! envelope.serializedBytes(options: .wireOnly)
        let decode = caught { () throws(RTMWireError) in try Envelope(serializedBytes: bytes) }
        return [encode, decode]
    }

    func expectRefused(_ envelope: Envelope, at path: String) {
        for error in check(envelope) {
            #expect(error?.code == .invalidValue)
            #expect(error?.fieldPath == path)
            #expect(error?.detail.contains("cannot be negative") == true)
        }
    }

    func expectAccepted(_ envelope: Envelope) {
        for error in check(envelope) { #expect(error == nil) }
    }

    func sent(at time: Int64) -> Envelope {
        var envelope = header(.text(TextMessage(text: "hi")))
        envelope.sendTimeMs = time
        return envelope
    }

    func delivered(at times: [Int64]) -> Envelope {
        let ids = times.indices.map { "m\($0)" }
        return header(
            .receipt(
                Receipt(kind: .delivery(DeliveryReceipt(messageIDs: ids, deliveredAtMs: times)))),
            conversation: .peer)
    }

    func read(at time: Int64) -> Envelope {
        header(
            .receipt(
                Receipt(
                    kind: .groupRead(
                        GroupReadReceipt(messageID: "m", groupID: "c-1", readTimeMs: time)))),
            conversation: .group)
    }

    @Test func sendTime() {
        expectAccepted(sent(at: 0))
        expectAccepted(sent(at: .max))
        expectRefused(sent(at: -1), at: "send_time_ms")
        expectRefused(sent(at: .min), at: "send_time_ms")
    }

    @Test func deliveryTimes() {
        expectAccepted(delivered(at: [0, 1, .max]))
        expectRefused(delivered(at: [5, -1]), at: "receipt.delivery.delivered_at_ms[1]")
        expectRefused(delivered(at: [.min]), at: "receipt.delivery.delivered_at_ms[0]")
    }

    @Test func groupReadTime() {
        expectAccepted(read(at: 0))
        expectRefused(read(at: -1), at: "receipt.group_read.read_time_ms")
    }

    @Test func wireOnlyDecodingKeepsANegativeTime() throws {
        // The rule is semantic: a reader that asks for wire rules only gets the value back.
        let bytes = try sent(at: -1).serializedBytes(options: .wireOnly)
        #expect(try Envelope(serializedBytes: bytes, options: .wireOnly).sendTimeMs == -1)
    }
}
