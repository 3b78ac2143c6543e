extension RTMMessage {
    /// Decodes a message from protobuf binary.
    ///
    /// With ``CodecOptions/default`` the input size, the limits and the semantic rules are
    /// checked after the wire rules; with ``CodecOptions/wireOnly`` only the wire rules are.
    public init(serializedBytes bytes: some Collection<UInt8>, options: CodecOptions = .default)
        throws(RTMWireError)
    {
        // Decode in place when the collection is contiguous; otherwise copy it once.
        let decode = { (buffer: UnsafeRawBufferPointer) -> Result<Self, RTMWireError> in
            Result { () throws(RTMWireError) -> Self in try Self(decoding: buffer, options: options) }
        }
        let result =
            bytes.withContiguousStorageIfAvailable { decode(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes(decode)
        self = try result.get()
    }

    /// Decodes from a borrowed buffer; the buffer is not retained.
    public init(decoding buffer: UnsafeRawBufferPointer, options: CodecOptions = .default)
        throws(RTMWireError)
    {
        if options.checksSemantics, buffer.count > options.limits.maxMessageBytes {
            throw RTMWireError.limit(
                "maxMessageBytes", allowed: options.limits.maxMessageBytes, actual: buffer.count,
                path: "", detail: "message is larger than the message size limit")
        }
        var message = Self()
        try WireReader.withReader(buffer, maxDepth: options.limits.maxDepth) {
            (reader) throws(RTMWireError) in
            try message._merge(from: &reader)
        }
        if options.checksSemantics { try message._validate(options.limits) }
        self = message
    }

    /// Encodes the message to protobuf binary, byte-identical to protobuf-c's `pack`.
    ///
    /// With ``CodecOptions/default`` the semantic rules and limits are checked first, so an
    /// invalid or oversized message never reaches the wire.
    public func serializedBytes(options: CodecOptions = .default) throws(RTMWireError) -> [UInt8] {
        if options.checksSemantics { try _validate(options.limits) }
        let size = _wireSize()
        if options.checksSemantics, size > options.limits.maxMessageBytes {
            throw RTMWireError.limit(
                "maxMessageBytes", allowed: options.limits.maxMessageBytes, actual: size,
                path: "", detail: "encoded message is larger than the message size limit")
        }
        return WireWriter.withWriter(capacity: size) { writer in _encode(to: &writer) }
    }

    /// Checks the semantic rules and limits without encoding.
    public func validate(limits: Limits = .default) throws(RTMWireError) {
        try _validate(limits)
    }

    /// The exact size of ``serializedBytes(options:)``'s result.
    public var serializedSize: Int { _wireSize() }
}
