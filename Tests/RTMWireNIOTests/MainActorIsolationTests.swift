import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import Testing

/// An app's view model: main-actor state that the transport's closures read and write.
@MainActor
final class ChatViewModel {
    var messages: [String] = []

    func exchange() async throws -> Int {
        try await TCPLoopback.withConnectedPair { client, server in
            try await client.send(Fixtures.text("m1", "hi from the main actor"))
            let received = try await server.receive()
            // The closure runs on the main actor: it touches `messages` directly.
            if case .text(let text)? = received?.body { messages.append(text.text) }
            return messages.count
        }
    }
}

@Suite struct MainActorIsolationTests {
    @Test @MainActor func helpersAcceptMainActorClosures() async throws {
        let model = ChatViewModel()
        #expect(try await model.exchange() == 1)
        #expect(model.messages == ["hi from the main actor"])
    }
}
