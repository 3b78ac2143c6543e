/// Follows the frame boundaries of a delimited stream (varint length, then that many bytes)
/// without decoding or buffering anything, for ``FrameDeadlineHandler``, which sees the raw bytes
/// before the frame decoder does and must know whether a frame is under way.
///
/// It reads only length prefixes and skips bodies by count, so it costs a few operations per
/// frame. A prefix longer than 10 bytes stops it (``isLost``): the decoder refuses that stream.
struct FrameBoundaryTracker: Sendable {
    private var bodyRemaining = 0
    private var prefixValue: UInt64 = 0
    private var prefixShift: UInt64 = 0
    /// Frames whose first byte has been seen.
    private(set) var framesStarted = 0
    /// The stream is no longer delimited (an over-long prefix); nothing more is followed.
    private(set) var isLost = false

    /// Some, but not all, bytes of a frame have been seen.
    var isInsideFrame: Bool { !isLost && (bodyRemaining > 0 || prefixShift > 0) }

    /// Follows the next bytes of the stream.
    mutating func consume(_ bytes: some Collection<UInt8>) {
        var index = bytes.startIndex
        while index != bytes.endIndex, !isLost {
            if bodyRemaining > 0 {
                let step = min(bodyRemaining, bytes.distance(from: index, to: bytes.endIndex))
                index = bytes.index(index, offsetBy: step)
                bodyRemaining -= step
                continue
            }
            let byte = bytes[index]
            index = bytes.index(after: index)
            if prefixShift == 0 { framesStarted += 1 }
            prefixValue |= UInt64(byte & 0x7F) << prefixShift
            if byte & 0x80 == 0 {
                bodyRemaining = Int(clamping: prefixValue)
                prefixValue = 0
                prefixShift = 0
            } else {
                prefixShift += 7
                if prefixShift >= 70 { isLost = true }
            }
        }
    }
}

extension FrameBoundaryTracker: StreamBoundaryTracking {
    static var unitName: String { "frame" }
    var isInsideUnit: Bool { isInsideFrame }
    var unitsStarted: Int { framesStarted }
}
