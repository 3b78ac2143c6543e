// The size table's program (Embedded/README.md): encode one text envelope with the default
// options (limits and semantic rules), decode it back, compare. Built by Scripts/build-embedded
// for armv7em-none-none-eabi against the core; the nanopb and protobuf-c programs beside it do
// the same.

import RTMWire

/// Encodes and decodes one envelope: 0 when the round trip gives the envelope back, 1 when
/// encoding failed, 2 when decoding failed, 3 when the decoded envelope differs.
@_cdecl("rtmwire_demo")
public func demo() -> Int32 {
    var envelope = Envelope()
    envelope.messageID = "m-0001"
    envelope.sender = Sender(userID: "alice", displayName: "Alice")
    envelope.sendTimeMs = 1_700_000_000_000
    envelope.conversation = Conversation(type: .channel, id: "general")
    var text = TextMessage()
    text.text = "hello from a microcontroller"
    envelope.body = .text(text)
    let bytes: [UInt8]
    do throws(RTMWireError) { bytes = try envelope.serializedBytes() } catch { return 1 }
    let decoded: Envelope
    do throws(RTMWireError) { decoded = try Envelope(serializedBytes: bytes) } catch { return 2 }
    // Field by field and byte for byte, as the nanopb and protobuf-c programs compare with
    // strcmp: String's == compares by Unicode canonical equivalence, which would link the
    // standard library's normalisation tables (45 KB), and Envelope's == the equality of every
    // other message kind.
    let same =
        bytesEqual(decoded.messageID, envelope.messageID)
        && bytesEqual(decoded.sender?.userID, envelope.sender?.userID)
        && bytesEqual(decoded.sender?.displayName, envelope.sender?.displayName)
        && decoded.sendTimeMs == envelope.sendTimeMs
        && decoded.conversation?.type == envelope.conversation?.type
        && bytesEqual(decoded.conversation?.id, envelope.conversation?.id)
        && bytesEqual(decoded.text?.text, text.text)
    return same ? 0 : 3
}

/// Whether two strings (or two absences) hold the same UTF-8 bytes.
func bytesEqual(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return a.utf8.elementsEqual(b.utf8)
}
