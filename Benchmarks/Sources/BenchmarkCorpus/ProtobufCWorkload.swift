import CRTMWirePeerBench

/// protobuf-c through the C peer, as a C program uses it. Encode: the C message struct is built
/// once (by unpacking the canonical bytes) and each operation is `get_packed_size` + `pack` into a
/// buffer allocated once up front. Decode: `unpack` + `free_unpacked`.
public final class ProtobufCWorkload: Workload {
    public var implementation: Implementation { .protobufC }
    public let message: CorpusMessage
    @usableFromInline let descriptor: UnsafePointer<ProtobufCMessageDescriptor>
    @usableFromInline let unpacked: UnsafeMutablePointer<ProtobufCMessage>
    @usableFromInline let input: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline let output: UnsafeMutableBufferPointer<UInt8>

    public init(_ message: CorpusMessage, canonical: [UInt8]) {
        self.message = message
        guard let descriptor = rtmwire_peer_descriptor("rtmwire.v1.Envelope") else {
            fatalError("the C peer has no rtmwire.v1.Envelope")
        }
        self.descriptor = descriptor
        input = .allocate(capacity: canonical.count)
        _ = input.initialize(from: canonical)
        output = .allocate(capacity: canonical.count)
        output.initialize(repeating: 0)
        var unpacked: UnsafeMutablePointer<ProtobufCMessage>?
        let status = rtmwire_peer_unpack(descriptor, input.baseAddress, input.count, &unpacked)
        guard status == RTMWIRE_PEER_OK, let unpacked else {
            verificationFailure(.protobufC, message, "unpack failed with status \(status)")
        }
        self.unpacked = unpacked
        guard encode() == canonical.count, Array(output) == canonical else {
            verificationFailure(
                implementation, message, "pack: " + firstDifference(Array(output), canonical))
        }
        decode()
    }

    deinit {
        rtmwire_peer_free(unpacked)
        input.deallocate()
        output.deallocate()
    }

    public var encodedCount: Int { input.count }

    /// Packs into the preallocated buffer; returns the number of bytes written.
    @inlinable
    public func encode() -> Int {
        let size = rtmwire_peer_packed_size(unpacked)
        guard size <= output.count else { fatalError("protobuf-c packed size grew") }
        return rtmwire_peer_pack(unpacked, output.baseAddress!)
    }

    /// Unpacks and frees the message.
    @inlinable
    public func decode() {
        var decoded: UnsafeMutablePointer<ProtobufCMessage>?
        let status = rtmwire_peer_unpack(descriptor, input.baseAddress, input.count, &decoded)
        guard status == RTMWIRE_PEER_OK else { fatalError("protobuf-c unpack failed: \(status)") }
        rtmwire_peer_free(decoded)
    }

    /// Unpacks the message and keeps it until the result is released (for memory figures).
    public func unpackRetained() -> AnyObject {
        var decoded: UnsafeMutablePointer<ProtobufCMessage>?
        let status = rtmwire_peer_unpack(descriptor, input.baseAddress, input.count, &decoded)
        guard status == RTMWIRE_PEER_OK, let decoded else {
            fatalError("protobuf-c unpack failed: \(status)")
        }
        return Unpacked(decoded)
    }

    /// A message unpacked by protobuf-c, freed with its owner.
    final class Unpacked {
        let message: UnsafeMutablePointer<ProtobufCMessage>
        init(_ message: UnsafeMutablePointer<ProtobufCMessage>) { self.message = message }
        deinit { rtmwire_peer_free(message) }
    }
}
