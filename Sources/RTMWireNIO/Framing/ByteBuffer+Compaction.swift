import NIOCore

extension ByteBuffer {
    /// A buffer above this capacity is copied down when it holds less than a quarter of it.
    static let compactionThreshold = 64 * 1024

    /// Copies the readable bytes into a buffer of their size when the storage is much larger
    /// (above ``compactionThreshold`` and more than four times the bytes kept), so a decoder
    /// that carried one large frame does not keep its megabyte for the few bytes of the next
    /// frame. `ByteToMessageHandler` keeps the buffer the decoder leaves, and reclaiming read
    /// bytes moves them but never shrinks the storage.
    mutating func compactIfMostlyEmpty() {
        guard storageCapacity > Self.compactionThreshold, readableBytes < storageCapacity / 4
        else { return }
        var compact = ByteBuffer()
        compact.reserveCapacity(readableBytes)
        compact.writeImmutableBuffer(self)
        self = compact
    }
}
