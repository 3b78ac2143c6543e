// The binary entry points are @inlinable: each is compiled in the caller's module for the
// concrete message type, so the generated size, encode, decode and validation code is called
// directly rather than through the protocol's witness table.

extension RTMMessage {
    /// Decodes a message from protobuf binary.
    ///
    /// With ``CodecOptions/default`` the input size, the limits and the semantic rules are
    /// checked after the wire rules; with ``CodecOptions/wireOnly`` only the wire rules are.
    @inlinable
    public init(serializedBytes bytes: some Collection<UInt8>, options: CodecOptions = .default)
        throws(RTMWireError)
    {
        // Decode in place when the collection is contiguous; otherwise copy it once. The
        // message is decoded into `self` directly rather than returned: a message is a large
        // value, and every hand-over would copy it.
        self.init()
        var failure: RTMWireError?
        let decode = { (message: inout Self, buffer: UnsafeRawBufferPointer) in
            do throws(RTMWireError) { try message._decode(buffer, options: options) } catch {
                failure = error
            }
        }
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable {
            decode(&self, UnsafeRawBufferPointer($0))
        }
        if contiguous == nil {
            Array(bytes).withUnsafeBytes { decode(&self, $0) }
        }
        if let failure { throw failure }
    }

    /// Decodes from a borrowed buffer; the buffer is not retained.
    @inlinable
    public init(decoding buffer: UnsafeRawBufferPointer, options: CodecOptions = .default)
        throws(RTMWireError)
    {
        self.init()
        try _decode(buffer, options: options)
    }

    /// Merges the message in `buffer` into `self` (an empty message) and applies `options`'
    /// checks.
    @inlinable
    mutating func _decode(_ buffer: UnsafeRawBufferPointer, options: CodecOptions)
        throws(RTMWireError)
    {
        if options.checksSemantics, buffer.count > options.limits.maxMessageBytes {
            throw RTMWireError.messageTooLarge(
                buffer.count, allowed: options.limits.maxMessageBytes, encoding: false)
        }
        // The reader borrows `buffer` for this call only. An empty buffer (which may have no
        // base address) is the empty message.
        var sawNUL = false
        if let start = buffer.baseAddress, buffer.count > 0 {
            var reader = WireReader(
                base: start.assumingMemoryBound(to: UInt8.self), count: buffer.count,
                maxDepth: options.limits.maxDepth)
            try _merge(from: &reader)
            sawNUL = reader.sawNUL
        }
        // The reader looked for U+0000 while validating each string's UTF-8: the validation
        // scans strings again only when one held it (to report it with its path).
        if options.checksSemantics { try _validate(options.limits, checkingNUL: sawNUL) }
    }

    /// Encodes the message to protobuf binary, byte-identical to protobuf-c's `pack`.
    ///
    /// With ``CodecOptions/default`` the semantic rules and limits are checked first, so an
    /// invalid or oversized message never reaches the wire.
    @inlinable
    public func serializedBytes(options: CodecOptions = .default) throws(RTMWireError) -> [UInt8] {
        try withCheckedEncoding(options) { size, encode in
            WireWriter.withWriter(capacity: size, encode)
        }
    }

    /// Encodes the message into the start of `buffer` and returns the number of bytes written
    /// (``serializedSize``): the same bytes as ``serializedBytes(options:)``, with no allocation,
    /// like protobuf-c's `pack` into a caller's buffer.
    ///
    /// Throws ``RTMWireError/Code/bufferTooSmall`` when `buffer` is shorter than ``serializedSize``.
    /// When it throws, the contents of `buffer` are unspecified.
    @inlinable
    public func serialize(
        into buffer: UnsafeMutableRawBufferPointer, options: CodecOptions = .default
    ) throws(RTMWireError) -> Int {
        try withCheckedEncoding(options) { size, encode throws(RTMWireError) in
            try WireWriter.fill(buffer, size: size, encode)
        }
    }

    /// Makes the checks every encoding entry point makes, then lends `write` the encoded size
    /// and the encoder, and returns what `write` returns. U+0000 is looked for while the encoder
    /// copies the strings, not by a scan of its own beforehand: when a string held one, the full
    /// checks run and throw the error they always threw, and what `write` produced is not
    /// returned.
    @inlinable
    func withCheckedEncoding<Result>(
        _ options: CodecOptions,
        _ write: (_ size: Int, _ encode: (inout WireWriter) -> Void) throws(RTMWireError) -> Result
    ) throws(RTMWireError) -> Result {
        let size = try checkedWireSize(options, checkingNUL: false)
        var sawNUL = false
        let result = try write(size) { writer in
            _encode(to: &writer)
            sawNUL = writer.sawNUL
        }
        if sawNUL, options.checksSemantics { try _validate(options.limits) }
        return result
    }

    /// The encoded size, after the checks every encoding entry point makes first: with
    /// `checksSemantics`, the semantic rules and limits, and ``Limits/maxMessageBytes`` on the size.
    ///
    /// With `checkingNUL` false, the caller checks the U+0000 rule itself as it writes; any
    /// other error is the one the full checks meet first (they run again to find it).
    @inlinable
    package func checkedWireSize(_ options: CodecOptions, checkingNUL: Bool = true)
        throws(RTMWireError)
        -> Int
    {
        guard options.checksSemantics else { return _wireSize() }
        let size: Int
        do {
            // The checks and the size in one walk of the message.
            size = try _checkedWireSize(options.limits, checkingNUL: checkingNUL, sizing: true)
        } catch {
            // A U+0000 error of a field checked earlier would have come first.
            if !checkingNUL { try _validate(options.limits) }
            throw error
        }
        if size > options.limits.maxMessageBytes {
            throw RTMWireError.messageTooLarge(
                size, allowed: options.limits.maxMessageBytes, encoding: true)
        }
        return size
    }

    /// Checks the semantic rules and limits without encoding.
    public func validate(limits: Limits = .default) throws(RTMWireError) {
        try _validate(limits)
    }

    /// The exact size of ``serializedBytes(options:)``'s result.
    public var serializedSize: Int { _wireSize() }
}

extension RTMWireError {
    /// The ``Limits/maxMessageBytes`` error of a message of `size` bytes, where `allowed` is the
    /// limit. The limit alone, not the whole ``Limits``: the callers' checks are inlined, and
    /// passing the 136-byte value made them copy it on every call.
    @usableFromInline
    package static func messageTooLarge(_ size: Int, allowed: Int, encoding: Bool) -> RTMWireError {
        limit(
            "maxMessageBytes", allowed: allowed, actual: size, path: "",
            detail: encoding
                ? "encoded message is larger than the message size limit"
                : "message is larger than the message size limit")
    }
}
