/// The member of a oneof a message holds, including a member added by a newer schema version.
///
/// A reader built from an older schema keeps a newer member as an unknown field (it re-encodes it
/// unchanged). Generated messages expose each oneof this way as `<oneof>Member` (for example
/// ``Envelope/bodyMember``), so a router can tell "a kind I do not know" from "no kind at all":
///
/// ```swift
/// switch envelope.bodyMember {
/// case .known(let body): handle(body)
/// case .unknown(let fieldNumber): forward(envelope)  // a newer kind; the header is intact
/// case .absent: break  // no body (only wire-only decoding lets this through)
/// }
/// ```
public enum OneofMember<Known: Hashable & Sendable>: Hashable, Sendable {
    /// A member this schema version knows.
    case known(Known)
    /// No known member, but an unknown field in the field numbers the schema reserves for newer
    /// members of this oneof (the last one, as protobuf's "last member wins").
    case unknown(fieldNumber: Int)
    /// Neither.
    case absent
}
