/// The implementations compared, in table order.
public enum Implementation: String, CaseIterable, Sendable {
    /// RTMWire with its default options: wire rules, limits and semantic checks.
    case rtmwire = "RTMWire"
    /// RTMWire with ``CodecOptions/wireOnly``: wire rules (UTF-8 and depth included) only.
    case rtmwireWireOnly = "RTMWire-wireOnly"
    /// RTMWire with its default options on caller-owned memory, like protobuf-c: encode with
    /// `serialize(into:)` into a buffer allocated once, decode with `Envelope(decoding:)` from
    /// a raw buffer.
    case rtmwireBuffer = "RTMWire-buffer"
    /// protobuf-c 1.4 through the C peer (no UTF-8 check, no semantic checks).
    case protobufC = "protobuf-c"
    /// swift-protobuf 1.39.0, generated from the same schemas.
    case swiftProtobuf = "swift-protobuf"
    /// Foundation JSONSerialization of the chat tutorial's dictionary (message A only).
    case jsonSerialization = "JSONSerialization"
    /// Foundation JSONEncoder/JSONDecoder of Codable structs of the same shape (message A only).
    case jsonCodable = "JSONCodable"
    /// memcpy of the encoded bytes into a preallocated buffer: the physical floor.
    case memcpy = "memcpy"
    /// RTMWire's borrowed view with the default options (decode only): the up-front check,
    /// then every header field, the body kind and the body's id fields read in place.
    case rtmwireView = "RTMWire-view"
    /// RTMWire's borrowed view, header only (decode only): the up-front check, then the message
    /// id, sender's user id, conversation id and body kind, what a router reads.
    case rtmwireViewHeader = "RTMWire-view-header"
    /// Google's C++ protobuf (libprotobuf 3.21): `SerializeToString` into a new string, and
    /// `ParseFromArray` into a new message (its parts on the heap).
    case cpp = "C++"
    /// C++ decode only: `ParseFromArray` into a message created on an `Arena`, then `Reset()`.
    case cppArena = "C++-arena"
    /// C++ encode only: `SerializeToArray` into a buffer of `ByteSizeLong()` bytes made once.
    case cppArray = "C++-array"
}

/// One implementation set up for one corpus message: everything allocated and checked up front,
/// so that `encode()` and `decode()` do only the work being measured.
public protocol CorpusWorkload {
    var implementation: Implementation { get }
    var message: CorpusMessage { get }
    /// Size of this implementation's encoding of the message (for MB/s).
    var encodedCount: Int { get }
}

/// A workload that decodes.
public protocol DecodeWorkload: CorpusWorkload {
    associatedtype Decoded
    /// Decodes the encoded message once.
    func decode() -> Decoded
}

/// A workload that encodes.
public protocol EncodeWorkload: CorpusWorkload {
    associatedtype Encoded
    /// Encodes the message once.
    func encode() -> Encoded
}

/// A workload that does both.
public typealias Workload = DecodeWorkload & EncodeWorkload

/// Stops the program, naming the implementation and message, when a check made before timing
/// fails: a benchmark of code that produces the wrong bytes measures nothing.
func verificationFailure(
    _ implementation: Implementation, _ message: CorpusMessage, _ detail: String
) -> Never {
    fatalError(
        "benchmark check failed: \(implementation.rawValue), message \(message.rawValue): \(detail)"
    )
}

/// Describes where two encodings first differ.
func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
    let common = zip(actual, expected).prefix { $0 == $1 }.count
    return "\(actual.count) bytes, expected \(expected.count); first difference at byte \(common)"
}
