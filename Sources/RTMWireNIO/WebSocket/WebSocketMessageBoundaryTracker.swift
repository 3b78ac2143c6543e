/// Follows the message boundaries of a WebSocket byte stream (frame headers, payloads skipped by
/// count, fragments up to the final one) without decoding or buffering payloads, for
/// ``FrameDeadlineHandler``, which sees the raw bytes before the frame decoder does
/// and must know whether a message is under way.
///
/// A message starts at the first byte of a data frame's header (or of a control frame's, outside
/// a fragmented message) and ends with the last payload byte of its final frame; control frames
/// between fragments belong to the message they interrupt.
struct WebSocketMessageBoundaryTracker: StreamBoundaryTracking {
    static var unitName: String { "message" }

    /// Header bytes of the frame under way (at most 14: 2, an extended length of 2 or 8, a mask
    /// of 4).
    private var header: [UInt8] = []
    private var headerSize = 2
    private var payloadRemaining = 0
    /// A data frame without FIN was seen; the message goes on to a final continuation.
    private var insideFragmentedMessage = false
    /// Messages whose first byte has been seen.
    private(set) var unitsStarted = 0

    /// Some, but not all, bytes of a message have been seen.
    var isInsideUnit: Bool { !header.isEmpty || payloadRemaining > 0 || insideFragmentedMessage }

    /// Follows the next bytes of the stream.
    mutating func consume(_ bytes: some Collection<UInt8>) {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if payloadRemaining > 0 {
                let step = min(payloadRemaining, bytes.distance(from: index, to: bytes.endIndex))
                index = bytes.index(index, offsetBy: step)
                payloadRemaining -= step
                continue
            }
            if header.isEmpty, !insideFragmentedMessage { unitsStarted += 1 }
            header.append(bytes[index])
            index = bytes.index(after: index)
            if header.count == 2 { headerSize = Self.headerSize(header[0], header[1]) }
            if header.count == headerSize { beginPayload() }
        }
    }

    /// 2 bytes, plus 2 or 8 of extended length, plus 4 of mask.
    private static func headerSize(_ first: UInt8, _ second: UInt8) -> Int {
        let length = second & 0x7F
        let extended = length == 126 ? 2 : length == 127 ? 8 : 0
        return 2 + extended + (second & 0x80 != 0 ? 4 : 0)
    }

    private mutating func beginPayload() {
        let first = header[0]
        let lengthCode = header[1] & 0x7F
        let length: UInt64
        switch lengthCode {
        case 126: length = UInt64(header[2]) << 8 | UInt64(header[3])
        case 127: length = header[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
        default: length = UInt64(lengthCode)
        }
        let isControl = first & 0x08 != 0
        let isFinal = first & 0x80 != 0
        // A control frame never ends a fragmented message; a data frame ends its message when
        // final.
        if !isControl { insideFragmentedMessage = !isFinal }
        header.removeAll(keepingCapacity: true)
        payloadRemaining = Int(clamping: length)
    }
}
