// The helpers every test target shares (SplitMix64, envelope fixtures), for every file here.
@_exported import RTMWireTestSupport
import Testing

@testable import RTMWire

/// Bytes from a hex string (whitespace ignored); test inputs are written in hex.
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8.filter { $0 != 0x20 && $0 != 0x0A })
    precondition(digits.count % 2 == 0, "odd hex length")
    func nibble(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: preconditionFailure("not hex")
        }
    }
    return stride(from: 0, to: digits.count, by: 2).map {
        nibble(digits[$0]) << 4 | nibble(digits[$0 + 1])
    }
}

/// Lower-case hex of bytes.
func hexString(_ bytes: [UInt8]) -> String {
    let table = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for b in bytes { out.append(table[Int(b >> 4)]); out.append(table[Int(b & 15)]) }
    return String(decoding: out, as: UTF8.self)
}

/// The error a throwing expression raised, or nil.
func caught<T>(_ body: () throws(RTMWireError) -> T) -> RTMWireError? {
    do { _ = try body(); return nil } catch { return error }
}

/// Expects a semantic rule to refuse `envelope` with `code` at `path`: on validation, and on
/// checked decoding of its (wire-only encoded) bytes, which applies the same rules.
func expectRuleRefuses(
    _ name: String, _ envelope: Envelope, _ code: RTMWireError.Code, _ path: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = caught { () throws(RTMWireError) in try envelope.validate() }
    #expect(error?.code == code, "\(name)", sourceLocation: sourceLocation)
    #expect(error?.fieldPath == path, "\(name)", sourceLocation: sourceLocation)
    let bytes = try! envelope.serializedBytes(options: .wireOnly)
    let decoded = caught { () throws(RTMWireError) in try Envelope(serializedBytes: bytes) }
    #expect(
        decoded?.code == code && decoded?.fieldPath == path, "\(name): decoding",
        sourceLocation: sourceLocation)
}

/// A minimal valid envelope header: id, sender, channel conversation.
func header(_ body: Envelope.Body?, conversation: ConversationType = .channel) -> Envelope {
    Envelope(
        messageID: "m-1", sender: Sender(userID: "alice"),
        conversation: Conversation(type: conversation, id: "c-1"), body: body)
}
