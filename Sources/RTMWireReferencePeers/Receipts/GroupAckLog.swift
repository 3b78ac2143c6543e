import RTMWire
import RTMWireTransport

/// The server side of group read receipts (Agora Chat): keeps every member's read of every group
/// message in arrival order, and answers a sender's `GroupAckQuery` with one `GroupAckPage`
/// (asyncFetchGroupMessageAcksFromServer).
///
/// - A member's `GroupReadReceipt` is recorded once per reader and message (a retry does not
///   count twice); its reader is the envelope's sender, and the log gives it an ack id
///   (`ack-1`, `ack-2`, … per message) when it carries none.
/// - A page starts at `start_ack_id` (empty: the first receipt) and holds `page_size` receipts,
///   oldest first; its `next_ack_id` is the first receipt of the next page, empty on the last.
///   A cursor the log does not know gives an empty page, so a client that kept a stale cursor
///   learns the total and starts over.
public struct GroupAckLog: Sendable {
    /// Who the log's answers are from (the group's server).
    public var identity: Sender
    private var acks: [Key: [GroupReadReceipt]] = [:]

    private struct Key: Hashable, Sendable {
        var groupID: String
        var messageID: String
    }

    /// Creates an empty log answering as `identity`.
    public init(identity: Sender) { self.identity = identity }

    /// Records a member's group read receipt; returns the receipt as stored (reader and ack id
    /// filled in), or nil when the envelope is no group read receipt or repeats one.
    @discardableResult
    public mutating func record(_ envelope: Envelope) -> GroupReadReceipt? {
        guard case .receipt(let receipt)? = envelope.body,
            case .groupRead(var read)? = receipt.kind
        else { return nil }
        if read.readerUserID.isEmpty { read.readerUserID = envelope.sender?.userID ?? "" }
        guard !read.readerUserID.isEmpty else { return nil }
        let key = Key(groupID: read.groupID, messageID: read.messageID)
        var list = acks[key, default: []]
        guard !list.contains(where: { $0.readerUserID.utf8.elementsEqual(read.readerUserID.utf8) })
        else { return nil }
        if read.ackID.isEmpty
            || list.contains(where: { $0.ackID.utf8.elementsEqual(read.ackID.utf8) })
        {
            read.ackID = "ack-\(list.count + 1)"
        }
        if read.readTimeMs == 0 { read.readTimeMs = envelope.sendTimeMs }
        list.append(read)
        acks[key] = list
        return read
    }

    /// How many members have read a group message.
    public func readCount(groupID: String, messageID: String) -> Int {
        acks[Key(groupID: groupID, messageID: messageID)]?.count ?? 0
    }

    /// The page `query` asks for.
    public func page(for query: GroupAckQuery) -> GroupAckPage {
        let all = acks[Key(groupID: query.groupID, messageID: query.messageID)] ?? []
        var page = GroupAckPage(
            messageID: query.messageID, groupID: query.groupID,
            totalCount: UInt32(clamping: all.count))
        let start: Int
        if query.startAckID.isEmpty {
            start = 0
        } else if let found = all.firstIndex(where: {
            $0.ackID.utf8.elementsEqual(query.startAckID.utf8)
        }) {
            start = found
        } else {
            return page
        }
        let end = min(all.count, start + max(1, Int(query.pageSize)))
        page.acks = Array(all[start..<end])
        page.nextAckID = end < all.count ? all[end].ackID : ""
        return page
    }

    /// Handles one envelope: records a group read receipt (answering nothing), and answers a
    /// group ack query with the page, addressed to the group and stamped `nowMs`. Anything else
    /// gets no answer.
    public mutating func handle(_ envelope: Envelope, at nowMs: Int64) -> Envelope? {
        guard case .receipt(let receipt)? = envelope.body else { return nil }
        switch receipt.kind {
        case .groupRead?:
            record(envelope)
            return nil
        case .groupAckQuery(let query)?:
            let page = page(for: query)
            return Envelope(
                messageID: "\(identity.userID)/group-acks/\(envelope.messageID)",
                sender: identity, sendTimeMs: nowMs,
                conversation: Conversation(type: .group, id: query.groupID),
                body: .receipt(Receipt(kind: .groupAckPage(page))))
        default:
            return nil
        }
    }

    /// Serves one connection until its peer closes: records the group read receipts it receives
    /// and answers each group ack query on the same connection. Returns how many envelopes
    /// arrived.
    @discardableResult
    public mutating func serve(
        _ connection: any EnvelopeConnection,
        clock: @Sendable () -> Int64 = WallClock.nowMilliseconds
    ) async throws -> Int {
        var count = 0
        while true {
            let batch = try await connection.receiveBatch()
            if batch.isEmpty { return count }
            count += batch.count
            let answers = batch.compactMap { handle($0, at: clock()) }
            if !answers.isEmpty { try await connection.send(contentsOf: answers) }
        }
    }
}
