import ArgumentParser
import Dispatch
import RTMWire
import RTMWireNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rtmwire serve`: a relay of envelopes among clients over TCP and WebSocket, routing each by
/// its header (read through the view, the body never decoded), with an optional web page.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Relay envelopes among TCP and WebSocket clients by conversation.",
        discussion: """
            Listens on --tcp (length-delimited envelopes) and/or --websocket (subprotocols \
            rtmwire.v1.binary and rtmwire.v1.json) and sends each envelope to the other \
            connections of its conversation. A connection is the user its first envelope names \
            as sender; it joins a channel or group by sending to it (a status with presence \
            online joins before anything is said) and leaves with presence offline or by \
            disconnecting; peer envelopes go to the peer's connections; receipts go back to the \
            sender of the messages they name. With --web DIR, the WebSocket port also serves \
            the files of DIR (index.html at /). Prints one line with the bound addresses once \
            listening; SIGINT or SIGTERM drains (what is queued is sent, every connection is \
            closed) and prints what was relayed.
            """)

    @Option(name: .customLong("tcp"), help: "Listen for TCP clients on HOST:PORT (port 0: any).")
    var tcp: String?

    @Option(
        name: .customLong("websocket"),
        help: "Listen for WebSocket clients on HOST:PORT (port 0: any).")
    var webSocket: String?

    @Option(
        name: .customLong("web"),
        help: "Serve the files of this folder over HTTP on the WebSocket port.")
    var web: String?

    @Option(
        name: .customLong("allowed-origin"),
        help: "Accept WebSocket handshakes only from this Origin (repeatable; default: any).")
    var allowedOrigins: [String] = []

    @Option(
        name: .customLong("max-connections"), help: "Most connections per listener at once.")
    var maxConnections = ConnectionLimits.default.maxConnections

    @Flag(
        name: .customLong("check-bodies"),
        help: "Decode and check every envelope before forwarding it (for untrusted clients).")
    var checksBodies = false

    func validate() throws {
        guard tcp != nil || webSocket != nil else {
            throw ValidationError("give --tcp HOST:PORT, --websocket HOST:PORT, or both")
        }
        if web != nil, webSocket == nil {
            throw ValidationError("--web needs --websocket: the page is served on that port")
        }
        _ = try tcp.map(Self.endpoint)
        _ = try webSocket.map(Self.endpoint)
    }

    func run() async throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
            throw CLIError(
                kind: "unsupported", detail: "the relay needs macOS 14", status: .unavailable)
        }
        try await serve()
    }

    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    private func serve() async throws {
        let limits = ConnectionLimits(maxConnections: maxConnections)
        var webSocketConfiguration = WebSocketConfiguration(
            limits: limits, allowedOrigins: allowedOrigins.isEmpty ? nil : Set(allowedOrigins))
        if let web {
            let site = try StaticSite(folder: web)
            webSocketConfiguration.httpResponder = { method, target in
                site.response(method: method, target: target)
            }
        }
        let relay = EnvelopeRelay(
            configuration: RelayConfiguration(
                tcp: TCPConfiguration(limits: limits), webSocket: webSocketConfiguration,
                checksBodies: checksBodies))
        let signals = ShutdownSignals()
        try await relay.run(
            tcp: try tcp.map(Self.endpoint), webSocket: try webSocket.map(Self.endpoint)
        ) { addresses in
            var parts: [String] = []
            if let address = addresses.tcp {
                parts.append("tcp \(Self.show(address.ipAddress, address.port))")
            }
            if let address = addresses.webSocket {
                let shown = Self.show(address.ipAddress, address.port)
                parts.append("websocket \(shown)")
                if web != nil { parts.append("page http://\(shown)/") }
            }
            StandardStreams.write("rtmwire serve: \(parts.joined(separator: ", "))\n")
            let signal = await signals.next()
            StandardStreams.write("rtmwire serve: \(signal), draining\n")
        }
        let statistics = relay.statistics
        StandardStreams.write(
            "rtmwire serve: relayed \(statistics.received) envelopes to \(statistics.deliveries) "
                + "recipients over \(statistics.connections) connections (JSON conversions "
                + "\(statistics.jsonConversions), dropped \(statistics.dropped), closed "
                + "\(statistics.closed))\n")
    }

    /// `HOST:PORT` (the port after the last colon; `[::1]:80` keeps its brackets off).
    static func endpoint(_ text: String) throws -> RelayEndpoint {
        guard let colon = text.lastIndex(of: ":"),
            let port = Int(text[text.index(after: colon)...]),
            (0...65_535).contains(port)
        else {
            throw ValidationError("'\(text)' is not HOST:PORT (for example 127.0.0.1:8080)")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ValidationError("'\(text)' names no host") }
        return RelayEndpoint(host: host, port: port)
    }

    /// `host:port` of a bound address.
    static func show(_ host: String?, _ port: Int?) -> String {
        "\(host ?? "?"):\(port ?? 0)"
    }
}

/// SIGINT and SIGTERM as an async wait: the first one ends the wait (later ones are ignored
/// while the relay drains).
final class ShutdownSignals {
    private let stream: AsyncStream<String>
    private let sources: [any DispatchSourceSignal]

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        self.stream = stream
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
            // The default action would end the process before the relay drains.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(name) }
            source.resume()
            return source
        }
    }

    /// Waits for the next signal and returns its name.
    func next() async -> String {
        for await name in stream { return name }
        return "end"
    }
}
