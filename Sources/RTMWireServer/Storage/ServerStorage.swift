import RTMWire

/// Where the server keeps what it acknowledged: histories of envelopes and group members. The
/// embedded default is ``SQLiteStorage``; every backend passes the same storage tests.
///
/// A backend makes each ``append(_:at:)`` one transaction: either every envelope of the batch is
/// kept (durably, when it returns) or none is, so the server acknowledges only what a crash
/// cannot take back.
public protocol ServerStorage: Sendable {
    /// Stores a batch of envelopes in one transaction, at `nowMs`, and returns each one's
    /// position in order. An envelope whose message id its history holds already is not stored
    /// again: its position is the stored one's, marked ``StoredPosition/isRepeat``.
    func append(_ envelopes: [EnvelopeToStore], at nowMs: Int64) async throws(StorageError)
        -> [StoredPosition]

    /// Reads a page of a history.
    func history(_ query: HistoryQuery) async throws(StorageError) -> HistorySlice

    /// The senders of the messages `messageIDs` names that `key`'s history holds, by message id
    /// (where a receipt goes back to).
    func senders(of messageIDs: [String], in key: HistoryKey) async throws(StorageError)
        -> [String: String]

    /// The stored envelope `messageID` of `key`'s history (nil when it is not, or no longer,
    /// there) and the envelopes stored about it, oldest first (see
    /// ``EnvelopeToStore/referencedMessageID``): what the server replays to apply an edit by the
    /// message's rules, answer a stream pull or a group ack query.
    func references(to messageID: String, in key: HistoryKey) async throws(StorageError)
        -> MessageReferences

    /// Reads the metadata of `target` (a ``MetadataRecord/key(of:)``) with the store-wide last
    /// revision, lets `change` modify them, and writes them back, all in one transaction that
    /// no other metadata change interleaves with: compare-and-set and locks hold however many
    /// requests race. Returns what `change` returned.
    func modifyMetadata<Result: Sendable>(
        of target: String, _ change: @escaping @Sendable (inout MetadataRecord) -> Result
    ) async throws(StorageError) -> Result

    /// When the media id stops working (ms since the Unix epoch), as its first sighting set it;
    /// nil for one never seen.
    func mediaExpiry(of mediaID: String) async throws(StorageError) -> Int64?

    /// Deletes what ``RetentionPolicy/maxAgeMs`` no longer keeps, as of `nowMs`; returns how
    /// many envelopes it deleted.
    func deleteExpired(at nowMs: Int64) async throws(StorageError) -> Int

    /// The members of a group, with their roles; empty when the group does not exist.
    func groupMembers(_ groupID: String) async throws(StorageError) -> [GroupMember]

    /// Applies changes to a group's members in one transaction: each user's role is set, or
    /// the user removed when the role is nil.
    func updateGroup(_ groupID: String, _ changes: [String: GroupRole?])
        async throws(StorageError)

    /// Closes the storage; later calls throw ``StorageError/Code/closed``.
    func close() async
}
