extension RTMMessage {
    /// Encodes the message as one delimited frame: a varint byte length, then the message (the
    /// `writeDelimitedTo` convention of other protobuf libraries). One allocation, exact size.
    public func delimitedBytes(options: CodecOptions = .default) throws(RTMWireError) -> [UInt8] {
        let size = try checkedWireSize(options)
        return WireWriter.withWriter(capacity: Varint.size(UInt64(size)) + size) { writer in
            // The writer fills the buffer from its end: the message, then the prefix before it.
            _encode(to: &writer)
            writer.writeVarint(UInt64(size))
        }
    }
}
