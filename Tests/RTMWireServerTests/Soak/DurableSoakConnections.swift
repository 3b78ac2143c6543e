import RTMWire
import RTMWireNIO
import RTMWireReferencePeers
import RTMWireTestSupport
import RTMWireTransport

@testable import RTMWireServer

extension DurableSoakRunner {
    /// One connection of the soak: who it is, its name (the middle of its message ids), and
    /// what it does and checks.
    struct Connection: Sendable {
        typealias Population = DurableSoakPopulation

        let runner: DurableSoakRunner
        let port: Int
        /// The user it signs in as (an index of ``DurableSoakPopulation/users``).
        let user: Int
        /// `w<worker>c<round>`: unique in the run.
        let key: String

        var userID: String { Population.users[user] }

        /// A message id of this connection's: `<user>.<key>.<suffix>`, or for an envelope the
        /// server must refuse, ``DurableSoakPopulation/hostilePrefix`` first.
        func id(_ suffix: String, hostile: Bool = false) -> String {
            (hostile ? Population.hostilePrefix : "") + "\(userID).\(key).\(suffix)"
        }

        func run(_ behaviour: Behaviour, _ random: inout SplitMix64, _ report: inout Report)
            async throws
        {
            switch behaviour {
            case .chat: try await chat(&random, &report)
            case .readHistory: try await readHistory(&random, &report)
            case .abrupt: try await abrupt(&random)
            case .noSignIn: try await noSignIn(&report)
            case .garbage: try await breakFraming([0x03, 0x00, 0x01, 0x02], &report)
            case .oversizedPrefix:
                try await breakFraming([0x80, 0x80, 0x80, 0x80, 0x10, 0x41], &report)
            case .wrongSender: try await wrongSender(&random, &report)
            case .notMember: try await notMember(&report)
            }
        }

        // MARK: Behaviours

        func chat(_ random: inout SplitMix64, _ report: inout Report) async throws {
            let texts = (0..<(1 + random.below(8))).map { index in
                Population.text(
                    id("m\(index)"), from: userID,
                    to: Population.conversation(for: user, &random))
            }
            try await signedIn(&report) { connection, report in
                try await connection.send(contentsOf: texts)
                let answers = try await Self.answers(
                    to: texts.map(\.messageID), on: connection, &report)
                var acknowledged: [(Envelope, Acknowledgement)] = []
                for text in texts {
                    switch answers[text.messageID]?.body {
                    case .acknowledgement(let ack)? where ack.position > 0 && !ack.epoch.isEmpty:
                        acknowledged.append((text, ack))
                    case .refusal(let refusal)?:
                        report.violation(
                            "\(text.messageID): refused \(refusal.code) \(refusal.detail)")
                    default:
                        report.violation("\(text.messageID): no acknowledgement with a position")
                    }
                }
                report.acknowledged += acknowledged.count
                try await readBack(acknowledged, on: connection, &report)
            }
        }

        /// Reads each acknowledged text back from history at its position: it is there byte for
        /// byte, unless retention deleted it since (the history moved `maxEnvelopes` past it, or
        /// it is older than `maxAgeMs`). Nothing else is claimed: what a connection sent and saw
        /// no acknowledgement of may or may not be stored.
        func readBack(
            _ acknowledged: [(Envelope, Acknowledgement)], on connection: TCPEnvelopeConnection,
            _ report: inout Report
        ) async throws {
            let requests = acknowledged.enumerated().map { index, item in
                ServerHarness.envelope(
                    id("h\(index)"), from: userID, to: item.0.conversation!,
                    .historyRequest(
                        HistoryRequest(
                            beforePosition: item.1.position + 1, limit: 1, epoch: item.1.epoch)))
            }
            try await connection.send(contentsOf: requests)
            let pages = try await Self.answers(
                to: requests.map(\.messageID), on: connection, &report)
            let retention = runner.retention
            for ((text, ack), request) in zip(acknowledged, requests) {
                guard case .historyPage(let page)? = pages[request.messageID]?.body,
                    page.status == .ok
                else {
                    report.violation(
                        "\(text.messageID): no history page at position \(ack.position)")
                    continue
                }
                check(page, latest: false, &report)
                if let entry = page.entries.last, entry.position == ack.position {
                    if entry.envelope == (try text.serializedBytes()) {
                        report.readBack += 1
                    } else {
                        report.violation("\(text.messageID): another envelope at \(ack.position)")
                    }
                } else if page.latestPosition >= ack.position + UInt64(retention.maxEnvelopes)
                    || WallClock.nowMilliseconds() - ack.storedTimeMs >= retention.maxAgeMs
                {
                    report.trimmed += 1
                } else {
                    report.violation(
                        """
                        \(text.messageID): acknowledged at \(ack.position) but not in history \
                        (latest \(page.latestPosition), kept \(retention.maxEnvelopes))
                        """)
                }
            }
        }

        func readHistory(_ random: inout SplitMix64, _ report: inout Report) async throws {
            let conversation = Population.conversation(for: user, &random)
            let request = ServerHarness.envelope(
                id("h"), from: userID, to: conversation,
                .historyRequest(HistoryRequest(limit: 100)))
            try await signedIn(&report) { connection, report in
                try await connection.send(request)
                let answer = try await Self.answers(
                    to: [request.messageID], on: connection, &report)[request.messageID]
                guard case .historyPage(let page)? = answer?.body, page.status == .ok else {
                    return report.violation("\(request.messageID): no history page")
                }
                check(page, latest: true, &report)
                if page.entries.count > 100 {
                    report.violation(
                        "\(request.messageID): \(page.entries.count) entries, limit 100")
                }
            }
        }

        /// What every page must be: positions ascending and within what retention keeps, every
        /// entry an envelope the population sent, as sent.
        ///
        /// A page's latest position can be ahead of its entries: the server reads a history's
        /// head, then its entries in a later snapshot, and the retention sweep may delete the
        /// newest of them in between (they had expired). Such pages are counted (two causes of
        /// them, since fixed, are in Soak/README.md); retention is checked against the newest
        /// entry then, and against the latest position when the two agree. A page
        /// of `latest` is the newest envelopes; one before a position (`latest` false) is
        /// checked for order and content only.
        func check(_ page: HistoryPage, latest: Bool, _ report: inout Report) {
            report.pages += 1
            let kept = UInt64(runner.retention.maxEnvelopes)
            var newest = page.latestPosition
            if latest, let last = page.entries.last?.position, last < page.latestPosition {
                report.headAhead += 1
                newest = last
            }
            var previous: UInt64 = 0
            for entry in page.entries {
                report.entriesChecked += 1
                if let forgery = Population.forgery(in: entry) {
                    report.violation("history: \(forgery)")
                }
                if entry.position <= previous || entry.position > page.latestPosition
                    || (latest && entry.position + kept <= newest)
                {
                    report.violation(
                        """
                        history: position \(entry.position) out of order or beyond retention \
                        (latest \(page.latestPosition), kept \(kept))
                        """)
                }
                previous = entry.position
            }
        }

        func abrupt(_ random: inout SplitMix64) async throws {
            let texts = (0..<(1 + random.below(8))).map { index in
                Population.text(
                    id("m\(index)"), from: userID,
                    to: Population.conversation(for: user, &random))
            }
            let peer = try await HostilePeer.connect(port: port)
            let frames = try ([runner.population.signIn(user, id: id("s"))] + texts)
                .flatMap { try $0.delimitedBytes() }
            try await peer.write(frames)
            try await peer.reset()
        }

        func noSignIn(_ report: inout Report) async throws {
            let text = Population.text(
                id("m0", hostile: true), from: userID, to: Population.channels[0])
            try await TCPClient.withConnection(host: TCPLoopback.host, port: port) { connection in
                try await connection.send(text)
                let answer = try await Self.answers(
                    to: [text.messageID], on: connection, &report)[text.messageID]
                expect(answer, refusedWith: .unauthenticated, &report)
                // Then the server closes the connection: an end, or a typed error.
                do {
                    if let more = try await connection.receive() {
                        report.violation("\(text.messageID): \(more.messageID) after the refusal")
                    }
                } catch let error as TransportError {
                    _ = error
                }
            }
        }

        /// Signs in, then writes `bytes` that break the framing: the relay ends the
        /// connection; whatever it sent first is well framed, and any refusal typed.
        func breakFraming(_ bytes: [UInt8], _ report: inout Report) async throws {
            let peer = try await HostilePeer.connect(port: port)
            try await peer.write(
                try runner.population.signIn(user, id: id("s")).delimitedBytes() + bytes)
            try await peer.waitUntilClosed()
            var reader = FrameReader<Envelope>()
            reader.append(try await peer.bytesRead())
            do {
                while let envelope = try reader.next() {
                    if case .refusal(let refusal)? = envelope.body {
                        count(refusal, &report)
                    }
                }
                try reader.finish()
            } catch {
                report.violation("\(key): the server's bytes before the close: \(error)")
            }
        }

        func wrongSender(_ random: inout SplitMix64, _ report: inout Report) async throws {
            let other =
                (user + 1 + random.below(Population.users.count - 1))
                % Population.users.count
            let forged = Population.text(
                id("m0", hostile: true), from: Population.users[other], to: Population.channels[1])
            let good = Population.text(id("m1"), from: userID, to: Population.channels[1])
            try await signedIn(&report) { connection, report in
                try await connection.send(contentsOf: [forged, good])
                let answers = try await Self.answers(
                    to: [forged.messageID, good.messageID], on: connection, &report)
                expect(answers[forged.messageID], refusedWith: .senderMismatch, &report)
                // The refusal does not end the connection: the next envelope is taken.
                guard case .acknowledgement(let ack)? = answers[good.messageID]?.body,
                    ack.position > 0
                else {
                    return report.violation(
                        "\(good.messageID): not acknowledged after a refusal")
                }
            }
        }

        func notMember(_ report: inout Report) async throws {
            let group = Population.groups(of: user).other
            let post = Population.text(id("m0", hostile: true), from: userID, to: group)
            let read = ServerHarness.envelope(
                id("h0", hostile: true), from: userID, to: group,
                .historyRequest(HistoryRequest(limit: 10)))
            try await signedIn(&report) { connection, report in
                try await connection.send(contentsOf: [post, read])
                let answers = try await Self.answers(
                    to: [post.messageID, read.messageID], on: connection, &report)
                expect(answers[post.messageID], refusedWith: .forbidden, &report)
                expect(answers[read.messageID], refusedWith: .forbidden, &report)
            }
        }

        // MARK: Exchanges

        /// Runs `body` on a connection signed in as the user (its sign-in acknowledged).
        func signedIn(
            _ report: inout Report,
            _ body: (TCPEnvelopeConnection, inout Report) async throws -> Void
        ) async throws {
            var inner = report
            defer { report = inner }
            let signIn = runner.population.signIn(user, id: id("s"))
            try await TCPClient.withConnection(host: TCPLoopback.host, port: port) { connection in
                try await connection.send(signIn)
                let answer = try await Self.answers(
                    to: [signIn.messageID], on: connection, &inner)[signIn.messageID]
                guard case .acknowledgement? = answer?.body else {
                    return inner.violation("\(signIn.messageID): sign-in not acknowledged")
                }
                try await body(connection, &inner)
            }
        }

        /// The server's answers to `messageIDs` (acknowledgements, refusals, history pages),
        /// read until each has one or the connection ends; what else arrives (other users'
        /// envelopes, group events) is counted and let go.
        static func answers(
            to messageIDs: [String], on connection: TCPEnvelopeConnection, _ report: inout Report
        ) async throws -> [String: Envelope] {
            var waiting = Set(messageIDs)
            var answers: [String: Envelope] = [:]
            while !waiting.isEmpty, let envelope = try await connection.receive() {
                let answered: String? =
                    switch envelope.body {
                    case .acknowledgement(let ack)?: ack.messageID
                    case .refusal(let refusal)?: refusal.messageID
                    case .historyPage(let page)?: page.requestMessageID
                    default: nil
                    }
                if case .refusal(let refusal)? = envelope.body {
                    count(refusal, &report)
                }
                guard let answered, waiting.remove(answered) != nil else {
                    report.deliveries += 1
                    continue
                }
                answers[answered] = envelope
            }
            return answers
        }

        /// Counts a refusal by its code; one not typed is a violation.
        static func count(_ refusal: Refusal, _ report: inout Report) {
            report.refusals[refusal.code.description, default: 0] += 1
            if !Population.isTyped(refusal) {
                report.violation("\(refusal.messageID): untyped refusal \(refusal.code.rawValue)")
            }
        }

        func count(_ refusal: Refusal, _ report: inout Report) { Self.count(refusal, &report) }

        func expect(_ answer: Envelope?, refusedWith code: RefusalCode, _ report: inout Report) {
            guard case .refusal(let refusal)? = answer?.body, refusal.code == code else {
                return report.violation(
                    "\(key): expected a refusal \(code), got \(String(describing: answer?.body))")
            }
        }
    }
}
