import RTMWire

/// Who is typing where, from typing indicators: what a chat screen shows as "alice is typing…".
///
/// A STARTED indicator shows its sender for its expiry hint (or ``defaultExpiryMs`` when it
/// gives none), so a sender that vanishes without a STOPPED is not shown typing forever; a
/// repeat extends it. STOPPED, or a content message from the sender in that conversation (the
/// text was sent), hides it.
public struct TypingTracker: Sendable {
    /// How long a STARTED indicator without an expiry hint shows, in ms. Default 5,000.
    public var defaultExpiryMs: Int64

    private struct Place: Hashable, Sendable {
        let type: ConversationType
        let id: String
    }

    /// Per conversation: typing users with the time their indicator expires, in start order.
    private var typing: [Place: [(userID: String, expiresAtMs: Int64)]] = [:]

    /// Creates an empty tracker.
    public init(defaultExpiryMs: Int64 = 5_000) {
        self.defaultExpiryMs = defaultExpiryMs
    }

    /// Applies an envelope received at `nowMs`; true when who is typing in its conversation
    /// changed. Anything but typing indicators and content messages changes nothing.
    @discardableResult
    public mutating func apply(_ envelope: Envelope, at nowMs: Int64) -> Bool {
        guard let sender = envelope.sender?.userID, let conversation = envelope.conversation
        else { return false }
        let place = Place(type: conversation.type, id: conversation.id)
        let before = typingUserIDs(at: place, nowMs)
        var users = (typing[place] ?? []).filter { $0.expiresAtMs > nowMs }
        let index = users.firstIndex { $0.userID == sender }
        switch envelope.body {
        case .typing(let indicator)? where indicator.state == .started:
            let expiry =
                indicator.expiresAfterMs == 0 ? defaultExpiryMs : Int64(indicator.expiresAfterMs)
            if let index {  // a repeat: the sender keeps its place
                users[index].expiresAtMs = nowMs + expiry
            } else {
                users.append((userID: sender, expiresAtMs: nowMs + expiry))
            }
        case .typing(let indicator)? where indicator.state == .stopped:
            if let index { users.remove(at: index) }
        case .text?, .image?, .file?, .custom?:  // sent: no longer typing
            if let index { users.remove(at: index) }
        default:  // anything else, including a typing state of a newer schema
            return false
        }
        typing[place] = users.isEmpty ? nil : users
        return typingUserIDs(at: place, nowMs) != before
    }

    /// The users typing in `conversation` at `nowMs`, in the order they started.
    public func typingUserIDs(in conversation: Conversation, at nowMs: Int64) -> [String] {
        typingUserIDs(at: Place(type: conversation.type, id: conversation.id), nowMs)
    }

    private func typingUserIDs(at place: Place, _ nowMs: Int64) -> [String] {
        (typing[place] ?? []).filter { $0.expiresAtMs > nowMs }.map(\.userID)
    }
}
