import Foundation
import RTMWire
import RTMWireNIO
import RTMWireReferencePeers
import RTMWireTransport
import Testing

@testable import RTMWireServer

/// A ``ChatServer`` behind a real relay on 127.0.0.1, over SQLite in a folder of its own, and
/// what its clients do: sign in, send, receive the server's answers.
struct ServerHarness {
    static let secret = Array("the server tests' secret, 32+ bytes".utf8)
    static let signer = try! TokenSigner(secret: secret)
    static let verifier = TokenVerifier(.init(keys: [try! TokenKey(secret: secret)]))

    /// A token for `user`, valid for an hour (or `expiresIn` seconds).
    static func token(_ user: String, expiresIn: Double = 3_600, groups: [String]? = nil)
        -> String
    {
        try! signer.sign(
            TokenClaims(
                subject: user, expiresAt: Date().timeIntervalSince1970 + expiresIn, groups: groups))
    }

    /// Runs `body` with the TCP port of a server over the database in `directory`, which
    /// keeps what `retention` allows.
    static func run<Result: Sendable>(
        in directory: String, retention: RetentionPolicy = .default,
        relay relayConfiguration: RelayConfiguration = RelayConfiguration(),
        authentication: ServerConfiguration.Authentication = .tokens(verifier),
        configure: (inout ServerConfiguration) -> Void = { _ in },
        clock: @escaping @Sendable () -> Int64 = WallClock.nowMilliseconds,
        prepare: (SQLiteStorage) async throws -> Void = { _ in },
        _ body: (Int) async throws -> Result
    ) async throws -> Result {
        let storage = try await SQLiteStorage.open(
            directory: directory, configuration: .init(durability: .normal, retention: retention))
        try await prepare(storage)
        var configuration = ServerConfiguration(authentication: authentication)
        configure(&configuration)
        let server = ChatServer(configuration: configuration, storage: storage, clock: clock)
        let relay = EnvelopeRelay(configuration: relayConfiguration, router: server)
        do {
            let result = try await relay.run(
                tcp: RelayEndpoint(host: "127.0.0.1", port: 0), webSocket: nil
            ) { addresses in try await body(addresses.tcp!.port!) }
            await storage.close()
            return result
        } catch {
            await storage.close()
            throw error
        }
    }

    static func envelope(
        _ id: String, from user: String, to conversation: Conversation, _ body: Envelope.Body
    ) -> Envelope {
        Envelope(
            messageID: id, sender: Sender(userID: user), sendTimeMs: 1_764_000_000_000,
            conversation: conversation, body: body)
    }

    static func text(_ id: String, from user: String, to conversation: Conversation) -> Envelope {
        envelope(id, from: user, to: conversation, .text(TextMessage(text: "\(id) 안녕 👋")))
    }

    /// `user`'s request to create `group` with `members` (plain members), message id "create".
    static func createGroup(_ group: Conversation, by user: String, members: [String]) -> Envelope {
        envelope(
            "create", from: user, to: group,
            .groupRequest(
                GroupRequest(
                    operation: .create,
                    members: members.map { GroupMember(userID: $0, role: .member) })))
    }

    /// `user`'s group read receipt of `messageID` in `group`.
    static func groupRead(
        _ id: String, of messageID: String, in group: Conversation, by user: String
    ) -> Envelope {
        envelope(
            id, from: user, to: group,
            .receipt(
                Receipt(kind: .groupRead(GroupReadReceipt(messageID: messageID, groupID: group.id)))
            )
        )
    }

    /// `user`'s query for one page of `pageSize` read acks of `messageID`, from `cursor`.
    static func groupAckQuery(
        _ id: String, of messageID: String, in group: Conversation, by user: String,
        from cursor: String, pageSize: UInt32
    ) -> Envelope {
        envelope(
            id, from: user, to: group,
            .receipt(
                Receipt(
                    kind: .groupAckQuery(
                        GroupAckQuery(
                            messageID: messageID, groupID: group.id, startAckID: cursor,
                            pageSize: pageSize)))))
    }

    /// Every page of `messageID`'s read acks in `group` that `user` gets on `connection`, asking
    /// one ack per page and following each page's cursor (at most `limit` pages); envelopes
    /// other than pages (channel news) are skipped.
    static func groupAckPages(
        of messageID: String, in group: Conversation, by user: String,
        on connection: some EnvelopeConnection, limit: Int = 5
    ) async throws -> [GroupAckPage] {
        var pages: [GroupAckPage] = []
        var cursor = ""
        repeat {
            try await connection.send(
                groupAckQuery(
                    "q-\(pages.count)", of: messageID, in: group, by: user, from: cursor,
                    pageSize: 1))
            var page: GroupAckPage?
            while page == nil, let envelope = try await connection.receive() {
                if case .receipt(let receipt)? = envelope.body,
                    case .groupAckPage(let found)? = receipt.kind
                {
                    page = found
                }
            }
            guard let page else { break }
            pages.append(page)
            cursor = page.nextAckID
        } while !cursor.isEmpty && pages.count < limit
        return pages
    }

    /// The chunks of a short stream "s1" (RongCloud's init, deltas, complete with a summary).
    static let greetingChunks: [StreamChunk] = [
        StreamChunk(streamMessageID: "s1", sequence: 0, event: .initial(StreamInit())),
        StreamChunk(
            streamMessageID: "s1", sequence: 1, event: .delta(StreamDelta(content: "Hel"))),
        StreamChunk(
            streamMessageID: "s1", sequence: 2, event: .delta(StreamDelta(content: "lo"))),
        StreamChunk(
            streamMessageID: "s1", sequence: 3,
            event: .complete(StreamComplete(summary: "a greeting"))),
    ]

    /// Runs `body` with a TCP connection to the server on `port`, signed in as `user`.
    static func connected<Result: Sendable>(
        _ port: Int, as user: String, isolation: isolated (any Actor)? = #isolation,
        _ body: (TCPEnvelopeConnection) async throws -> Result
    ) async throws -> Result {
        try await TCPClient.withConnection(host: "127.0.0.1", port: port) { connection in
            #expect(try await signIn(connection, as: user)?.acknowledgement != nil)
            return try await body(connection)
        }
    }

    /// Signs `connection` in as `user` and returns the server's answer.
    static func signIn(
        _ connection: some EnvelopeConnection, as user: String, token: String? = nil
    ) async throws -> Envelope? {
        try await connection.send(
            envelope(
                "sign-in-\(user)", from: user, to: Conversation(type: .peer, id: user),
                .signIn(SignIn(token: token ?? Self.token(user)))))
        return try await connection.receive()
    }
}

extension Envelope {
    /// The acknowledgement this envelope carries, if it is one.
    var acknowledgement: Acknowledgement? {
        if case .acknowledgement(let ack)? = body { return ack }
        return nil
    }

    /// The refusal this envelope carries, if it is one.
    var refusal: Refusal? {
        if case .refusal(let refusal)? = body { return refusal }
        return nil
    }
}
