import RTMWire
import RTMWireJSON

extension LegacyChatMessage {
    /// Parses the JSON text of an RTM message (UTF-8) strictly.
    ///
    /// - Throws: `RTMWireError` naming the member: `RTMWireError/Code/invalidJSON` for text
    ///   that is not a JSON object or a member of the wrong JSON type,
    ///   `RTMWireError/Code/missingField` for a member the type requires,
    ///   `RTMWireError/Code/unknownJSONField` for one it does not have (unless
    ///   ``LegacyJSONOptions/ignoreUnknownFields``), `RTMWireError/Code/invalidValue` for a
    ///   status other than online/offline, a raise-hand body other than "true"/"false", or a
    ///   timestamp ``ISO8601`` cannot read exactly, and `RTMWireError/Code/limitExceeded`
    ///   (`maxContentBytes`) for text longer than an RTM message may be.
    public init(
        jsonBytes bytes: some Collection<UInt8>, options: LegacyJSONOptions = .default
    ) throws(RTMWireError) {
        let count = bytes.count
        guard count <= options.limits.maxContentBytes else {
            throw RTMWireError(
                code: .limitExceeded,
                limit: .init(
                    name: "maxContentBytes", allowed: options.limits.maxContentBytes,
                    actual: count),
                detail: "a legacy message is the text of one RTM message, limited to 32 KB")
        }
        let value = try JSONValue(parsing: bytes, maxDepth: options.maxDepth)
        try self.init(jsonValue: value, options: options)
    }

    /// Parses legacy JSON text; see ``init(jsonBytes:options:)``.
    public init(jsonString text: String, options: LegacyJSONOptions = .default)
        throws(RTMWireError)
    {
        try self.init(jsonBytes: Array(text.utf8), options: options)
    }

    /// Reads a parsed JSON value; see ``init(jsonBytes:options:)``.
    public init(jsonValue: JSONValue, options: LegacyJSONOptions = .default) throws(RTMWireError) {
        guard case .object(let members) = jsonValue else {
            throw RTMWireError(code: .invalidJSON, detail: "a legacy message is a JSON object")
        }
        let type = try Self.string(jsonValue["type"], "type")
        let sender = try LegacySender(json: jsonValue["sender"], options: options)
        let known: Set<String>
        switch type {
        case "text", "photo": known = ["sender", "message_id", "timestamp", "type", "body"]
        case "status", "raise_hand": known = ["sender", "type", "body"]
        default: known = []  // another app's type: kept whole, members unchecked
        }
        if !known.isEmpty, !options.ignoreUnknownFields {
            for member in members where !known.contains(member.key) {
                throw RTMWireError(
                    code: .unknownJSONField, fieldPath: member.key,
                    detail: "a legacy \(type) message has no member \"\(member.key)\"")
            }
        }
        let messageID = try jsonValue["message_id"].map { (value) throws(RTMWireError) in
            try Self.string(value, "message_id")
        }
        let timestampMs = try jsonValue["timestamp"].map { (value) throws(RTMWireError) in
            try ISO8601.milliseconds(from: Self.string(value, "timestamp"))
        }
        let body = jsonValue["body"]
        let kind: Kind
        switch type {
        case "text":
            kind = .text(try Self.string(body, "body"))
        case "photo":
            kind = .photo(
                caption: try body.map { (value) throws(RTMWireError) in
                    try Self.string(value, "body")
                })
        case "status":
            let text = try Self.string(body, "body")
            guard let status = LegacyStatus(rawValue: text) else {
                throw RTMWireError(
                    code: .invalidValue, fieldPath: "body",
                    detail: "a status body is \"online\" or \"offline\", not \"\(text)\"")
            }
            kind = .status(status)
        case "raise_hand":
            switch try Self.string(body, "body") {
            case "true": kind = .raiseHand(true)
            case "false": kind = .raiseHand(false)
            case let text:
                throw RTMWireError(
                    code: .invalidValue, fieldPath: "body",
                    detail: "a raise_hand body is the string \"true\" or \"false\", not \"\(text)\""
                )
            }
        default:
            kind = .other(type: type, object: jsonValue)
        }
        if case .text = kind {
            guard messageID != nil else { throw Self.missing("message_id", type) }
            guard timestampMs != nil else { throw Self.missing("timestamp", type) }
        } else if case .photo = kind {
            guard messageID != nil else { throw Self.missing("message_id", type) }
            guard timestampMs != nil else { throw Self.missing("timestamp", type) }
        }
        self.init(sender: sender, messageID: messageID, timestampMs: timestampMs, kind: kind)
    }

    static func missing(_ member: String, _ type: String) -> RTMWireError {
        RTMWireError(
            code: .missingField, fieldPath: member,
            detail: "a legacy \(type) message needs \"\(member)\"")
    }

    /// A required string member: absent is `missingField`, another JSON type `invalidJSON`.
    static func string(_ value: JSONValue?, _ path: String) throws(RTMWireError) -> String {
        guard let value else {
            throw RTMWireError(code: .missingField, fieldPath: path, detail: "required and absent")
        }
        guard case .string(let text) = value else {
            throw RTMWireError(
                code: .invalidJSON, fieldPath: path, detail: "must be a JSON string")
        }
        return text
    }
}

extension LegacySender {
    /// Reads `{"display_name": "…", "sender_id": "…"}`: both required strings.
    init(json: JSONValue?, options: LegacyJSONOptions) throws(RTMWireError) {
        guard let json else {
            throw RTMWireError(
                code: .missingField, fieldPath: "sender", detail: "required and absent")
        }
        guard case .object(let members) = json else {
            throw RTMWireError(
                code: .invalidJSON, fieldPath: "sender", detail: "must be a JSON object")
        }
        if !options.ignoreUnknownFields {
            for member in members where member.key != "display_name" && member.key != "sender_id" {
                throw RTMWireError(
                    code: .unknownJSONField, fieldPath: "sender." + member.key,
                    detail: "a legacy sender has no member \"\(member.key)\"")
            }
        }
        self.init(
            senderID: try LegacyChatMessage.string(json["sender_id"], "sender.sender_id"),
            displayName: try LegacyChatMessage.string(json["display_name"], "sender.display_name"))
    }
}
