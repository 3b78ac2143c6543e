import Testing

@testable import RTMWire

/// The limits of the server's kinds (sign-in, history), at the boundary and one past it, on
/// encode and decode.
extension LimitsTests {
    @Test func historyPageSize() {
        func request(_ limit: UInt32) -> Envelope {
            header(.historyRequest(HistoryRequest(afterPosition: 42, limit: limit, epoch: "e1")))
        }
        func page(_ count: Int) -> Envelope {
            let entries = (0..<count).map {
                HistoryEntry(
                    position: UInt64($0 + 1), storedTimeMs: 1, envelope: [0x0A, 0x01, 0x6D])
            }
            return header(
                .historyPage(HistoryPage(requestMessageID: "h-1", entries: entries, epoch: "e1")))
        }
        expectOK(request(1))
        expectOK(request(100))
        expectLimit(request(101), "maxHistoryPageSize", allowed: 100, actual: 101)
        // The largest limit the wire can carry is still only a limit error.
        expectLimit(
            request(.max), "maxHistoryPageSize", allowed: 100, actual: Int(UInt32.max))
        expectOK(page(100))
        expectLimit(page(101), "maxHistoryPageSize", allowed: 100, actual: 101)
        let small = Limits(maxHistoryPageSize: 2)
        expectOK(request(2), limits: small)
        expectLimit(request(3), "maxHistoryPageSize", allowed: 2, actual: 3, limits: small)
        expectOK(page(2), limits: small)
        expectLimit(page(3), "maxHistoryPageSize", allowed: 2, actual: 3, limits: small)
        // A page of nothing is a question without meaning: a rule, not a limit.
        let (encode, decode) = check(request(0))
        #expect(encode?.code == .invalidValue && decode?.code == .invalidValue)
    }

    @Test func tokenBytes() {
        func signIn(_ token: String) -> Envelope {
            header(.signIn(SignIn(token: token)), conversation: .peer)
        }
        expectOK(signIn(String(repeating: "t", count: 8_192)))
        expectLimit(
            signIn(String(repeating: "t", count: 8_193)), "maxTokenBytes", allowed: 8_192,
            actual: 8_193)
        // Bytes, not characters: 2,048 four-byte emoji are 8,192 bytes.
        expectOK(signIn(String(repeating: "😀", count: 2_048)))
        expectLimit(
            signIn(String(repeating: "😀", count: 2_048) + "."), "maxTokenBytes", allowed: 8_192,
            actual: 8_193)
        let small = Limits(maxTokenBytes: 16)
        expectOK(signIn(String(repeating: "t", count: 16)), limits: small)
        expectLimit(
            signIn(String(repeating: "t", count: 17)), "maxTokenBytes", allowed: 16, actual: 17,
            limits: small)
    }

    @Test func groupMembersAreRepeatedEntries() {
        func request(_ count: Int) -> Envelope {
            header(
                .groupRequest(
                    GroupRequest(
                        operation: .add,
                        members: (0..<count).map { GroupMember(userID: "u\($0)") })),
                conversation: .group)
        }
        func response(_ count: Int) -> Envelope {
            header(
                .groupResponse(
                    GroupResponse(
                        requestMessageID: "g-1", operation: .list,
                        members: (0..<count).map { GroupMember(userID: "u\($0)", role: .member) }
                    )),
                conversation: .group)
        }
        expectOK(request(1_000))
        expectLimit(request(1_001), "maxRepeatedCount", allowed: 1_000, actual: 1_001)
        expectOK(response(1_000))
        expectLimit(response(1_001), "maxRepeatedCount", allowed: 1_000, actual: 1_001)
    }
}
