import NIOCore
import NIOHTTP1

/// Answers a request that did not become a WebSocket connection, then closes the socket: a
/// refused upgrade gets its status and reason (400 with the subprotocols to offer, 403 for an
/// origin not allowed), a plain request what ``WebSocketConfiguration/httpResponder`` returns
/// (or 426 Upgrade Required). Request bodies are not read: nothing here needs one.
final class WebSocketHTTPResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let configuration: WebSocketConfiguration
    private var head: HTTPRequestHead?
    private var answered = false

    /// Creates a responder; `refusedHead` is the head of a refused upgrade request, which NIO
    /// does not pass on.
    init(configuration: WebSocketConfiguration, refusedHead: HTTPRequestHead?) {
        self.configuration = configuration
        self.head = refusedHead
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard !answered else { return }
            answered = true
            guard let head else {
                // An upgrade request NIO refused before asking (no key, a version other than
                // 13): its head is not passed on.
                return respond(
                    context,
                    WebSocketHTTPResponse(
                        status: 400, headers: [("Content-Type", "text/plain; charset=utf-8")],
                        body: Array(Self.invalidHandshake.utf8)))
            }
            respond(context, Self.response(to: head, configuration))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A failed upgrade attempt (a bad Sec-WebSocket-Version or key) reports its error here
        // before the request is answered: the answer says what was wrong.
    }

    static let invalidHandshake =
        "invalid WebSocket handshake: Sec-WebSocket-Version must be 13 and Sec-WebSocket-Key "
        + "must be present\n"

    /// The answer to `head`.
    static func response(to head: HTTPRequestHead, _ configuration: WebSocketConfiguration)
        -> WebSocketHTTPResponse
    {
        let text = [("Content-Type", "text/plain; charset=utf-8")]
        let isUpgrade = head.headers[canonicalForm: "Upgrade"].contains {
            $0.lowercased() == "websocket"
        }
        if isUpgrade {
            switch WebSocketHandshake.evaluate(head, configuration) {
            case .refuse(let status, let reason):
                return WebSocketHTTPResponse(
                    status: Int(status.code), headers: text, body: Array((reason + "\n").utf8))
            case .accept:
                return WebSocketHTTPResponse(
                    status: 400, headers: text,
                    body: Array(invalidHandshake.utf8))
            }
        }
        if let responder = configuration.httpResponder,
            let response = responder(head.method.rawValue, head.uri)
        {
            return response
        }
        let names = configuration.subprotocols.map(\.name).joined(separator: ", ")
        return WebSocketHTTPResponse(
            status: 426, headers: text + [("Upgrade", "websocket")],
            body: Array("this endpoint speaks WebSocket with the subprotocols \(names)\n".utf8))
    }

    private func respond(_ context: ChannelHandlerContext, _ response: WebSocketHTTPResponse) {
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        headers.replaceOrAdd(name: "Content-Length", value: "\(response.body.count)")
        headers.replaceOrAdd(name: "Connection", value: "close")
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: response.status),
            headers: headers)
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty {
            let body = context.channel.allocator.buffer(bytes: response.body)
            context.write(Self.wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in
            loopBound.value.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension WebSocketHTTPResponder: Sendable {}
