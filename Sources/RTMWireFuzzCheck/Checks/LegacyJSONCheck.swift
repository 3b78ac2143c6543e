import RTMWire
import RTMWireJSON
import RTMWireLegacy

/// The properties of the legacy JSON bridge, fed the same inputs as the proto3 JSON checks.
///
/// - `LegacyChatMessage(jsonBytes:)` rejects only with JSON, semantic and limit codes.
/// - What parses prints (milliseconds style, which every readable timestamp fits) to text that
///   parses to an equal message and prints identically.
/// - Its envelope, when the bridge builds one, encodes, decodes equal, and bridges back: to the
///   same message for text and kept types, to the announced state for status updates.
/// - The mixed-format receiver never traps and reports errors of known kinds.
public enum LegacyJSONCheck {
    static let options = LegacyJSONOptions(timestampStyle: .milliseconds)
    static let parseCodes = KnownCodes.jsonMessage
    static let bridgeCodes = KnownCodes.binary.union(KnownCodes.json)

    /// Checks one fuzzer input; throws ``CheckFailure`` when a property does not hold.
    public static func run(_ bytes: [UInt8]) throws(CheckFailure) {
        let conversation = Conversation(type: .channel, id: "fuzz")
        var receiver = MixedFormatReceiver(bridge: LegacyBridge(conversation: conversation))
        if case .failure(let error) = outcome({ () throws(RTMWireError) in
            try receiver.receive(bytes, fallbackMessageID: "fuzz-id")
        }) {
            try check(bridgeCodes.contains(error.code), "unexpected receiver error \(error)")
        }
        let parsed = outcome { () throws(RTMWireError) in
            try LegacyChatMessage(jsonBytes: bytes, options: options)
        }
        let message: LegacyChatMessage
        switch parsed {
        case .failure(let error):
            try check(parseCodes.contains(error.code), "unexpected legacy parse error \(error)")
            return
        case .success(let value):
            message = value
        }
        let text: String
        switch outcome({ () throws(RTMWireError) in try message.jsonString(options: options) }) {
        case .success(let printed): text = printed
        case .failure(let error):
            throw CheckFailure("a parsed legacy message does not print: \(error)")
        }
        switch outcome({ () throws(RTMWireError) in
            try LegacyChatMessage(jsonString: text, options: options)
        }) {
        case .success(let again):
            try check(again == message, "printed legacy JSON \(text) parses differently")
            try check(
                (try? again.jsonString(options: options)) == text, "legacy printing is not stable")
        case .failure(let error):
            // Printing may only grow the text past the RTM limit (escapes are never added, but
            // a timestamp gains its milliseconds).
            try check(error.code == .limitExceeded, "printed legacy JSON \(text) fails: \(error)")
        }
        var bridge = LegacyBridge(conversation: conversation, options: options)
        let envelope: Envelope
        switch outcome({ () throws(RTMWireError) in
            try bridge.envelope(from: message, fallbackMessageID: "fuzz-id")
        }) {
        case .success(let built): envelope = built
        case .failure(let error):
            try check(bridgeCodes.contains(error.code), "unexpected bridge error \(error)")
            return
        }
        let decoded = outcome { () throws(RTMWireError) in
            try Envelope(serializedBytes: envelope.serializedBytes())
        }
        try check(decoded == .success(envelope), "a bridged envelope does not round-trip")
        var back = LegacyBridge(conversation: conversation, options: options)
        switch outcome({ () throws(RTMWireError) in try back.legacyMessages(from: envelope) }) {
        case .success(let outbound):
            switch message.kind {
            case .status, .raiseHand:
                try check(
                    back.members[message.sender.senderID]
                        == bridge.members[message.sender.senderID],
                    "status state differs after bridging back")
            default:
                try check(
                    outbound.map(\.message) == [message], "\(text) does not bridge back equal")
            }
        case .failure(let error):
            throw CheckFailure("a bridged envelope has no legacy form: \(error)")
        }
    }
}
