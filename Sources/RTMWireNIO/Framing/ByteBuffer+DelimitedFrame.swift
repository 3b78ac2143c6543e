import NIOCore
import RTMWire

extension ByteBuffer {
    /// Writes a checked frame (`OutboundFrame`) straight into the buffer's writable bytes and
    /// returns its size: no intermediate array, no second check.
    @discardableResult
    public mutating func writeDelimitedFrame<Message: RTMMessage>(
        _ frame: OutboundFrame<Message>
    ) throws -> Int {
        try writeWithUnsafeMutableBytes(minimumWritableBytes: frame.size) {
            try frame.write(into: $0)
        }
    }
}
