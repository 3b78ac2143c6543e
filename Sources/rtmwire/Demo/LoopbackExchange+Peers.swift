import RTMWire
import RTMWireReferencePeers
import RTMWireTransport

extension LoopbackExchange {
    /// Alice's receiving side: everything bob sends back.
    struct Alice: Sendable {
        var received: [Envelope] = []

        /// Receives until every answer the script asks for has arrived (or the stream ends).
        static func receiveUntilSatisfied(_ connection: any EnvelopeConnection, script: Script)
            async throws -> Alice
        {
            var alice = Alice()
            var tracker = ReceiptTracker()
            for envelope in script.envelopes { tracker.didSend(envelope) }
            let wantsDelivery = script.envelopes.filter {
                $0.deliveryOptions?.deliveryReceipt == true
            }.map(\.messageID)
            var responses: Set<String> = []
            var events = 0
            var summaries = 0
            var bobReacted = false
            var gotAckPage = false
            var pulledComplete = false
            func satisfied() -> Bool {
                wantsDelivery.allSatisfy { (tracker[messageID: $0]?.stage ?? .sent) >= .delivered }
                    && tracker[messageID: Script.textID]?.stage == .read
                    && tracker[messageID: Script.fileID]?.stage == .read
                    && tracker[messageID: Script.groupID]?.groupReadCount == 1
                    && (tracker[messageID: Script.groupID]?.groupReads.count ?? 0) == 1
                    && responses.isSuperset(of: Script.metadataRequestIDs) && events >= 2
                    && bobReacted && summaries >= 2 && gotAckPage && pulledComplete
            }
            while !satisfied(), let envelope = try await connection.receive() {
                alice.received.append(envelope)
                tracker.apply(envelope)
                switch metadataKind(envelope) {
                case .response(let response)?: responses.insert(response.requestID)
                case .event?: events += 1
                default: break
                }
                switch envelope.body {
                case .reaction?: bobReacted = true
                case .reactionSummary?: summaries += 1
                case .receipt(let receipt)?:
                    if case .groupAckPage? = receipt.kind { gotAckPage = true }
                case .streamChunk(let chunk)? where envelope.sender?.userID == Bob.streamServer:
                    if case .complete? = chunk.event { pulledComplete = true }
                default: break
                }
            }
            return alice
        }

        static func metadataKind(_ envelope: Envelope) -> MetadataMessage.Kind? {
            if case .metadata(let message)? = envelope.body { return message.kind }
            return nil
        }
    }

    /// Bob, the reference peer: answers deliveries on its own, sends read receipts as a reader
    /// would, reassembles streams, serves metadata, and keeps the conversation in a
    /// ``MessageStore`` (edits, recalls, reactions) and a ``TypingTracker``, acting as the server
    /// that answers each reaction with a summary.
    struct Bob: Sendable {
        static let groupReadContent = "seen, thanks"
        static let groupAckID = "ack-0001"
        /// Who answers group acks queries and stream pulls: the servers bob stands in for.
        static let groupServer = "team-server"
        static let streamServer = "stream-server"

        struct Outcome: Sendable {
            var received: [Envelope] = []
            var sent: [Envelope] = []
            var assembled: AssembledStream?
            var assemblyError: String?
            var messages = MessageStore()
            var typing = TypingTracker()
            /// Who bob saw typing in the conversation after each typing indicator.
            var typingSeen: [[String]] = []
            var storeErrors: [String] = []
        }

        let clock: @Sendable () -> Int64

        /// Serves `connection` until alice closes, then closes (also when it fails, so alice
        /// does not wait for answers that will never come).
        func run(_ connection: any EnvelopeConnection) async throws -> Outcome {
            do {
                let outcome = try await serve(connection)
                await connection.close()
                return outcome
            } catch {
                await connection.close()
                throw error
            }
        }

        private func serve(_ connection: any EnvelopeConnection) async throws -> Outcome {
            let responder = ReceiptResponder(identity: Script.bob)
            let store = MetadataService(identity: Sender(userID: "store"), clock: clock)
            var assembler = StreamAssembler()
            var acks = GroupAckLog(identity: Sender(userID: Self.groupServer))
            var history = StreamHistory(identity: Sender(userID: Self.streamServer))
            var outcome = Outcome()
            func send(_ envelopes: [Envelope]) async throws {
                guard !envelopes.isEmpty else { return }
                try await connection.send(contentsOf: envelopes)
                outcome.sent += envelopes
            }
            while true {
                let batch = try await connection.receiveBatch()
                if batch.isEmpty { break }
                outcome.received += batch
                let now = clock()
                try await send(responder.deliveryReceipts(for: batch, at: now))
                for envelope in batch {
                    var answers: [Envelope] = []
                    if let read = responder.readReceipt(for: envelope, at: now) {
                        answers.append(read)
                    }
                    if envelope.messageID == Script.fileID {
                        // Opening the conversation marks everything from alice read.
                        answers.append(
                            responder.conversationReadReceipt(
                                conversationWith: Script.alice.userID, at: now))
                    }
                    if let groupRead = responder.groupReadReceipt(
                        for: envelope, content: Self.groupReadContent, ackID: Self.groupAckID,
                        at: now)
                    {
                        answers.append(groupRead)
                        acks.record(groupRead)  // what the group's server keeps
                    }
                    if let count = responder.groupReadCount(for: envelope, readCount: 1, at: now) {
                        answers.append(count)
                    }
                    if let page = acks.handle(envelope, at: now) { answers.append(page) }
                    if let pulled = history.answer(envelope, at: now) { answers += pulled }
                    if case .streamChunk(let chunk)? = envelope.body {
                        history.record(chunk)
                        do {
                            if let done = try assembler.apply(chunk) { outcome.assembled = done }
                        } catch {
                            outcome.assemblyError = error.description
                        }
                    }
                    answers += await store.handle(envelope).map(\.envelope)
                    answers += chat(envelope, at: now, &outcome)
                    try await send(answers)
                }
            }
            return outcome
        }

        /// Applies `envelope` to the message store and the typing tracker; returns bob's
        /// answers: his own reaction to alice's first text, and a summary for each reaction.
        private func chat(_ envelope: Envelope, at now: Int64, _ outcome: inout Outcome)
            -> [Envelope]
        {
            func bobSays(_ id: String, _ body: Envelope.Body) -> Envelope {
                Envelope(
                    messageID: id, sender: Script.bob, sendTimeMs: now,
                    conversation: Conversation(type: .peer, id: Script.alice.userID), body: body)
            }
            func apply(_ envelope: Envelope) {
                do { try outcome.messages.apply(envelope, at: now) } catch {
                    outcome.storeErrors.append(error.description)
                }
            }
            apply(envelope)
            outcome.typing.apply(envelope, at: now)
            if case .typing? = envelope.body, let conversation = envelope.conversation {
                outcome.typingSeen.append(outcome.typing.typingUserIDs(in: conversation, at: now))
            }
            var answers: [Envelope] = []
            if envelope.messageID == Script.textID {
                let reaction = bobSays(
                    "b-reaction",
                    .reaction(
                        Reaction(
                            targetMessageID: Script.textID, key: Script.reactionKey, action: .add)))
                apply(reaction)
                answers.append(reaction)
            }
            if case .reaction(let reaction)? = envelope.body,
                let summary = outcome.messages.reactionSummary(
                    of: reaction.targetMessageID, for: Script.alice.userID)
            {
                answers.append(
                    bobSays("b-summary-\(envelope.messageID)", .reactionSummary(summary)))
            }
            return answers
        }
    }
}
