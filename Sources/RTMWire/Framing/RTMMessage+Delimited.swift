extension RTMMessage {
    /// Encodes the message as one delimited frame: a varint byte length, then the message (the
    /// `writeDelimitedTo` convention of other protobuf libraries). One allocation, exact size.
    public func delimitedBytes(options: CodecOptions = .default) throws(RTMWireError) -> [UInt8] {
        try OutboundFrame(self, options: options).bytes
    }
}
