import RTMWireTestSupport
import Testing

@testable import RTMWire
@testable import RTMWireJSON

// In this module `Envelope`, `TextMessage`, ... are the baseline schema's types (Generated/,
// from Schemas/baseline/rtmwire-v1.binpb): a reader that never saw edits, recalls, reactions,
// typing, mentions or replies. `RTMWire.Envelope` is the current schema's.

/// What a reader built from the baseline schema does with envelopes of the current one: it keeps
/// the new data as unknown fields, re-encodes it byte for byte, still routes the envelope by its
/// header, and reports a body of a newer kind as `.unknown(fieldNumber:)`, not as an error.
@Suite("The baseline reader reads newer envelopes")
struct BaselineReaderTests {
    /// The field number of each body kind the baseline does not know.
    static let newKinds: [String: Int] = [
        "edit": 25, "recall": 26, "reaction": 27, "reactionSummary": 28, "typing": 29,
        "streamPullRequest": 30, "streamPullResponse": 31, "appDataUpdate": 32, "signIn": 33,
        "acknowledgement": 34, "refusal": 35, "historyRequest": 36, "historyPage": 37,
        "groupRequest": 38, "groupResponse": 39,
    ]

    static func newKind(_ body: RTMWire.Envelope.Body?) -> String? {
        switch body {
        case .edit?: "edit"
        case .recall?: "recall"
        case .reaction?: "reaction"
        case .reactionSummary?: "reactionSummary"
        case .typing?: "typing"
        case .streamPullRequest?: "streamPullRequest"
        case .streamPullResponse?: "streamPullResponse"
        case .appDataUpdate?: "appDataUpdate"
        case .signIn?: "signIn"
        case .acknowledgement?: "acknowledgement"
        case .refusal?: "refusal"
        case .historyRequest?: "historyRequest"
        case .historyPage?: "historyPage"
        case .groupRequest?: "groupRequest"
        case .groupResponse?: "groupResponse"
        default: nil
        }
    }

    /// True when `envelope` carries anything the baseline schema lacks.
    static func usesNewFields(_ envelope: RTMWire.Envelope) -> Bool {
        switch envelope.body {
        case .text(let text)?: if text.mentions != nil { return true }
        case .image(let image)?: if image.mentions != nil || image.expireTimeMs != 0 { return true }
        case .file(let file)?: if file.mentions != nil || file.expireTimeMs != 0 { return true }
        case .stream(let stream)?: if !stream.summary.isEmpty { return true }
        case .status(let status)?: if !status.memberUserID.isEmpty { return true }
        case .receipt(let receipt)?:
            switch receipt.kind {
            case .groupRead(let read)?: if !read.readerUserID.isEmpty { return true }
            case .groupAckQuery?, .groupAckPage?: return true
            default: break
            }
        case .metadata(let metadata)?:
            // An enum value the baseline lacks reads as its number in JSON.
            if case .request(let request)? = metadata.kind,
                request.operation == .acquireLock || request.operation == .releaseLock
            {
                return true
            }
        default: break
        }
        return envelope.replyTo != nil || !envelope.appData.isEmpty
            || newKind(envelope.body) != nil
    }

    /// Reads `bytes` with both readers and checks everything the baseline reader must do.
    func check(_ bytes: [UInt8], _ name: String) throws {
        let newer = try RTMWire.Envelope(serializedBytes: bytes)
        // Checked decoding: the wire rules, the limits and the generated rules.
        let older = try Envelope(serializedBytes: bytes)
        #expect(try older.serializedBytes() == bytes, "re-encoded byte for byte: \(name)")
        // Routed by the header, which is intact.
        #expect(older.messageID == newer.messageID, "\(name)")
        #expect(older.sender?.userID == newer.sender?.userID, "\(name)")
        #expect(older.sender?.displayName == newer.sender?.displayName, "\(name)")
        #expect(older.sendTimeMs == newer.sendTimeMs, "\(name)")
        #expect(older.conversation?.type.rawValue == newer.conversation?.type.rawValue, "\(name)")
        #expect(older.conversation?.id == newer.conversation?.id, "\(name)")
        #expect(
            older.deliveryOptions?.jsonString() == newer.deliveryOptions?.jsonString(), "\(name)")
        if let kind = Self.newKind(newer.body) {
            #expect(older.body == nil, "\(name)")
            #expect(older.bodyMember == .unknown(fieldNumber: Self.newKinds[kind]!), "\(name)")
        } else {
            #expect(older.body != nil, "\(name)")
        }
        if Self.usesNewFields(newer) {
            // The new data is kept as unknown fields (proto3 JSON drops them) ...
            #expect(older.jsonString() != newer.jsonString(), "\(name)")
        } else {
            #expect(older.jsonString() == newer.jsonString(), "\(name)")
        }
        // ... and a newer peer gets all of it back from the older one.
        #expect(try RTMWire.Envelope(serializedBytes: older.serializedBytes()) == newer, "\(name)")
    }

    @Test("every valid envelope vector", arguments: NewerVectors.envelopes.map(\.description))
    func everyValidEnvelopeVector(id: String) throws {
        let vector = try #require(NewerVectors.envelopes.first { $0.description == id })
        try check(vector.bytes, id)
    }

    /// The member of the body as Vectors/evolution.json records it: a field name, `unknown N`
    /// or `none`.
    static func recorded(_ member: OneofMember<Envelope.Body>) -> String {
        switch member {
        case .known(.text): "text"
        case .known(.image): "image"
        case .known(.file): "file"
        case .known(.status): "status"
        case .known(.receipt): "receipt"
        case .known(.stream): "stream"
        case .known(.streamChunk): "stream_chunk"
        case .known(.metadata): "metadata"
        case .known(.custom): "custom"
        case .unknown(let number): "unknown \(number)"
        case .absent: "none"
        }
    }

    /// RTMWire's baseline reader does what Google's Python and protobuf-c built from the
    /// baseline did, as Vectors/evolution.json records it.
    @Test(
        "agrees with the recorded baseline readers",
        arguments: NewerVectors.evolution.map(\.description))
    func agreesWithTheRecordedBaselineReaders(id: String) throws {
        let vector = try #require(NewerVectors.evolution.first { $0.description == id })
        let older = try Envelope(serializedBytes: vector.bytes)
        guard case .object(let readers)? = vector.baseline, !readers.isEmpty else {
            Issue.record("\(id) records no baseline readers")
            return
        }
        for reader in readers {
            let record = reader.value
            #expect(record["result"] == .string("accept"), "\(reader.key)")
            #expect(record["reencodedHex"] == nil, "\(reader.key) re-encoded otherwise")
            #expect(record["body"] == .string(Self.recorded(older.bodyMember)), "\(reader.key)")
            let numbers = older.unknownFields.fieldNumbers.map { JSONValue.number(String($0)) }
            #expect(record["unknownFields"] == .array(numbers), "\(reader.key)")
        }
        #expect(try older.serializedBytes() == vector.bytes)
    }

    @Test func theVectorsUseEveryNewKindAndField() throws {
        var kinds: Set<String> = []
        var replies = 0
        var mentions: Set<String> = []
        for vector in NewerVectors.envelopes {
            let envelope = try RTMWire.Envelope(serializedBytes: vector.bytes)
            if let kind = Self.newKind(envelope.body) { kinds.insert(kind) }
            if envelope.replyTo != nil { replies += 1 }
            switch envelope.body {
            case .text(let text)? where text.mentions != nil: mentions.insert("text")
            case .image(let image)? where image.mentions != nil: mentions.insert("image")
            case .file(let file)? where file.mentions != nil: mentions.insert("file")
            case .edit(let edit)?:
                if case .caption(let caption)? = edit.content, caption.mentions != nil {
                    mentions.insert("caption")
                }
            default: break
            }
        }
        #expect(kinds == Set(Self.newKinds.keys))
        #expect(replies > 0)
        #expect(mentions == ["text", "image", "file", "caption"])
    }

    @Test func swiftMadeEnvelopesOfEveryKind() throws {
        for envelope in Fixtures.everyKind() {
            try check(envelope.serializedBytes(), envelope.messageID)
        }
    }

    @Test func anOlderReaderKeepsNewFieldsInsideKnownBodies() throws {
        var reply = RTMWire.Envelope(
            messageID: "m", sender: RTMWire.Sender(userID: "alice"),
            conversation: RTMWire.Conversation(type: .group, id: "team"),
            body: .text(
                RTMWire.TextMessage(text: "@bob hi", mentions: RTMWire.Mentions(userIDs: ["bob"]))))
        reply.replyTo = RTMWire.MessageReference(messageID: "m-0", excerpt: "hello")
        let older = try Envelope(serializedBytes: reply.serializedBytes())
        // The text it knows; the mentions as an unknown field 2 inside it; the reply as an
        // unknown field 64 of the envelope.
        guard case .text(let text)? = older.body else {
            Issue.record("no text body")
            return
        }
        #expect(text.text == "@bob hi")
        #expect(text.unknownFields.fieldNumbers == [2])
        #expect(older.unknownFields.fieldNumbers == [64])
        #expect(older.bodyMember == .known(.text(text)))
    }

    @Test func theBaselineHasNoneOfTheNewTypes() {
        // This module's registry is the baseline's: 30 messages, none of the new ones.
        #expect(RTMMessageTypes.all.count == 30)
        for name in [
            "rtmwire.v1.MessageEdit", "rtmwire.v1.MessageRecall", "rtmwire.v1.Reaction",
            "rtmwire.v1.ReactionSummary", "rtmwire.v1.ReactionCount", "rtmwire.v1.TypingIndicator",
            "rtmwire.v1.Mentions", "rtmwire.v1.Caption", "rtmwire.v1.MessageReference",
        ] {
            #expect(RTMMessageTypes.type(named: name) == nil, "\(name)")
            #expect(RTMWire.RTMMessageTypes.type(named: name) != nil, "\(name)")
        }
    }
}
