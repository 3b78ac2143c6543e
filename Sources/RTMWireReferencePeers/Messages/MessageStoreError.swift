import RTMWire

/// Why a ``MessageStore`` refused an edit, a recall or a reaction. An open struct: switch on
/// ``code`` and keep a `default:` branch.
public struct MessageStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The message the edit, recall or reaction targets.
    public var targetMessageID: String
    /// For ``Code/invalidEdit``: what the edited message broke.
    public var validationError: RTMWireError?
    /// For ``Code/tooManyReactions`` and ``Code/tooManyAppDataEntries``: the bound, named by
    /// its ``MessageStore/Configuration`` or `Limits` property.
    public var limit: RTMWireError.LimitViolation?
    /// A human-readable sentence.
    public var detail: String

    /// Creates an error.
    public init(
        code: Code, targetMessageID: String, validationError: RTMWireError? = nil,
        limit: RTMWireError.LimitViolation? = nil, detail: String
    ) {
        self.code = code
        self.targetMessageID = targetMessageID
        self.validationError = validationError
        self.limit = limit
        self.detail = detail
    }

    /// `<code>: message <id>: <detail>`.
    public var description: String {
        var text = "\(code.name): message \(targetMessageID): \(detail)"
        if let limit { text += " (limit \(limit))" }
        return text
    }

    /// The kind of a ``MessageStoreError``: an open set of named values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable, machine-readable name.
        public let name: String

        /// Creates a code with a stable name.
        public init(_ name: String) { self.name = name }

        /// The name.
        public var description: String { name }

        /// The store holds no message with the target id.
        public static let unknownTarget = Code("unknownTarget")
        /// The user may not do this: an edit by someone other than the sender, a recall by
        /// someone other than the sender or a moderator, or by the sender after the recall
        /// window, or a recall whose recalled_by_user_id is not its envelope's sender.
        public static let notAllowed = Code("notAllowed")
        /// The target was recalled: it can be neither edited nor reacted to.
        public static let targetRecalled = Code("targetRecalled")
        /// The edit does not fit the target: a new text for a message that is not a text, a
        /// new caption for one that is not an image or file, or a content of a newer schema.
        public static let contentMismatch = Code("contentMismatch")
        /// The edited message would break a rule (say, caption + file name + thumbnail over the
        /// content budget); ``MessageStoreError/validationError`` says which.
        public static let invalidEdit = Code("invalidEdit")
        /// A new reaction would pass ``MessageStore/Configuration/maxReactionKeysPerMessage`` or
        /// ``MessageStore/Configuration/maxReactionsPerMessage``.
        public static let tooManyReactions = Code("tooManyReactions")
        /// An app data update would leave the message more than `Limits.maxAppDataEntries`
        /// entries.
        public static let tooManyAppDataEntries = Code("tooManyAppDataEntries")
    }
}
