import RTMWire

extension CorpusMessage {
    /// The message as an RTMWire envelope.
    public var rtmwireEnvelope: Envelope {
        let header = self.header
        var envelope = Envelope(
            messageID: header.messageID,
            sender: Sender(userID: header.senderUserID, displayName: header.senderDisplayName),
            sendTimeMs: header.sendTimeMs,
            conversation: Conversation(
                type: ConversationType(rawValue: header.conversationType), id: header.conversationID
            ))
        if header.deliveryOptions {
            envelope.deliveryOptions = DeliveryOptions(
                deliveryReceipt: true, readReceipt: true, groupReadReceipt: true)
        }
        switch body {
        case .text(let text):
            envelope.body = .text(TextMessage(text: text))
        case .image(let image):
            envelope.body = .image(
                ImageMessage(
                    mediaID: image.mediaID, fileName: image.fileName, size: image.size,
                    width: image.width, height: image.height, thumbnail: image.thumbnail,
                    thumbnailWidth: image.thumbnailWidth, thumbnailHeight: image.thumbnailHeight,
                    caption: image.text))
        case .metadataRequest(let request):
            let items = request.items.map {
                MetadataItem(key: $0.key, value: $0.value, revision: $0.revision)
            }
            envelope.body = .metadata(
                MetadataMessage(
                    kind: .request(
                        MetadataRequest(
                            requestID: request.requestID,
                            operation: MetadataOperation(rawValue: request.operation),
                            target: MetadataTarget(
                                target: .channel(
                                    ChannelTarget(
                                        channelName: request.channelName,
                                        channelType: ChannelType(rawValue: request.channelType)))),
                            metadata: Metadata(items: items, majorRevision: request.majorRevision),
                            options: MetadataOptions(recordTimestamp: true, recordUserID: true)))))
        case .deliveryReceipt(let ids):
            envelope.body = .receipt(Receipt(kind: .delivery(DeliveryReceipt(messageIDs: ids))))
        case .streamDelta(let streamMessageID, let sequence, let content):
            envelope.body = .streamChunk(
                StreamChunk(
                    streamMessageID: streamMessageID, sequence: sequence,
                    event: .delta(StreamDelta(content: content))))
        }
        return envelope
    }
}

/// RTMWire's public API as an application calls it: `serializedBytes(options:)` (size, one
/// allocation, write) and `Envelope(serializedBytes:options:)` (a materialised value). A class,
/// as the other workloads holding a message are: the measured loop must not copy the envelope.
public final class RTMWireWorkload: Workload {
    public let implementation: Implementation
    public let message: CorpusMessage
    @usableFromInline let envelope: Envelope
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let options: CodecOptions

    /// Sets up and checks RTMWire with full checks (`wireOnly: false`) or wire rules only.
    public init(_ message: CorpusMessage, canonical: [UInt8], wireOnly: Bool) {
        self.implementation = wireOnly ? .rtmwireWireOnly : .rtmwire
        self.message = message
        self.envelope = message.rtmwireEnvelope
        self.bytes = canonical
        self.options = wireOnly ? .wireOnly : .default
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
        do { return try envelope.serializedBytes(options: options) } catch {
            fatalError("RTMWire encode failed: \(error)")
        }
    }

    @inlinable
    public func decode() -> Envelope {
        do { return try Envelope(serializedBytes: bytes, options: options) } catch {
            fatalError("RTMWire decode failed: \(error)")
        }
    }
}

/// RTMWire's buffer entry points with the default options: `serialize(into:)` writes into a
/// buffer allocated once (no allocation per operation, as protobuf-c's `pack`), and
/// `Envelope(decoding:)` reads a borrowed raw buffer.
public final class RTMWireBufferWorkload: Workload {
    public var implementation: Implementation { .rtmwireBuffer }
    public let message: CorpusMessage
    @usableFromInline let envelope: Envelope
    @usableFromInline let input: UnsafeMutableRawBufferPointer
    @usableFromInline let output: UnsafeMutableRawBufferPointer

    public init(_ message: CorpusMessage, canonical: [UInt8]) {
        self.message = message
        envelope = message.rtmwireEnvelope
        input = .allocate(byteCount: canonical.count, alignment: 16)
        input.copyBytes(from: canonical)
        output = .allocate(byteCount: canonical.count, alignment: 16)
        output.initializeMemory(as: UInt8.self, repeating: 0)
        guard encode() == canonical.count, Array(output) == canonical else {
            verificationFailure(
                implementation, message, "encode: " + firstDifference(Array(output), canonical))
        }
        guard decode() == envelope else {
            verificationFailure(implementation, message, "decode differs from the corpus message")
        }
    }

    deinit {
        input.deallocate()
        output.deallocate()
    }

    public var encodedCount: Int { input.count }

    @inlinable
    public func encode() -> Int {
        do { return try envelope.serialize(into: output) } catch {
            fatalError("RTMWire encode failed: \(error)")
        }
    }

    @inlinable
    public func decode() -> Envelope {
        do { return try Envelope(decoding: UnsafeRawBufferPointer(input)) } catch {
            fatalError("RTMWire decode failed: \(error)")
        }
    }
}
