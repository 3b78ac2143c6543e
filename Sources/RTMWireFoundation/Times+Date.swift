import RTMWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// `Date` beside every millisecond time of the schemas (the naming guide: a time is
// `…TimeMs: Int64`, 0 = not stamped; its `Date` is `…Time: Date?`, nil when not stamped). The
// core stays standard-library only, so the accessors live here. Setting a date stores whole
// milliseconds, rounded to the nearest; setting nil clears the time.

extension Date {
    /// The date `milliseconds` after the Unix epoch, or nil for 0 ("not stamped").
    init?(rtmMilliseconds milliseconds: Int64) {
        guard milliseconds != 0 else { return nil }
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Whole milliseconds since the Unix epoch, rounded to the nearest.
    var rtmMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}

extension Envelope {
    /// `sendTimeMs` as a date; nil when the envelope is not stamped (0).
    public var sendTime: Date? {
        get { Date(rtmMilliseconds: sendTimeMs) }
        set { sendTimeMs = newValue?.rtmMilliseconds ?? 0 }
    }
}

extension MessageEdit {
    /// `editTimeMs` as a date; nil when not set (0).
    public var editTime: Date? {
        get { Date(rtmMilliseconds: editTimeMs) }
        set { editTimeMs = newValue?.rtmMilliseconds ?? 0 }
    }
}

extension GroupReadReceipt {
    /// `readTimeMs` as a date; nil when not set (0).
    public var readTime: Date? {
        get { Date(rtmMilliseconds: readTimeMs) }
        set { readTimeMs = newValue?.rtmMilliseconds ?? 0 }
    }
}

extension MetadataItem {
    /// `updateTimeMs` as a date; nil when not set (0) or beyond what an `Int64` of
    /// milliseconds holds. Setting a date before the epoch stores 0.
    public var updateTime: Date? {
        get { Int64(exactly: updateTimeMs).flatMap { Date(rtmMilliseconds: $0) } }
        set { updateTimeMs = UInt64(max(0, newValue?.rtmMilliseconds ?? 0)) }
    }
}

extension DeliveryReceipt {
    /// `deliveredAtMs` as dates, one per delivered message id in the same order (a 0 entry,
    /// not stamped, is the epoch here so that positions still match the ids).
    public var deliveredAt: [Date] {
        deliveredAtMs.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
}
