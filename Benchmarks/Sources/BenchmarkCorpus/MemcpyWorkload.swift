#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// memcpy of the encoded message between two buffers allocated up front: no codec can encode or
/// decode faster than it copies the bytes once. Encode and decode measure the same copy.
public final class MemcpyWorkload: Workload {
    public var implementation: Implementation { .memcpy }
    public let message: CorpusMessage
    @usableFromInline let source: UnsafeMutableRawBufferPointer
    @usableFromInline let destination: UnsafeMutableRawBufferPointer

    public init(_ message: CorpusMessage, canonical: [UInt8]) {
        self.message = message
        source = .allocate(byteCount: canonical.count, alignment: 16)
        source.copyBytes(from: canonical)
        destination = .allocate(byteCount: canonical.count, alignment: 16)
        _ = encode()
        guard Array(destination) == canonical else {
            verificationFailure(implementation, message, "copy differs")
        }
    }

    deinit {
        source.deallocate()
        destination.deallocate()
    }

    public var encodedCount: Int { source.count }

    @inlinable
    public func encode() -> UnsafeMutableRawPointer? {
        memcpy(destination.baseAddress!, source.baseAddress!, source.count)
    }

    @inlinable
    public func decode() -> UnsafeMutableRawPointer? { encode() }
}
