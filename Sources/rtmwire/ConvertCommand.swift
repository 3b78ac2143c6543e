import ArgumentParser
import RTMWire
import RTMWireJSON
import RTMWireLegacy

/// `rtmwire convert`: one message between the chat tutorial's legacy JSON, proto3 JSON and
/// protobuf binary.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert one message between legacy JSON (the chat tutorial's), JSON and binary.",
        discussion: """
            Reads one message from standard input (or --input): legacy-json is the tutorial's \
            JSON message (the text of an RTM message), json an Envelope in proto3 JSON, binary \
            an Envelope in protobuf. Writes the converted message: binary as bytes, json as one \
            line, legacy-json as one line per legacy message (a status envelope may need two: \
            status and raise_hand). From legacy-json to an envelope, --conversation is required \
            (the JSON does not name its channel), --message-id gives status and raise_hand \
            messages their id, and a photo needs --image-message (its RTM image message's \
            fields). To legacy-json, a photo's image-message fields are written to \
            --image-message-out. Exit status: 0 success; 1 invalid input ("error: <code>: \
            <detail>" on stderr, <code> an RTMWireError code such as invalidJSON, missingField \
            or noLegacyForm); 2 usage errors.
            """)

    /// A message format.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case legacyJSON = "legacy-json"
        case json, binary
    }

    /// How legacy timestamps are written.
    enum TimestampStyle: String, ExpressibleByArgument, CaseIterable {
        case wholeSeconds = "whole-seconds"
        case truncatedToSeconds = "truncated-to-seconds"
        case milliseconds

        var style: LegacyTimestampStyle {
            switch self {
            case .wholeSeconds: .wholeSeconds
            case .truncatedToSeconds: .truncatedToSeconds
            case .milliseconds: .milliseconds
            }
        }
    }

    @Option(name: .long, help: "Input format: legacy-json, json or binary.")
    var from: Format

    @Option(name: .long, help: "Output format: legacy-json, json or binary.")
    var to: Format

    @Option(
        name: .long,
        help: ArgumentHelp("Read from FILE instead of standard input.", valueName: "FILE"))
    var input: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The conversation of legacy messages: peer:ID, channel:ID or group:ID.",
            valueName: "KIND:ID"))
    var conversation: String?

    @Option(
        name: .customLong("message-id"),
        help: "The envelope id of a legacy message that has none (status, raise_hand).")
    var messageID: String?

    @Option(
        name: .customLong("image-message"),
        help: ArgumentHelp(
            "The RTM image message's fields of a legacy photo, as proto3 JSON of rtmwire.v1.ImageMessage (size absent = unknown).",
            valueName: "JSON"))
    var imageMessage: String?

    @Option(
        name: .customLong("image-message-out"),
        help: ArgumentHelp(
            "Write a photo's image-message fields (proto3 JSON) to FILE.", valueName: "FILE"))
    var imageMessageOut: String?

    @Option(name: .customLong("timestamp-style"), help: "How legacy timestamps are written.")
    var timestampStyle: TimestampStyle = .wholeSeconds

    @Flag(
        name: .customLong("ignore-unknown-fields"),
        help: "Drop members a legacy message type does not have instead of failing.")
    var ignoreUnknownFields = false

    @OptionGroup var output: OutputOptions

    private var legacyOptions: LegacyJSONOptions {
        LegacyJSONOptions(
            timestampStyle: timestampStyle.style, ignoreUnknownFields: ignoreUnknownFields)
    }

    func validate() throws {
        if from == .legacyJSON, to != .legacyJSON, conversation == nil {
            throw ValidationError("--from legacy-json needs --conversation KIND:ID")
        }
        if let conversation { _ = try Self.conversation(conversation) }
    }

    func run() throws {
        if to == .binary { try output.checkBinaryOutput() }
        let data: [UInt8]
        if let input {
            data = try StandardStreams.readFile(input)
        } else {
            data = try StandardStreams.readAll()
        }
        if from == .legacyJSON, to == .legacyJSON {
            let message = try LegacyChatMessage(jsonBytes: data, options: legacyOptions)
            StandardStreams.write(try message.jsonString(options: legacyOptions) + "\n")
            return
        }
        let envelope = try readEnvelope(data)
        switch to {
        case .binary:
            StandardStreams.write(try envelope.serializedBytes())
        case .json:
            StandardStreams.write(envelope.jsonString() + "\n")
        case .legacyJSON:
            try writeLegacy(envelope)
        }
    }

    private func readEnvelope(_ data: [UInt8]) throws -> Envelope {
        switch from {
        case .binary:
            return try Envelope(serializedBytes: data)
        case .json:
            return try Envelope(jsonValue: try JSONValue(parsing: data))
        case .legacyJSON:
            let message = try LegacyChatMessage(jsonBytes: data, options: legacyOptions)
            var photo: LegacyPhotoAttachment?
            if let imageMessage {
                do {
                    let fields = try ImageMessage(jsonString: imageMessage, options: .wireOnly)
                    photo = LegacyPhotoAttachment(fields)
                } catch {
                    throw error.prefixingPath("--image-message")
                }
            }
            var bridge = LegacyBridge(
                conversation: try Self.conversation(conversation ?? ""), options: legacyOptions)
            return try bridge.envelope(from: message, photo: photo, fallbackMessageID: messageID)
        }
    }

    private func writeLegacy(_ envelope: Envelope) throws {
        var bridge = LegacyBridge(
            conversation: envelope.conversation ?? Conversation(), options: legacyOptions)
        let outbound = try bridge.legacyMessages(from: envelope)
        var text = ""
        for item in outbound {
            text += try item.message.jsonString(options: legacyOptions) + "\n"
            if let photo = item.photo {
                guard let imageMessageOut else {
                    throw ValidationError(
                        "a photo's RTM image message fields have no place in its JSON; pass --image-message-out FILE"
                    )
                }
                let fields = ImageMessage(
                    mediaID: photo.mediaID, fileName: photo.fileName, size: photo.size ?? 0,
                    width: photo.width, height: photo.height, thumbnail: photo.thumbnail,
                    thumbnailWidth: photo.thumbnailWidth, thumbnailHeight: photo.thumbnailHeight)
                try StandardStreams.writeFile(
                    imageMessageOut, Array((fields.jsonString() + "\n").utf8))
            }
        }
        StandardStreams.write(text)
    }

    /// `channel:general` → a channel conversation with id `general`.
    static func conversation(_ text: String) throws -> Conversation {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let kinds: [String: ConversationType] = [
            "peer": .peer, "channel": .channel, "group": .group,
        ]
        guard parts.count == 2, let kind = kinds[parts[0]], !parts[1].isEmpty else {
            throw ValidationError(
                "--conversation is KIND:ID with KIND peer, channel or group, not '\(text)'")
        }
        return Conversation(type: kind, id: parts[1])
    }
}
