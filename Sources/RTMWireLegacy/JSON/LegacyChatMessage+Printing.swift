import RTMWire
import RTMWireJSON

extension LegacyChatMessage {
    /// The message as the tutorial's clients expect it: compact JSON with members in the order
    /// of the tutorial's example (`sender` {`display_name`, `sender_id`}, `message_id`,
    /// `timestamp`, `type`, `body`), non-ASCII text as raw UTF-8, `raise_hand` bodies as the
    /// strings `"true"`/`"false"`, timestamps in ``LegacyJSONOptions/timestampStyle``. A message
    /// of another type prints its kept object as it is.
    ///
    /// - Throws: `RTMWireError/Code/missingField` when a text or photo message lacks its id or
    ///   timestamp, `RTMWireError/Code/invalidValue` when a status or raise-hand message has
    ///   one (the tutorial's form has no place for it) or the timestamp cannot be written in the
    ///   chosen style.
    public func jsonValue(options: LegacyJSONOptions = .default) throws(RTMWireError) -> JSONValue {
        if case .other(_, let object) = kind { return object }
        var members = [
            JSONMember(
                "sender",
                .object([
                    JSONMember("display_name", .string(sender.displayName)),
                    JSONMember("sender_id", .string(sender.senderID)),
                ]))
        ]
        let body: JSONValue?
        switch kind {
        case .text(let text):
            body = .string(text)
        case .photo(let caption):
            body = caption.map(JSONValue.string)
        case .status(let status):
            body = .string(status.rawValue)
        case .raiseHand(let raised):
            body = .string(raised ? "true" : "false")
        case .other:
            body = nil
        }
        switch kind {
        case .text, .photo:
            guard let messageID else { throw Self.missing("message_id", kind.type) }
            guard let timestampMs else { throw Self.missing("timestamp", kind.type) }
            members.append(JSONMember("message_id", .string(messageID)))
            members.append(
                JSONMember(
                    "timestamp",
                    .string(
                        try ISO8601.string(
                            fromMilliseconds: timestampMs, style: options.timestampStyle))))
        default:
            for (name, present) in [
                ("message_id", messageID != nil), ("timestamp", timestampMs != nil),
            ]
            where present {
                throw RTMWireError(
                    code: .invalidValue, fieldPath: name,
                    detail:
                        "a legacy \(kind.type) message has no \"\(name)\" in the tutorial's protocol"
                )
            }
        }
        members.append(JSONMember("type", .string(kind.type)))
        if let body { members.append(JSONMember("body", body)) }
        return .object(members)
    }

    /// The compact JSON text; see ``jsonValue(options:)``.
    public func jsonString(options: LegacyJSONOptions = .default) throws(RTMWireError) -> String {
        try jsonValue(options: options).serialized()
    }
}
