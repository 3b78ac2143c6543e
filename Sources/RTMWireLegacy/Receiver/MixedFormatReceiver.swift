import RTMWire

/// Receives the messages of a conversation where tutorial clients (legacy JSON) and RTMWire
/// clients (binary envelopes) talk at once, and hands back an `Envelope` for each, saying
/// which format it came in.
///
/// The format is told by the first byte: `{` (0x7B) starts legacy JSON. A binary envelope never
/// starts with it: 0x7B would be the tag of a group in field 15, which `Envelope` reserves and
/// no proto3 encoder (RTMWire, protobuf-c, Google's) writes; RTMWire's envelopes start with
/// 0x0A, the tag of `message_id`.
public struct MixedFormatReceiver: Sendable {
    /// The format a message came in.
    public enum Format: String, Hashable, Sendable {
        /// An RTMWire envelope in protobuf binary.
        case binaryEnvelope = "binary"
        /// The tutorial's JSON.
        case legacyJSON = "legacy-json"
    }

    /// One received message.
    public struct Received: Hashable, Sendable {
        /// The format it came in.
        public var format: Format
        /// The envelope (decoded, or converted from legacy JSON).
        public var envelope: Envelope
        /// The legacy message it was converted from, for ``Format/legacyJSON``.
        public var legacy: LegacyChatMessage?
    }

    /// The bridge converting legacy messages; it also sees status envelopes received in
    /// binary, so legacy status updates build on them.
    public var bridge: LegacyBridge
    /// Options for decoding binary envelopes.
    public var codecOptions: CodecOptions

    /// A receiver for `bridge`'s conversation.
    public init(bridge: LegacyBridge, codecOptions: CodecOptions = .default) {
        self.bridge = bridge
        self.codecOptions = codecOptions
    }

    /// The format `bytes` are in, from their first byte.
    public static func format(of bytes: some Collection<UInt8>) -> Format {
        bytes.first == UInt8(ascii: "{") ? .legacyJSON : .binaryEnvelope
    }

    /// Decodes or converts one message. `photo` is the RTM image message's fields when the bytes
    /// are the text of one; `fallbackMessageID` is evaluated only for a legacy message without
    /// an id (status and raise-hand messages), for example `UUID().uuidString`.
    ///
    /// - Throws: the binary decoder's or the legacy bridge's `RTMWireError`.
    public mutating func receive(
        _ bytes: some Collection<UInt8>, photo: LegacyPhotoAttachment? = nil,
        fallbackMessageID: @autoclosure () -> String? = nil
    ) throws(RTMWireError) -> Received {
        switch Self.format(of: bytes) {
        case .binaryEnvelope:
            let envelope = try Envelope(serializedBytes: bytes, options: codecOptions)
            bridge.observe(envelope)
            return Received(format: .binaryEnvelope, envelope: envelope)
        case .legacyJSON:
            let message = try LegacyChatMessage(jsonBytes: bytes, options: bridge.options)
            let envelope = try bridge.envelope(
                from: message, photo: photo,
                fallbackMessageID: message.messageID == nil ? fallbackMessageID() : nil)
            return Received(format: .legacyJSON, envelope: envelope, legacy: message)
        }
    }
}
