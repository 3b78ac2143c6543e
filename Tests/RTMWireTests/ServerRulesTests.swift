import Testing

@testable import RTMWire

/// The semantic rules of the server's kinds (sign-in, acknowledgement, refusal, history, group
/// membership): each rejects what it must, with the field path, and accepts what the comments
/// allow.
@Suite("Server kinds: semantic rules")
struct ServerRulesTests {
    static let entry = HistoryEntry(position: 1, storedTimeMs: 1, envelope: [0x0A, 0x01, 0x6D])

    static func page(_ entries: [HistoryEntry] = [entry], epoch: String = "e1") -> Envelope {
        header(.historyPage(HistoryPage(requestMessageID: "h-1", entries: entries, epoch: epoch)))
    }

    static let cases: [(String, Envelope, RTMWireError.Code, String)] = [
        ("sign-in without a token", header(.signIn(SignIn())), .missingField, "sign_in.token"),
        (
            "acknowledgement of nothing",
            header(.acknowledgement(Acknowledgement(position: 1, epoch: "e1"))),
            .missingField, "acknowledgement.message_id"
        ),
        (
            "acknowledgement stored before 1970",
            header(.acknowledgement(Acknowledgement(messageID: "m", storedTimeMs: -1))),
            .invalidValue, "acknowledgement.stored_time_ms"
        ),
        (
            "refusal without a code", header(.refusal(Refusal(messageID: "m", detail: "?"))),
            .invalidValue, "refusal.code"
        ),
        (
            "history request before and after",
            header(
                .historyRequest(HistoryRequest(beforePosition: 9, afterPosition: 3, limit: 5))),
            .invalidValue, "history_request.after_position"
        ),
        (
            "history request for nothing", header(.historyRequest(HistoryRequest())),
            .invalidValue, "history_request.limit"
        ),
        (
            "history page answering nothing",
            header(.historyPage(HistoryPage(epoch: "e1"))), .missingField,
            "history_page.request_message_id"
        ),
        ("history page without epoch", page(epoch: ""), .missingField, "history_page.epoch"),
        (
            "history entry at position 0",
            page([HistoryEntry(storedTimeMs: 1, envelope: [1])]), .invalidValue,
            "history_page.entries[0].position"
        ),
        (
            "history entry never stored",
            page([entry, HistoryEntry(position: 2, envelope: [1])]), .invalidValue,
            "history_page.entries[1].stored_time_ms"
        ),
        (
            "history entry stored before 1970",
            page([HistoryEntry(position: 2, storedTimeMs: -5, envelope: [1])]), .invalidValue,
            "history_page.entries[0].stored_time_ms"
        ),
        (
            "history entry without bytes",
            page([HistoryEntry(position: 2, storedTimeMs: 1)]), .missingField,
            "history_page.entries[0].envelope"
        ),
        (
            "group request without operation",
            header(.groupRequest(GroupRequest(members: [GroupMember(userID: "bob")]))),
            .invalidValue, "group_request.operation"
        ),
        (
            "group member without user id",
            header(.groupRequest(GroupRequest(operation: .add, members: [GroupMember()]))),
            .missingField, "group_request.members[0].user_id"
        ),
        (
            "group response without operation",
            header(.groupResponse(GroupResponse(requestMessageID: "g"))), .invalidValue,
            "group_response.operation"
        ),
    ]

    @Test(arguments: cases.indices)
    func rejects(index: Int) {
        let (name, envelope, code, path) = Self.cases[index]
        expectRuleRefuses(name, envelope, code, path)
    }

    @Test func whatTheCommentsAllowIsAccepted() {
        for envelope in [
            // A connection refused: no message id.
            header(.refusal(Refusal(code: .tokenExpired))),
            // Taken, not kept: position 0, no epoch, not stored.
            header(.acknowledgement(Acknowledgement(messageID: "m"))),
            // Neither position: the latest page; an empty page; an event without request id.
            header(.historyRequest(HistoryRequest(limit: 1))),
            Self.page([]),
            header(.historyPage(HistoryPage(requestMessageID: "h", status: .reload, epoch: "e2"))),
            header(
                .groupResponse(GroupResponse(operation: .leave, members: [])), conversation: .group),
            header(.groupRequest(GroupRequest(operation: .list)), conversation: .group),
        ] {
            #expect(throws: Never.self) { try envelope.validate() }
        }
    }

    @Test func anEntrysEnvelopeIsBytesNotCheckedHere() throws {
        // The stored envelope is decoded by the reader with the same decoder as any envelope;
        // the page's rules require only that it is there.
        let stored = try header(.text(TextMessage(text: "hi"))).serializedBytes()
        let page = Self.page([HistoryEntry(position: 7, storedTimeMs: 9, envelope: stored)])
        let decoded = try Envelope(serializedBytes: try page.serializedBytes())
        guard case .historyPage(let read)? = decoded.body else {
            Issue.record("no history page")
            return
        }
        #expect(try Envelope(serializedBytes: read.entries[0].envelope).messageID == "m-1")
    }
}
