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
    // Field by field, as the nanopb and protobuf-c programs compare (Envelope's == would also
    // link the equality of every other message kind).
    let same =
        decoded.messageID == envelope.messageID && decoded.sender == envelope.sender
        && decoded.sendTimeMs == envelope.sendTimeMs
        && decoded.conversation == envelope.conversation && decoded.text?.text == text.text
    return same ? 0 : 3
}
