import RTMWire

extension MessageStore {
    /// The server policy a ``MessageStore`` applies (who may recall what, and for how long) and
    /// the bounds that keep one message's reactions from growing without limit. None of these is
    /// a codec rule: the `.proto` comments leave them to the server.
    public struct Configuration: Hashable, Sendable {
        /// How long after the store received a message its sender may recall it, in ms.
        /// Default 120,000 (two minutes, Agora Chat's default recall window).
        public var recallWindowMs: Int64
        /// Users who may recall any message at any time (group owners, moderators).
        public var moderatorUserIDs: Set<String>
        /// Most distinct reaction keys on one message. Default 50.
        public var maxReactionKeysPerMessage: Int
        /// Most reactions (user and key pairs) on one message. Default 10,000.
        public var maxReactionsPerMessage: Int
        /// The limits edited content is checked against, and the number of recent users a
        /// summary lists (`Limits.maxReactionRecentUsers`).
        public var limits: Limits

        /// Creates a configuration; every parameter defaults to the documented default.
        public init(
            recallWindowMs: Int64 = 120_000, moderatorUserIDs: Set<String> = [],
            maxReactionKeysPerMessage: Int = 50, maxReactionsPerMessage: Int = 10_000,
            limits: Limits = .default
        ) {
            self.recallWindowMs = recallWindowMs
            self.moderatorUserIDs = moderatorUserIDs
            self.maxReactionKeysPerMessage = maxReactionKeysPerMessage
            self.maxReactionsPerMessage = maxReactionsPerMessage
            self.limits = limits
        }

        /// The documented defaults.
        public static let `default` = Configuration()
    }
}
