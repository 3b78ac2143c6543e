import NIOCore
import RTMWire

extension AsyncSequence where Element == ByteBuffer {
    /// The messages of the delimited stream these buffers carry, for example the inbound stream
    /// of a `NIOAsyncChannel<ByteBuffer, ByteBuffer>`; see `DelimitedMessages` in RTMWire. Each
    /// buffer's readable bytes are read in place.
    public func delimitedMessages<Message: RTMMessage>(
        of type: Message.Type, options: CodecOptions = .default
    ) -> DelimitedMessages<AsyncMapSequence<Self, ByteBufferView>, Message> {
        map { $0.readableBytesView }.delimitedMessages(of: type, options: options)
    }
}
