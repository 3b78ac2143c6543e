extension StreamAssembler {
    /// The limits a ``StreamAssembler`` holds each stream to, so a peer that never completes a
    /// stream, or leaves a gap, cannot make it buffer without bound.
    public struct Configuration: Hashable, Sendable {
        /// Largest content held for one stream: applied content plus deltas waiting for a gap
        /// to close, in UTF-8 bytes. Default 1,048,576 (1 MiB).
        public var maxAssembledBytes: Int
        /// Most out-of-order deltas buffered for one stream while a sequence number is missing.
        /// Default 256.
        public var maxPendingChunks: Int

        /// Creates a configuration; every parameter defaults to the documented default.
        public init(maxAssembledBytes: Int = 1_048_576, maxPendingChunks: Int = 256) {
            self.maxAssembledBytes = maxAssembledBytes
            self.maxPendingChunks = maxPendingChunks
        }

        /// The documented defaults.
        public static let `default` = Configuration()
    }
}
