// The samples of the article "A receive loop over URLSessionWebSocketTask"
// (Sources/RTMWireFoundation/RTMWireFoundation.docc/WebSocketReceiveLoop.md), compiled as written
// (ArticleSample checks that the marked copies below are the article's blocks). The loop needs a
// WebSocket server to run; the per-message decoding it relies on is tested here.

import Foundation
import RTMWire
import RTMWireFoundation
import RTMWireJSON
import RTMWireTestSupport
import Testing

// Article sample: begin
#if canImport(FoundationNetworking)
    import FoundationNetworking  // URLSession on Linux
#endif

/// The envelope in one WebSocket message: protobuf in a binary message, proto3 JSON in a
/// text message (a newer peer's JSON may name fields this version does not know).
func decodeEnvelope(_ message: URLSessionWebSocketTask.Message) throws(RTMWireError) -> Envelope {
    switch message {
    case .data(let data):
        return try Envelope(serializedBytes: data)
    case .string(let json):
        return try Envelope(
            jsonString: json, options: JSONDecodingOptions(ignoreUnknownFields: true))
    @unknown default:
        throw RTMWireError(code: .invalidValue, detail: "a WebSocket message of an unknown kind")
    }
}
// Article sample: end

// Article sample: begin
extension URLSessionWebSocketTask {
    /// The messages that arrive, until the connection fails or is closed (the sequence then
    /// throws the socket's error).
    var messages: AsyncThrowingStream<Message, any Error> {
        AsyncThrowingStream { try await self.receive() }
    }
}

/// Hands every envelope that arrives to `handle`, until the connection ends.
func receiveEnvelopes(
    from task: URLSessionWebSocketTask, handle: (Envelope) async -> Void
) async throws {
    for try await message in task.messages {  // a socket error ends the loop
        do {
            await handle(try decodeEnvelope(message))
        } catch {  // an RTMWireError: this message is not a valid envelope
            switch error.code {
            case .limitExceeded:
                print("dropped: too large: \(error.limit!)")
            case .invalidJSON:
                print("dropped: a text message that is not an envelope's JSON")
            default:
                print("dropped: \(error)")  // "invalidUTF8: text.text at byte 40: …"
            }
        }
    }
}
// Article sample: end

// Article sample: begin
func chat(over session: URLSession, at url: URL, hello: Envelope) async throws {
    let task = session.webSocketTask(with: url)
    task.resume()
    defer { task.cancel(with: .goingAway, reason: nil) }  // close, however the loop ends

    let data: Data = try hello.serializedBytes()  // validated, written straight into Data
    try await task.send(.data(data))
    // Or, to a server that speaks JSON: try await task.send(.string(hello.jsonString()))

    try await receiveEnvelopes(from: task) { envelope in
        print(envelope)  // rtmwire.v1.Envelope { message_id: … }
    }
}
// Article sample: end

@Suite("Article: A receive loop over URLSessionWebSocketTask")
struct WebSocketReceiveLoopArticleTests {
    let hello = Envelope(
        messageID: "m-1", sender: Sender(userID: "alice"), sendTimeMs: 1_763_700_000_000,
        conversation: Conversation(type: .channel, id: "lobby"),
        body: .text(TextMessage(text: "hello")))

    @Test func samplesAreTheArticles() throws {
        let sample = try ArticleSample(
            article: "Sources/RTMWireFoundation/RTMWireFoundation.docc/WebSocketReceiveLoop.md")
        #expect(
            sample.testCopies == sample.articleBlocks, "the copies above differ from the article")
        #expect(sample.articleBlocks.count == 3)
    }

    @Test func binaryMessageDecodes() throws {
        let data: Data = try hello.serializedBytes()
        #expect(try decodeEnvelope(.data(data)) == hello)
    }

    @Test func textMessageDecodesAsJSONIgnoringNewerFields() throws {
        var json = hello.jsonString()
        json.removeLast()  // "}": add a member of a newer schema
        json += #","priority":"HIGH"}"#
        #expect(try decodeEnvelope(.string(json)) == hello)
    }

    @Test func badMessagesThrowTypedErrors() {
        // Typed throws: `error` is an RTMWireError, read without a cast.
        do {
            _ = try decodeEnvelope(.data(Data([0x0A, 0x05, 0x6D])))  // message_id cut short
            Issue.record("decoded a truncated envelope")
        } catch {
            #expect(error.code == .lengthPastEnd)
            #expect(error.localizedDescription == error.description)
        }
        do {
            _ = try decodeEnvelope(.string("not json"))
            Issue.record("decoded text that is not JSON")
        } catch {
            #expect(error.code == .invalidJSON)
        }
        let tooLarge = Data(repeating: 0x41, count: 1_048_577)
        do {
            _ = try decodeEnvelope(.data(tooLarge))
            Issue.record("decoded more than maxMessageBytes")
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.limit?.name == "maxMessageBytes")
        }
    }
}
