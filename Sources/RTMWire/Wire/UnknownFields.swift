/// Fields a decoder did not recognise, kept byte-exact so that re-encoding loses nothing.
///
/// A message decoded from a newer schema version keeps the newer fields here, and the encoder
/// writes them back after the known fields (as protobuf-c and Google's implementations do). A
/// known field that arrived with the wrong wire type is kept here too (Google's behaviour;
/// protobuf-c rejects the whole message instead).
public struct UnknownFields: Hashable, Sendable {
    /// The raw encoded fields (tags included), in the order they were read.
    public internal(set) var bytes: [UInt8]

    /// No unknown fields.
    public init() { bytes = [] }

    /// Unknown fields from already-encoded protobuf field bytes (tags included). The bytes are
    /// written back verbatim; callers are responsible for them being valid fields.
    public init(encodedFields: [UInt8]) { bytes = encodedFields }

    /// True when there are no unknown fields.
    public var isEmpty: Bool { bytes.isEmpty }
}
