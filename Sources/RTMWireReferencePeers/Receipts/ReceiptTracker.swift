import RTMWire

/// The sending side of receipts: records what was sent and folds incoming receipts into
/// per-message state (sent → delivered → read, group reads with content and ack id, group read
/// counts), as Agora Chat's messagesDidDeliver / messagesDidRead / onConversationRead /
/// groupMessageDidRead callbacks report them.
public struct ReceiptTracker: Sendable {
    /// How far a message has got.
    public enum Stage: Int, Comparable, Hashable, Sendable {
        /// Sent; no receipt yet.
        case sent
        /// A delivery receipt arrived.
        case delivered
        /// A read, conversation-read or group-read receipt arrived.
        case read

        /// Orders stages by progress.
        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One group member's read of a group message.
    public struct GroupRead: Hashable, Sendable {
        /// The member who read it (the receipt's sender).
        public var readerUserID: String
        /// The content attached by the reader.
        public var content: String
        /// The acknowledgement id.
        public var ackID: String
        /// When it was read (ms since the Unix epoch; 0 = unknown).
        public var readTimeMs: Int64

        /// Creates a record of one member's read.
        public init(readerUserID: String, content: String, ackID: String, readTimeMs: Int64) {
            self.readerUserID = readerUserID
            self.content = content
            self.ackID = ackID
            self.readTimeMs = readTimeMs
        }
    }

    /// What the sender knows about one message.
    public struct MessageState: Hashable, Sendable {
        /// The message.
        public let messageID: String
        /// Where it was sent.
        public let conversation: Conversation
        /// How far it has got.
        public var stage: Stage
        /// Delivery time from the delivery receipt (0 = unknown).
        public var deliveredAtMs: Int64
        /// Group members' reads, in arrival order, one per ack id.
        public var groupReads: [GroupRead]
        /// The latest read count reported by a group read count receipt.
        public var reportedGroupReadCount: UInt32

        /// Members known to have read a group message: the larger of the reads received and the
        /// reported count.
        public var groupReadCount: UInt32 {
            max(UInt32(clamping: groupReads.count), reportedGroupReadCount)
        }
    }

    private var states: [String: MessageState] = [:]
    private var order: [String] = []

    /// Creates an empty tracker.
    public init() {}

    /// Starts tracking a sent message (receipts themselves are not tracked).
    public mutating func didSend(_ envelope: Envelope) {
        guard !ReceiptResponder.isReceipt(envelope), states[envelope.messageID] == nil else {
            return
        }
        states[envelope.messageID] = MessageState(
            messageID: envelope.messageID, conversation: envelope.conversation ?? Conversation(),
            stage: .sent, deliveredAtMs: 0, groupReads: [], reportedGroupReadCount: 0)
        order.append(envelope.messageID)
    }

    /// Folds in a received envelope if it is a receipt; returns the ids of the messages whose
    /// state changed (empty for anything else).
    @discardableResult
    public mutating func apply(_ envelope: Envelope) -> [String] {
        guard case .receipt(let receipt)? = envelope.body, let kind = receipt.kind else {
            return []
        }
        let reader = envelope.sender?.userID ?? ""
        var changed: [String] = []
        func update(_ id: String, _ change: (inout MessageState) -> Void) {
            guard var state = states[id] else { return }
            let before = state
            change(&state)
            if state != before {
                states[id] = state
                if !changed.contains(id) { changed.append(id) }
            }
        }
        switch kind {
        case .delivery(let delivery):
            for (index, id) in delivery.messageIDs.enumerated() {
                update(id) { state in
                    guard state.stage < .delivered else { return }
                    state.stage = .delivered
                    if index < delivery.deliveredAtMs.count {
                        state.deliveredAtMs = delivery.deliveredAtMs[index]
                    }
                }
            }
        case .messageRead(let read):
            update(read.messageID) { $0.stage = .read }
        case .conversationRead:
            for id in order {
                guard let state = states[id], state.conversation.type == .peer,
                    state.conversation.id == reader
                else { continue }
                update(id) { $0.stage = .read }
            }
        case .groupRead(let read):
            // A server may forward a member's receipt: the reader is then named in it.
            let member = read.readerUserID.isEmpty ? reader : read.readerUserID
            update(read.messageID) { state in
                state.stage = .read
                let duplicate = state.groupReads.contains {
                    read.ackID.isEmpty ? $0.readerUserID == member : $0.ackID == read.ackID
                }
                if !duplicate {
                    state.groupReads.append(
                        GroupRead(
                            readerUserID: member, content: read.content, ackID: read.ackID,
                            readTimeMs: read.readTimeMs))
                }
            }
        case .groupReadCount(let count):
            update(count.messageID) { state in
                state.reportedGroupReadCount = max(state.reportedGroupReadCount, count.readCount)
            }
        case .groupAckPage(let page):
            update(page.messageID) { state in
                for ack in page.acks
                where !state.groupReads.contains(where: { $0.ackID == ack.ackID }) {
                    state.groupReads.append(
                        GroupRead(
                            readerUserID: ack.readerUserID, content: ack.content, ackID: ack.ackID,
                            readTimeMs: ack.readTimeMs))
                }
                if !state.groupReads.isEmpty { state.stage = .read }
                state.reportedGroupReadCount = max(state.reportedGroupReadCount, page.totalCount)
            }
        case .groupAckQuery:
            break  // a sender's question to the server: no news about a message
        }
        return changed
    }

    /// The state of a tracked message: `tracker[messageID: id]`.
    public subscript(messageID messageID: String) -> MessageState? {
        states[messageID]
    }

    /// The state of a tracked message.
    @available(*, deprecated, renamed: "subscript(messageID:)")
    public subscript(_ messageID: String) -> MessageState? {
        states[messageID]
    }

    /// Every tracked message, in send order.
    public var messages: [MessageState] {
        order.compactMap { states[$0] }
    }
}
