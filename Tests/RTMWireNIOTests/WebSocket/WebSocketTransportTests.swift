import NIOCore
import RTMWire
import RTMWireNIO
import RTMWireTestSupport
import RTMWireTransport
import Testing

/// The WebSocket connection's own behaviour: both subprotocols carry every kind, the closing
/// handshake is the contract's half-close, plain HTTP requests are answered.
@Suite(.timeLimit(.minutes(5)))
struct WebSocketTransportTests {
    @Test(
        "every fixture crosses each subprotocol both ways and arrives equal",
        arguments: WebSocketSubprotocol.allCases)
    func everyFixtureArrivesEqual(subprotocol: WebSocketSubprotocol) async throws {
        // Unknown fields have no JSON form: compare what JSON can carry.
        let sent = Fixtures.everyKind()
        try await WebSocketLoopback.withConnectedPair(subprotocol: subprotocol) { client, server in
            #expect(client.subprotocol == subprotocol)
            #expect(server.subprotocol == subprotocol)
            try await client.send(contentsOf: sent)
            var received: [Envelope] = []
            while received.count < sent.count, let envelope = try await server.receive() {
                received.append(envelope)
            }
            #expect(received == sent)
            try await server.send(contentsOf: received.reversed())
            var back: [Envelope] = []
            while back.count < sent.count, let envelope = try await client.receive() {
                back.append(envelope)
            }
            #expect(back == sent.reversed())
        }
    }

    @Test func closeIsAHalfCloseThePeerCanStillAnswer() async throws {
        let question = Fixtures.text("q", "안녕하세요 🙂")
        let answer = Fixtures.text("a", "네 👍")
        try await WebSocketLoopback.withConnectedPair { client, server in
            try await client.send(question)
            await client.close()
            #expect(try await server.receive() == question)
            #expect(try await server.receive() == nil)
            try await server.send(answer)
            await server.close()
            #expect(try await client.receive() == answer)
            #expect(try await client.receive() == nil)
            await #expect(throws: TransportError.self) { try await client.send(question) }
        }
    }

    @Test func aPlainRequestIsAnsweredByTheResponderOr426() async throws {
        let page = Array("<!doctype html><title>chat</title>".utf8)
        // A patient handshake timeout: under ThreadSanitizer on a busy machine the default 10 s
        // was not enough for the raw client's request.
        let configuration = WebSocketConfiguration(
            handshakeTimeout: .minutes(2),
            httpResponder: { method, target in
                guard method == "GET", target == "/" else { return nil }
                return WebSocketHTTPResponse(
                    status: 200, headers: [("Content-Type", "text/html")], body: page)
            })
        try await WebSocketServer.withServer(
            host: WebSocketLoopback.host, port: 0, configuration: configuration,
            handler: { _ in }
        ) { address in
            for (target, status, body) in [
                ("/", "200", page), ("/missing", "426", Array("this endpoint".utf8)),
            ] {
                let peer = try await HostilePeer.connect(port: address.port!)
                try await peer.write(Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                let answer = RawWebSocket.parse(try await peer.bytesRead())
                #expect(answer.statusLine.hasPrefix("HTTP/1.1 \(status)"))
                #expect(answer.httpBody.utf8.starts(with: body))
            }
        }
    }
}
