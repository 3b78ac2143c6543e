import Foundation
import SwiftProtobuf
import SwiftProtobufMessages

extension CorpusMessage {
    /// The message as a swift-protobuf envelope, built from the same plain values as
    /// ``rtmwireEnvelope``. Its encoding is the corpus's canonical bytes.
    public var swiftProtobufEnvelope: Rtmwire_V1_Envelope {
        let header = self.header
        var envelope = Rtmwire_V1_Envelope()
        envelope.messageID = header.messageID
        envelope.sender.userID = header.senderUserID
        envelope.sender.displayName = header.senderDisplayName
        envelope.sendTimeMs = header.sendTimeMs
        envelope.conversation.type = .init(rawValue: Int(header.conversationType))!
        envelope.conversation.id = header.conversationID
        if header.deliveryOptions {
            envelope.deliveryOptions.deliveryReceipt = true
            envelope.deliveryOptions.readReceipt = true
            envelope.deliveryOptions.groupReadReceipt = true
        }
        switch body {
        case .text(let text):
            envelope.text.text = text
        case .image(let image):
            envelope.image.mediaID = image.mediaID
            envelope.image.fileName = image.fileName
            envelope.image.size = image.size
            envelope.image.width = image.width
            envelope.image.height = image.height
            envelope.image.thumbnail = Data(image.thumbnail)
            envelope.image.thumbnailWidth = image.thumbnailWidth
            envelope.image.thumbnailHeight = image.thumbnailHeight
            envelope.image.text = image.text
        case .metadataRequest(let request):
            var value = Rtmwire_V1_MetadataRequest()
            value.requestID = request.requestID
            value.operation = .init(rawValue: Int(request.operation))!
            value.target.channel.channelName = request.channelName
            value.target.channel.channelType = .init(rawValue: Int(request.channelType))!
            value.metadata.items = request.items.map { item in
                var out = Rtmwire_V1_MetadataItem()
                out.key = item.key
                out.value = item.value
                out.revision = item.revision
                return out
            }
            value.metadata.majorRevision = request.majorRevision
            value.options.recordTimestamp = true
            value.options.recordUserID = true
            envelope.metadata.request = value
        case .deliveryReceipt(let ids):
            envelope.receipt.delivery.messageIds = ids
        case .streamDelta(let streamMessageID, let sequence, let content):
            envelope.streamChunk.streamID = streamMessageID
            envelope.streamChunk.sequence = sequence
            envelope.streamChunk.delta.content = content
        }
        return envelope
    }

    /// The canonical encoding of the message (swift-protobuf's, which follows Google's rules).
    public var canonicalBytes: [UInt8] {
        do { return try swiftProtobufEnvelope.serializedBytes() } catch {
            fatalError("swift-protobuf cannot encode message \(rawValue): \(error)")
        }
    }
}

/// swift-protobuf as an application calls it: `serializedBytes()` into a new `[UInt8]` and
/// `init(serializedBytes:)`.
public struct SwiftProtobufWorkload: Workload {
    public var implementation: Implementation { .swiftProtobuf }
    public let message: CorpusMessage
    @usableFromInline let envelope: Rtmwire_V1_Envelope
    @usableFromInline let bytes: [UInt8]

    public init(_ message: CorpusMessage, canonical: [UInt8]) {
        self.message = message
        self.envelope = message.swiftProtobufEnvelope
        self.bytes = canonical
        let encoded = encode()
        guard encoded == canonical else {
            verificationFailure(
                implementation, message, "encode: " + firstDifference(encoded, canonical))
        }
        guard decode() == envelope else {
            verificationFailure(implementation, message, "decode differs from the corpus message")
        }
    }

    public var encodedCount: Int { bytes.count }

    @inlinable
    public func encode() -> [UInt8] {
        do { return try envelope.serializedBytes() } catch {
            fatalError("swift-protobuf encode failed: \(error)")
        }
    }

    @inlinable
    public func decode() -> Rtmwire_V1_Envelope {
        do { return try Rtmwire_V1_Envelope(serializedBytes: bytes) } catch {
            fatalError("swift-protobuf decode failed: \(error)")
        }
    }
}
