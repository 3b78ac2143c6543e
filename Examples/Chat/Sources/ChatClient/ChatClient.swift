import Foundation
import NIOCore
import NIOPosix
import RTMWire
import RTMWireFoundation
import RTMWireJSON
import RTMWireText

/// An app-style client: it uses RTMWire only as a codec. Messages go out as `Data` (what
/// URLSession, a WebSocket or Network.framework send) and replies come back through
/// `delimitedMessages(of:)` over the socket's chunks. SwiftNIO stands in for the app's socket.
///
///     ChatClient --port PORT [--host HOST]
///
/// Sends two text messages asking for delivery receipts, waits for both receipts and both
/// echoes, prints what it received, and exits 1 if anything is missing.
@main
enum ChatClient {
    static func main() async throws {
        var host = "127.0.0.1"
        var port = 7070
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let name = arguments.next(), let value = arguments.next() {
            if name == "--host" {
                host = value
            } else if name == "--port" {
                port = Int(value) ?? port
            }
        }

        // JSON from a newer peer: it has a member this schema does not know. Strict by default,
        // readable with ignoreUnknownFields.
        let newerPeerJSON = Data(
            #"{"messageId":"j1","sender":{"userId":"bob","avatarUrl":"https://example.com/b.png"},"conversation":{"type":"CONVERSATION_TYPE_PEER","id":"alice"},"text":{"text":"from JSON"}}"#
                .utf8)
        do {
            _ = try Envelope(jsonUTF8Bytes: newerPeerJSON)
            fail("strict JSON accepted an unknown member")
        } catch {
            print("strict JSON: \(error)")
        }
        let fromJSON = try Envelope(
            jsonUTF8Bytes: newerPeerJSON,
            jsonOptions: JSONDecodingOptions(ignoreUnknownFields: true))
        print(
            "lenient JSON: "
                + fromJSON.jsonString(
                    options: JSONEncodingOptions(
                        preserveProtoFieldNames: true, alwaysPrintEnumsAsInts: true)))

        let me = Sender(userID: "alice", displayName: "Alice")
        let messages = ["안녕하세요 👋", "how are you?"].enumerated().map { index, text in
            Envelope(
                messageID: "c\(index + 1)", sender: me,
                sendTimeMs: 1_763_700_000_000 + Int64(index),
                conversation: Conversation(type: .peer, id: "server"),
                deliveryOptions: DeliveryOptions(deliveryReceipt: true),
                body: .text(TextMessage(text: text)))
        }

        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                        wrappingChannelSynchronously: channel)
                }
            }
        // The whole exchange must finish in 20 s: a script waits for this process.
        let (receipts, echoes) = try await withThrowingTaskGroup(of: ([String], [String])?.self) {
            group in
            group.addTask {
                try await Task.sleep(nanoseconds: 20_000_000_000)
                return nil
            }
            group.addTask { try await exchange(messages, over: channel) }
            let outcome = try await group.next()!
            group.cancelAll()
            return outcome ?? ([], [])
        }
        guard Set(receipts) == ["c1", "c2"], echoes == ["echo: 안녕하세요 👋", "echo: how are you?"]
        else {
            fail("expected receipts for c1 and c2 and two echoes; got \(receipts) and \(echoes)")
        }
        print("ok: \(receipts.count) delivery receipts, \(echoes.count) echoes")
    }

    /// Sends `messages` as Data frames and reads replies until every message has its delivery
    /// receipt and its echo; returns the receipted ids and the echoed texts.
    static func exchange(
        _ messages: [Envelope], over channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    ) async throws -> ([String], [String]) {
        try await channel.executeThenClose { inbound, outbound in
            for message in messages {
                // Serialised straight into Data: what an app hands its socket.
                let frame: Data = try message.delimitedBytes()
                try await outbound.write(ByteBuffer(bytes: frame))
            }
            var receipts: [String] = []
            var echoes: [String] = []
            // Each read arrives as Data, as WebSocket messages do; the decoder frames them.
            let chunks = inbound.map { Data($0.readableBytesView) }
            for try await envelope in chunks.delimitedMessages(of: Envelope.self) {
                print(envelope)  // debugDescription: the set fields, text-format style
                switch envelope.body {
                case .receipt(let receipt)?:
                    if case .delivery(let delivery)? = receipt.kind {
                        receipts += delivery.messageIDs
                    }
                case .text(let text)?:
                    echoes.append(text.text)
                default:
                    break
                }
                if receipts.count >= messages.count, echoes.count >= messages.count { break }
            }
            return (receipts, echoes)
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ChatClient: \(message)\n".utf8))
        exit(1)
    }
}
