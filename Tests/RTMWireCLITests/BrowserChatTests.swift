import Foundation
import RTMWire
import RTMWireJSON
import RTMWireNIO
import RTMWireTransport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The web chat in a real browser: `rtmwire serve --websocket … --web Web/chat` serves the page,
/// headless Chromium (Scripts/browser-chat.py, with selenium) signs in with the token in the
/// page's URL fragment (presented as the `rtmwire.bearer.<token>` subprotocol entry) and joins
/// channel "general" over `rtmwire.v1.json`, and a Swift client on `rtmwire.v1.binary`, signed
/// in with a `sign_in` envelope, exchanges text (Korean and emoji), a raised hand, an image,
/// typing and receipts with it through the server. The page
/// checks what it received field for field (and what it shows); this side checks what the page
/// sent byte for byte. The screenshot is kept in `.build/browser-test/chat.png`.
///
/// Runs where Chromium, chromedriver and selenium are installed (`Scripts/install-deps`) and the
/// page's WebAssembly module is built (`Scripts/build-embedded --wasm`): so in CI, where
/// `Scripts/test` builds it; elsewhere it is skipped, saying why.
@Suite(
    .timeLimit(.minutes(5)), .enabled(if: ServedTool.missing == nil, "\(ServedTool.missing ?? "")"),
    .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"),
    .enabled(if: Browser.moduleMissing == nil, "\(Browser.moduleMissing ?? "")"))
struct BrowserChatTests {
    static let channel = Conversation(type: .channel, id: "general")
    static let swift = Sender(userID: "swift", displayName: "Swift")

    static func envelope(_ id: String, _ body: Envelope.Body) -> Envelope {
        Envelope(
            messageID: id, sender: swift, sendTimeMs: 1_764_000_000_000, conversation: channel,
            deliveryOptions: DeliveryOptions(readReceipt: true), body: body)
    }

    /// A 1×1 PNG, the thumbnail the page must decode and show.
    static let pixel: [UInt8] = Array(
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
        )!)

    /// What the Swift client sends once the page has joined.
    static let fromSwift: [Envelope] = [
        envelope("swift-text", .text(TextMessage(text: "안녕하세요 👋🏽 Swift에서 왔어요"))),
        envelope(
            "swift-image",
            .image(
                ImageMessage(
                    mediaID: "media-7", fileName: "풍경.png", size: 2_048_000, width: 4032,
                    height: 3024, thumbnail: pixel, thumbnailWidth: 1, thumbnailHeight: 1))),
        envelope("swift-hand", .status(StatusMessage(presence: .online, handRaised: true))),
        envelope("swift-typing", .typing(TypingIndicator(state: .started, expiresAfterMs: 60_000))),
    ]

    /// A text the channel holds before the page joins: the page shows it from history.
    static let beforeText = "지난 메시지: 기록에서 ✉️"
    static let before = envelope("swift-before", .text(TextMessage(text: beforeText)))
    /// What the Swift client edits it to, once the page is there.
    static let edited = "지난 메시지 (고침) ✏️"
    /// The channel topic, item "topic" of the channel's metadata: set before the page joins
    /// (the page shows the snapshot), then changed while it watches (a storage event).
    static let topics = ["Release 1.0 planning 🚀", "Ship it on Friday 🎉"]

    static func setTopic(_ topic: String, id: String) -> Envelope {
        envelope(
            id,
            .metadata(
                MetadataMessage(
                    kind: .request(
                        MetadataRequest(
                            requestID: id, operation: .set,
                            target: MetadataTarget(
                                target: .channel(
                                    ChannelTarget(channelName: channel.id, channelType: .message))),
                            metadata: Metadata(items: [MetadataItem(key: "topic", value: topic)])))
                )))
    }

    /// What the Swift client does once the page's text arrives: reads it (✓✓ on the page),
    /// reacts to it, edits its own earlier message and changes the topic.
    static func answer(_ text: String) -> [Envelope] {
        [
            envelope(
                "swift-read",
                .receipt(Receipt(kind: .messageRead(MessageReadReceipt(messageID: text))))),
            envelope(
                "swift-like", .reaction(Reaction(targetMessageID: text, key: "👍", action: .add))),
            envelope(
                "swift-edit",
                .edit(
                    MessageEdit(
                        targetMessageID: before.messageID,
                        editTimeMs: Int64(Date().timeIntervalSince1970 * 1000),
                        content: .text(TextMessage(text: edited))))),
            setTopic(topics[1], id: "swift-topic-2"),
        ]
    }

    @Test func theBrowserAndASwiftClientChatThroughTheServer() async throws {
        let root = LiveProcess.repository
        let work = root.appendingPathComponent(".build/browser-test")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let expected = work.appendingPathComponent("expected.jsonl")
        let sent = work.appendingPathComponent("sent.jsonl")
        let screenshot = work.appendingPathComponent("chat.png")
        let scene = work.appendingPathComponent("scene.json")
        try JSONSerialization.data(withJSONObject: [
            "history": ["id": Self.before.messageID, "text": Self.beforeText],
            "topics": Self.topics, "edited": Self.edited, "pageTopic": "웹에서 정한 주제 🌐",
        ]).write(to: scene)
        try? FileManager.default.removeItem(at: sent)
        try Self.fromSwift.map { $0.jsonString() + "\n" }.joined()
            .write(to: expected, atomically: true, encoding: .utf8)

        let folder = try ServeFolder()
        let server = try folder.serve([
            "--websocket", "127.0.0.1:0", "--web", root.appendingPathComponent("Web/chat").path,
        ])
        let port = try server.port("websocket")

        let received = try await WebSocketClient.withConnection(
            host: "127.0.0.1", port: port, subprotocol: .binary
        ) { swift in
            let signedIn = try await Chat.signIn(swift, as: Self.swift.userID)
            #expect(signedIn?.acknowledgement != nil, "\(String(describing: signedIn))")
            try await swift.send(
                Envelope(
                    messageID: "swift-join", sender: Self.swift, sendTimeMs: 1_764_000_000_000,
                    conversation: Self.channel, body: .status(StatusMessage(presence: .online))))
            // History and topic first, stored (acknowledged, answered) before the page starts.
            try await swift.send(contentsOf: [
                Self.before, Self.setTopic(Self.topics[0], id: "swift-topic-1"),
            ])
            var received: [Envelope] = []
            var answered = Set<String>()
            while answered.count < 2, let envelope = try await swift.receive() {
                received.append(envelope)
                if case .acknowledgement(let ack)? = envelope.body,
                    ack.messageID == Self.before.messageID
                {
                    answered.insert(ack.messageID)
                }
                if case .metadata(let metadata)? = envelope.body,
                    case .response(let response)? = metadata.kind
                {
                    #expect(response.status == .ok, "\(response)")
                    answered.insert(response.requestID)
                }
            }
            let browser = try Self.startBrowser(
                url: "http://127.0.0.1:\(port)/#token=\(ServeFolder.token("web"))", expected, sent,
                screenshot, scene)
            // The page's join first: only then does it receive what is sent to the channel.
            while let envelope = try await swift.receive() {
                received.append(envelope)
                if envelope.sender?.userID == "web", case .status? = envelope.body { break }
            }
            try await swift.send(contentsOf: Self.fromSwift)
            var answeredPage = false
            // Then everything until the page goes (offline, after the server refused its last
            // message), answering the page's first text (`answer`).
            while let envelope = try await swift.receive() {
                received.append(envelope)
                if case .text? = envelope.body, envelope.sender?.userID == "web", !answeredPage {
                    try await swift.send(contentsOf: Self.answer(envelope.messageID))
                    answeredPage = true
                }
                if case .status(let status)? = envelope.body, status.presence == .offline {
                    break
                }
            }
            let (status, output) = await browser.value
            #expect(status == 0, "\(output)")
            return received
        }
        let end = server.stop()
        #expect(end.status == 0, "\(end.stderr)")
        #expect(end.stdout.contains("SIGTERM, draining"))

        // What the page sent arrived byte for byte: the binary side's envelope encodes to the
        // bytes of the page's JSON read as an envelope.
        let pageSent = try String(contentsOf: sent, encoding: .utf8).split(separator: "\n")
            .map { try Envelope(jsonString: String($0)) }
        #expect(pageSent.count == 4)
        for envelope in pageSent {
            let arrived = try #require(
                received.first { $0.messageID == envelope.messageID },
                "\(envelope.messageID) did not arrive")
            #expect(try arrived.serializedBytes() == envelope.serializedBytes())
            #expect(arrived == envelope)
        }
        // The page's read receipts for what it showed came back to this client.
        let reads = received.compactMap { envelope -> String? in
            guard case .receipt(let receipt)? = envelope.body,
                case .messageRead(let read)? = receipt.kind
            else { return nil }
            return read.messageID
        }
        #expect(Set(reads) == [Self.before.messageID, "swift-text", "swift-image"])
        // Nothing this client sent was refused (the edit, the reaction, the topic).
        #expect(!received.contains { if case .refusal? = $0.body { true } else { false } })
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
    }

    /// Runs Scripts/browser-chat.py; its status and output when it ends.
    static func startBrowser(
        url: String, _ expected: URL, _ sent: URL, _ screenshot: URL, _ scene: URL
    ) throws
        -> Task<(Int32, String), Never>
    {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3",
            LiveProcess.repository.appendingPathComponent("Scripts/browser-chat.py").path,
            url, expected.path, sent.path, screenshot.path, scene.path,
        ]
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return Task.detached {
            let text = String(
                decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
    }
}

/// Whether this machine can run the browser test.
enum Browser {
    /// What is missing to run a browser, or nil.
    static let missing: String? = {
        for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        where !FileManager.default.isExecutableFile(atPath: path) {
            return "\(path) is not installed (Scripts/install-deps)"
        }
        return Python.missing("selenium", "the selenium package is not installed")
    }()
    /// Nil when the web chat's WebAssembly module (`Web/chat/rtmwire.wasm`, a link into
    /// `.build/embedded/wasm/`) is built, else how to build it: the page decodes history with it.
    static let moduleMissing: String? = {
        let module = LiveProcess.repository.appendingPathComponent("Web/chat/rtmwire.wasm")
        return FileManager.default.fileExists(atPath: module.path)
            ? nil
            : "the web chat's rtmwire.wasm is not built (Scripts/build-embedded --wasm; "
                + "Scripts/test builds it)"
    }()
}

/// The machine's python3, for the tests that run a Python program.
enum Python {
    /// Nil when python3 runs `import <modules>`, else why not (`otherwise` when an import fails).
    static func missing(_ modules: String, _ otherwise: String) -> String? {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import \(modules)"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "python3 cannot be run" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : otherwise
    }
}
