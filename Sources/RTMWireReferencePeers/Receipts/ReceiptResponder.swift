import RTMWire
import RTMWireTransport

/// The receiving side of Agora Chat receipts: builds the receipts a receiver sends back, and
/// ``serve(_:clock:onBatch:)`` answers every delivered message that asks for it with a delivery
/// receipt on its own.
///
/// - delivery: for messages whose `DeliveryOptions.deliveryReceipt` is on (never for a
///   receipt, never in a group: groups have only group read receipts), one receipt per original
///   sender for envelopes that arrived together, ids batched in arrival order (at most
///   `Limits.maxRepeatedCount` per receipt).
/// - message read: when the message asked (`DeliveryOptions.readReceipt`), never in a group.
/// - conversation read: names the conversation, no message.
/// - group read and group read count: for group messages that asked
///   (`DeliveryOptions.groupReadReceipt`), with content and ack id.
///
/// Receipts are addressed to the original sender (group receipts to the group). Their message
/// ids are derived from what they answer, so building one twice gives the same envelope.
public struct ReceiptResponder: Sendable {
    /// The receiver: the sender of every receipt.
    public var identity: Sender
    /// Whether delivery receipts carry delivery times.
    public var recordsDeliveryTime: Bool
    /// Limits for batching.
    public var limits: Limits

    /// Creates a responder for the user `identity`.
    public init(identity: Sender, recordsDeliveryTime: Bool = true, limits: Limits = .default) {
        self.identity = identity
        self.recordsDeliveryTime = recordsDeliveryTime
        self.limits = limits
    }

    /// Delivery receipts for envelopes that arrived together: one per original sender (split at
    /// `Limits.maxRepeatedCount` ids), in order of first arrival.
    public func deliveryReceipts(for batch: [Envelope], at nowMs: Int64) -> [Envelope] {
        var senders: [String] = []
        var ids: [String: [String]] = [:]
        var seen: Set<String> = []
        for envelope in batch where Self.wantsDeliveryReceipt(envelope) {
            guard let sender = envelope.sender?.userID, !sender.isEmpty,
                seen.insert(sender + "\u{1}" + envelope.messageID).inserted
            else { continue }
            if ids[sender] == nil { senders.append(sender) }
            ids[sender, default: []].append(envelope.messageID)
        }
        let perReceipt = max(1, limits.maxRepeatedCount)
        var receipts: [Envelope] = []
        for sender in senders {
            let all = ids[sender] ?? []
            for start in stride(from: 0, to: all.count, by: perReceipt) {
                let slice = Array(all[start..<min(start + perReceipt, all.count)])
                let receipt = DeliveryReceipt(
                    messageIDs: slice,
                    deliveredAtMs: recordsDeliveryTime
                        ? Array(repeating: nowMs, count: slice.count) : [])
                receipts.append(
                    envelope(
                        id: "delivered/\(sender)/\(slice[0])/\(slice.count)", at: nowMs,
                        in: Conversation(type: .peer, id: sender), .delivery(receipt)))
            }
        }
        return receipts
    }

    /// A message read receipt, or nil when the message did not ask for one or is a receipt.
    public func readReceipt(for message: Envelope, at nowMs: Int64) -> Envelope? {
        guard message.deliveryOptions?.readReceipt == true, !Self.isReceipt(message),
            message.conversation?.type != .group,
            let sender = message.sender?.userID, !sender.isEmpty
        else { return nil }
        return envelope(
            id: "read/\(message.messageID)", at: nowMs, in: Conversation(type: .peer, id: sender),
            .messageRead(MessageReadReceipt(messageID: message.messageID)))
    }

    /// A conversation read receipt for the one-to-one conversation with `peerUserID`: every
    /// message from that peer was read. It names the conversation (this receiver's side of it,
    /// the peer's user id) and no message.
    public func conversationReadReceipt(conversationWith peerUserID: String, at nowMs: Int64)
        -> Envelope
    {
        envelope(
            id: "conversation-read/\(peerUserID)/\(nowMs)", at: nowMs,
            in: Conversation(type: .peer, id: peerUserID),
            .conversationRead(ConversationReadReceipt(conversationID: peerUserID)))
    }

    /// A group read receipt carrying `content` and the acknowledgement id `ackID`, or nil when
    /// the message is not a group message that asked for group read receipts.
    public func groupReadReceipt(
        for message: Envelope, content: String, ackID: String, at nowMs: Int64
    ) -> Envelope? {
        guard let group = Self.groupAskingForReads(message) else { return nil }
        return envelope(
            id: "group-read/\(message.messageID)/\(ackID)", at: nowMs, in: group,
            .groupRead(
                GroupReadReceipt(
                    messageID: message.messageID, groupID: group.id, content: content, ackID: ackID,
                    readTimeMs: nowMs, readerUserID: identity.userID)))
    }

    /// A group read count (what a group's server sends the original sender), or nil when the
    /// message is not a group message that asked for group read receipts.
    public func groupReadCount(for message: Envelope, readCount: UInt32, at nowMs: Int64)
        -> Envelope?
    {
        guard let group = Self.groupAskingForReads(message) else { return nil }
        return envelope(
            id: "group-read-count/\(message.messageID)/\(readCount)", at: nowMs, in: group,
            .groupReadCount(
                GroupReadCount(
                    messageID: message.messageID, groupID: group.id, readCount: readCount)))
    }

    /// Receives until the peer closes, answering each batch with its delivery receipts before
    /// handing the batch to `onBatch` (where the application may send read receipts). Returns
    /// the number of envelopes received.
    @discardableResult
    public func serve(
        _ connection: any EnvelopeConnection,
        clock: @Sendable () -> Int64 = WallClock.nowMilliseconds,
        onBatch: ([Envelope]) async throws -> Void = { _ in }
    ) async throws -> Int {
        var count = 0
        while true {
            let batch = try await connection.receiveBatch()
            if batch.isEmpty { return count }
            count += batch.count
            let receipts = deliveryReceipts(for: batch, at: clock())
            if !receipts.isEmpty { try await connection.send(contentsOf: receipts) }
            try await onBatch(batch)
        }
    }

    // MARK: Helpers

    static func isReceipt(_ envelope: Envelope) -> Bool {
        if case .receipt? = envelope.body { return true }
        return false
    }

    static func wantsDeliveryReceipt(_ envelope: Envelope) -> Bool {
        envelope.deliveryOptions?.deliveryReceipt == true && !isReceipt(envelope)
            && envelope.conversation?.type != .group
    }

    private static func groupAskingForReads(_ message: Envelope) -> Conversation? {
        guard message.deliveryOptions?.groupReadReceipt == true, !isReceipt(message),
            let conversation = message.conversation, conversation.type == .group,
            !conversation.id.isEmpty
        else { return nil }
        return conversation
    }

    private func envelope(
        id: String, at nowMs: Int64, in conversation: Conversation, _ kind: Receipt.Kind
    ) -> Envelope {
        Envelope(
            messageID: "\(identity.userID)/\(id)", sender: identity, sendTimeMs: nowMs,
            conversation: conversation, body: .receipt(Receipt(kind: kind)))
    }
}
