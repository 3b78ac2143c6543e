// The encoding entry points generic over the caller's container (RTMContiguousBytes): `Data`,
// `[UInt8]` or an app's own buffer, created once at the exact size and written in place.

extension RTMMessage {
    /// Encodes the message to protobuf binary in the container you name, e.g.
    /// `let data: Data = try message.serializedBytes()` (with `RTMWireFoundation`).
    ///
    /// The same bytes and checks as ``serializedBytes(options:)``: the container is created once
    /// at ``serializedSize`` and the encoding is written straight into it, never copied.
    @inlinable
    public func serializedBytes<Bytes: RTMContiguousBytes>(
        as type: Bytes.Type = Bytes.self, options: CodecOptions = .default
    ) throws(RTMWireError) -> Bytes {
        try withCheckedEncoding(options) { size, encode in
            Bytes._filled(size: size) { buffer in
                // The buffer has exactly `size` bytes, so filling it cannot fail.
                _ = try? WireWriter.fill(buffer, size: size, encode)
            }
        }
    }

    /// Encodes the message as one delimited frame (varint byte length, then the message) in the
    /// container you name: the same bytes and checks as ``delimitedBytes(options:)``, written in
    /// place.
    @inlinable
    public func delimitedBytes<Bytes: RTMContiguousBytes>(
        as type: Bytes.Type = Bytes.self, options: CodecOptions = .default
    ) throws(RTMWireError) -> Bytes {
        let frame = try OutboundFrame(self, options: options)
        return Bytes._filled(size: frame.size) { buffer in
            _ = try? frame.write(into: buffer)
        }
    }
}
