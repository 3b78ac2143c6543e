import Logging
import Metrics
import MetricsTestKit
import RTMWire
import RTMWireNIO
import RTMWireReferencePeers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small chat server: answers every message with the delivery receipt it asks for and echoes
/// text back stamped by the server. Logs connections and frame errors (swift-log) and counts
/// frames, bytes and errors (swift-metrics).
///
///     ChatServer [--host HOST] [--port PORT] [--clients N]
///
/// Prints `listening on HOST:PORT` once bound; with `--clients N` it stops after N connections
/// ended and prints its counters, so a script can run it once.
@main
enum ChatServer {
    static func main() async throws {
        let arguments = Arguments(CommandLine.arguments.dropFirst())

        // Logs to standard error; a real server bootstraps its own log handler.
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = {
            var logger = Logger(label: "chat-server")
            logger.logLevel = .debug
            return logger
        }()
        // An in-memory metrics backend so this example can print its counters; a real server
        // bootstraps Prometheus, StatsD, OpenTelemetry… with MetricsSystem.bootstrap.
        let metrics = TestMetrics()
        MetricsSystem.bootstrap(metrics)
        let configuration = TCPConfiguration(telemetry: FramingTelemetry(logger: logger))

        let server = Sender(userID: "server", displayName: "Chat server")
        let responder = ReceiptResponder(identity: server)
        let (ended, endedContinuation) = AsyncStream<Void>.makeStream()

        try await TCPServer.withServer(
            host: arguments.host, port: arguments.port, configuration: configuration,
            handler: { connection in
                defer { endedContinuation.yield() }
                do {
                    try await responder.serve(
                        connection,
                        onBatch: { batch in
                            for envelope in batch {
                                guard case .text(let text)? = envelope.body else { continue }
                                var echo = envelope
                                echo.messageID = "echo/" + envelope.messageID
                                echo.sender = server
                                echo.sendTimeMs = WallClock.nowMilliseconds()
                                echo.deliveryOptions = nil
                                echo.body = .text(TextMessage(text: "echo: " + text.text))
                                try await connection.send(echo)
                            }
                        })
                } catch {
                    logger.info("connection ended with \(error)")
                }
                await connection.close()
            }
        ) { address in
            // Written unbuffered: the script that started the server reads it from a pipe.
            Output.line("listening on \(arguments.host):\(address.port!)")
            guard let clients = arguments.clients else {
                while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
            }
            var count = 0
            for await _ in ended {
                count += 1
                if count == clients { break }
            }
        }

        for counter in metrics.counters.sorted(by: {
            "\($0.label)\($0.dimensions)" < "\($1.label)\($1.dimensions)"
        }) {
            let dimensions = counter.dimensions.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
            Output.line("\(counter.label){\(dimensions)} \(counter.totalValue)")
        }
    }
}

/// `--host`, `--port` and `--clients`.
struct Arguments {
    var host = "127.0.0.1"
    var port = 7070
    var clients: Int?

    init(_ arguments: some Sequence<String>) {
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            let value = iterator.next() ?? ""
            switch name {
            case "--host": host = value
            case "--port": port = Int(value) ?? port
            case "--clients": clients = Int(value)
            default:
                Output.line("ChatServer: unknown option \(name)", to: 2)
                exit(2)
            }
        }
    }
}

/// Lines written straight to a file descriptor (no stdio buffering), without Foundation.
enum Output {
    static func line(_ text: String, to fd: Int32 = 1) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
