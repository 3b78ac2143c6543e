import NIOCore
import NIOEmbedded
import RTMWire
import RTMWireNIO
import RTMWireReferencePeers
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// An app's own type named like a schema message: the app's wins in its file, ours is
/// `RTMWire.Metadata`.
private struct Metadata {
    var note: String
}

/// Compiles only if the RTMWire modules, NIOCore and an app's own names coexist: every name used
/// here is unambiguous in a file that imports NIOCore (which has its own `AddressedEnvelope`).
@Suite struct NameClashTests {
    @Test func rtmwireNamesAreUnambiguousNextToNIO() async throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addEnvelopeFraming()
        let service = MetadataService(identity: Sender(userID: "store"), clock: { Fixtures.time })
        let request = Envelope(
            messageID: "r", sender: Fixtures.alice,
            conversation: Conversation(type: .peer, id: "s"),
            body: .metadata(
                MetadataMessage(
                    kind: .request(
                        MetadataRequest(
                            requestID: "r1", operation: .get,
                            target: MetadataTarget(target: .userID("alice")))))))
        let routed: [RoutedEnvelope] = await service.handle(request)
        #expect(routed.map(\.recipientUserID) == ["alice"])

        // Through NIO's pipeline: the envelope is written as a frame and read back.
        try channel.writeOutbound(routed[0].envelope)
        let frame = try #require(try channel.readOutbound(as: ByteBuffer.self))
        try channel.writeInbound(frame)
        #expect(try channel.readInbound(as: Envelope.self) == routed[0].envelope)
        #expect(try channel.finish().isClean)

        let receipt: Receipt = Receipt(kind: .messageRead(MessageReadReceipt(messageID: "m")))
        #expect(receipt.kind != nil)
    }

    @Test func anAppsOwnMetadataTypeAndOursByModule() {
        let mine = Metadata(note: "the app's own type")
        let ours = RTMWire.Metadata(items: [MetadataItem(key: "k", value: "v")])
        #expect(mine.note.hasPrefix("the app's"))
        #expect(ours.items.count == 1)
    }
}
