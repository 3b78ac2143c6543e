/// A message checked and sized for one delimited frame (varint byte length, then the message).
///
/// Creating one runs the single validate-and-size step of every encoding entry point: with
/// `checksSemantics`, the semantic rules and limits, then ``Limits/maxMessageBytes`` on the size.
/// Writing it runs no check again, so a transport can refuse an envelope on the sender's task,
/// before anything is queued, and then serialise it straight into its own buffer (a SwiftNIO
/// `ByteBuffer`'s writable bytes, for example) without checking or sizing it twice.
public struct OutboundFrame<Message: RTMMessage>: Sendable {
    /// The message the frame carries.
    public let message: Message
    /// The encoded message's size in bytes: the frame's body, after the length prefix.
    public let bodySize: Int

    /// Checks `message` against `options` and sizes its frame.
    @inlinable
    public init(_ message: Message, options: CodecOptions = .default) throws(RTMWireError) {
        self.message = message
        self.bodySize = try message.checkedWireSize(options)
    }

    /// The frame's size in bytes: the length prefix and the body.
    @inlinable
    public var size: Int { Varint.size(UInt64(bodySize)) + bodySize }

    /// The frame as a new array of exactly ``size`` bytes.
    @inlinable
    public var bytes: [UInt8] {
        WireWriter.withWriter(capacity: size) { writeFrame(to: &$0) }
    }

    /// Writes the frame into the start of `buffer` and returns ``size``.
    ///
    /// Throws ``RTMWireError/Code/bufferTooSmall`` when `buffer` is shorter than ``size``.
    @inlinable
    public func write(into buffer: UnsafeMutableRawBufferPointer) throws(RTMWireError) -> Int {
        try WireWriter.fill(buffer, size: size) { writeFrame(to: &$0) }
    }

    /// The writer fills its buffer from the end: the message, then the prefix before it.
    @inlinable
    func writeFrame(to writer: inout WireWriter) {
        message._encode(to: &writer)
        writer.writeVarint(UInt64(bodySize))
    }
}
