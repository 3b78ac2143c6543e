import RTMWire
import RTMWireViews

/// RTMWire's borrowed view, as a router uses it: `Envelope.withView(of:)` with the default
/// options (the up-front check), then every header field, the body kind and the body's id
/// fields read in place. Nothing is materialised; the result is a checksum of what was read, so
/// that no read can be optimised away.
public struct RTMWireViewWorkload: DecodeWorkload {
    public var implementation: Implementation { .rtmwireView }
    public let message: CorpusMessage
    @usableFromInline let bytes: [UInt8]

    public init(_ message: CorpusMessage, canonical: [UInt8]) {
        self.message = message
        self.bytes = canonical
        // Everything the view reads must be the corpus message's.
        let materialized = try? Envelope.withView(of: canonical) { view throws(RTMWireError) in
            try view.materialized()
        }
        guard materialized == message.rtmwireEnvelope, decode() != 0 else {
            verificationFailure(implementation, message, "the view read other values")
        }
    }

    public var encodedCount: Int { bytes.count }

    @inlinable
    public func decode() -> Int {
        do {
            return try Envelope.withView(of: bytes) { envelope in
                var sum = envelope.messageID.count &+ Int(truncatingIfNeeded: envelope.sendTimeMs)
                if let sender = envelope.sender {
                    sum &+= sender.userID.count &+ sender.displayName.count
                }
                if let conversation = envelope.conversation {
                    sum &+= Int(conversation.type.rawValue) &+ conversation.id.count
                }
                if let options = envelope.deliveryOptions {
                    sum &+=
                        (options.deliveryReceipt ? 1 : 0) &+ (options.readReceipt ? 2 : 0)
                        &+ (options.groupReadReceipt ? 4 : 0)
                }
                switch envelope.body {
                case .text?: sum &+= 100
                case .image(let image)?: sum &+= 200 &+ image.mediaID.count
                case .receipt(let receipt)?:
                    sum &+= 300
                    if case .delivery(let delivery)? = receipt.kind {
                        for id in delivery.messageIDs { sum &+= id.count }
                    }
                case .metadata(let metadata)?:
                    sum &+= 400
                    if case .request(let request)? = metadata.kind {
                        sum &+= request.requestID.count
                    }
                case .streamChunk(let chunk)?: sum &+= 500 &+ chunk.streamMessageID.count
                default: sum &+= 600
                }
                return sum
            }
        } catch {
            fatalError("RTMWire view failed: \(error)")
        }
    }
}

/// RTMWire's borrowed view, header only: what a router reads to route an envelope (the message
/// id, the sender's user id, the conversation id and the body kind), with the default options.
/// Separate from ``RTMWireViewWorkload``, which also reads the body's ids.
public struct RTMWireViewHeaderWorkload: DecodeWorkload {
    public var implementation: Implementation { .rtmwireViewHeader }
    public let message: CorpusMessage
    @usableFromInline let bytes: [UInt8]

    public init(_ message: CorpusMessage, canonical: [UInt8]) {
        self.message = message
        self.bytes = canonical
        let envelope = message.rtmwireEnvelope
        let expected =
            envelope.messageID.utf8.count &+ (envelope.sender?.userID.utf8.count ?? 0)
            &+ (envelope.conversation?.id.utf8.count ?? 0)
        guard decode() == expected &+ (envelope.body.map { _ in 1000 } ?? 0) else {
            verificationFailure(implementation, message, "the view read other values")
        }
    }

    public var encodedCount: Int { bytes.count }

    @inlinable
    public func decode() -> Int {
        do {
            return try Envelope.withView(of: bytes) { envelope in
                var sum = envelope.messageID.count
                sum &+= envelope.sender?.userID.count ?? 0
                sum &+= envelope.conversation?.id.count ?? 0
                switch envelope.body {
                case nil: break
                case .text?, .image?, .file?, .status?, .receipt?, .stream?, .streamChunk?,
                    .metadata?, .custom?, .edit?, .recall?, .reaction?, .reactionSummary?, .typing?,
                    .streamPullRequest?, .streamPullResponse?, .appDataUpdate?, .signIn?,
                    .acknowledgement?, .refusal?, .historyRequest?, .historyPage?, .groupRequest?,
                    .groupResponse?:
                    sum &+= 1000
                }
                return sum
            }
        } catch {
            fatalError("RTMWire view failed: \(error)")
        }
    }
}
