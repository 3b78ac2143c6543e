import Foundation
import RTMWireFoundation
import Testing

@testable import RTMWire

/// `Date` beside every millisecond time (RTMWireFoundation).
@Suite("Date accessors")
struct DateAccessorTests {
    @Test func sendTimeReadsAndWritesMilliseconds() {
        var envelope = Envelope(sendTimeMs: 1_763_700_000_123)
        #expect(envelope.sendTime == Date(timeIntervalSince1970: 1_763_700_000.123))
        envelope.sendTime = Date(timeIntervalSince1970: 1.0006)  // rounds to the nearest ms
        #expect(envelope.sendTimeMs == 1_001)
        envelope.sendTime = nil
        #expect(envelope.sendTimeMs == 0)
        #expect(envelope.sendTime == nil)
    }

    @Test func everyTimeHasItsDate() {
        var edit = MessageEdit(editTimeMs: 5)
        #expect(edit.editTime == Date(timeIntervalSince1970: 0.005))
        edit.editTime = nil
        #expect(edit.editTimeMs == 0)
        var read = GroupReadReceipt(readTimeMs: 2_000)
        #expect(read.readTime == Date(timeIntervalSince1970: 2))
        read.readTime = Date(timeIntervalSince1970: 3)
        #expect(read.readTimeMs == 3_000)
        var item = MetadataItem(updateTimeMs: 1_500)
        #expect(item.updateTime == Date(timeIntervalSince1970: 1.5))
        item.updateTimeMs = UInt64.max  // beyond Int64 milliseconds: no date
        #expect(item.updateTime == nil)
        item.updateTime = Date(timeIntervalSince1970: -10)  // before the epoch: 0
        #expect(item.updateTimeMs == 0)
        let receipt = DeliveryReceipt(messageIDs: ["a", "b"], deliveredAtMs: [1_000, 2_500])
        #expect(
            receipt.deliveredAt == [
                Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 2.5),
            ])
    }
}
