import RTMWire

/// Why a ``StreamAssembler`` refused a chunk. An open struct: switch on ``code`` and keep a
/// `default:` branch.
public struct StreamAssemblyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The stream concerned.
    public var streamMessageID: String
    /// The sequence number of the chunk that raised the error.
    public var sequence: UInt64
    /// For ``Code/missingSequence``: the first missing sequence numbers, ascending (at most 16).
    public var missingSequences: [UInt64]
    /// For ``Code/tooManyPendingChunks`` and ``Code/assembledSizeExceeded``: the limit, named
    /// by its ``StreamAssembler/Configuration`` property.
    public var limit: RTMWireError.LimitViolation?
    /// A human-readable sentence.
    public var detail: String

    /// Creates an error.
    public init(
        code: Code, streamMessageID: String, sequence: UInt64, missingSequences: [UInt64] = [],
        limit: RTMWireError.LimitViolation? = nil, detail: String
    ) {
        self.code = code
        self.streamMessageID = streamMessageID
        self.sequence = sequence
        self.missingSequences = missingSequences
        self.limit = limit
        self.detail = detail
    }

    /// `<code>: stream <id> at sequence <n>: <detail>`.
    public var description: String {
        var text = "\(code.name): stream \(streamMessageID) at sequence \(sequence): \(detail)"
        if let limit { text += " (limit \(limit))" }
        return text
    }

    /// The kind of a ``StreamAssemblyError``: an open set of named values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable, machine-readable name.
        public let name: String

        /// Creates a code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The name.
        public var description: String { name }

        /// A complete event arrived while earlier sequence numbers (or the init) never did;
        /// ``StreamAssemblyError/missingSequences`` names them. The stream is dropped.
        public static let missingSequence = Code("missingSequence")
        /// More out-of-order chunks than ``StreamAssembler/Configuration/maxPendingChunks`` wait
        /// for a gap to close. The stream is dropped.
        public static let tooManyPendingChunks = Code("tooManyPendingChunks")
        /// Assembled plus buffered content would exceed
        /// ``StreamAssembler/Configuration/maxAssembledBytes``. The chunk is refused and the
        /// stream keeps what it had, so its complete event reports the refused sequence number
        /// as ``missingSequence``.
        public static let assembledSizeExceeded = Code("assembledSizeExceeded")
        /// A chunk with a sequence number after the stream's complete event arrived.
        public static let chunkAfterComplete = Code("chunkAfterComplete")
        /// The chunk cannot apply: no stream id, no event, or a sequence number that contradicts
        /// the stream (a complete reusing an applied number, a sequence overflow).
        public static let invalidChunk = Code("invalidChunk")
    }
}
