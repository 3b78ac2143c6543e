import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `rtmwire`, run with pipes the test writes to and reads from while it runs.
final class LiveProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let error = Pipe()
    private var received: [UInt8] = []

    /// Starts `rtmwire arguments`; `stdout` replaces the output pipe (a terminal, say).
    init(
        _ arguments: [String], directory: URL? = nil, environment: [String: String]? = nil,
        stdout: FileHandle? = nil
    ) throws {
        process.executableURL = Self.binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = input
        process.standardOutput = stdout ?? output
        process.standardError = error
        try process.run()
        if stdout != nil { try output.fileHandleForWriting.close() }
    }

    /// Writes to the process's standard input. A process that has exited (or closed its
    /// input) makes the write fail with EPIPE; that is left to the caller's checks of the
    /// process's output and status rather than crashing the test process, as `write(_:)` would.
    func write(_ bytes: [UInt8]) {
        try? input.fileHandleForWriting.write(contentsOf: bytes)
    }

    /// Closes standard input: the end of the stream.
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// Reads standard output until it holds `count` newline-terminated lines or `timeout` passes;
    /// returns the lines read so far.
    func lines(_ count: Int, timeout: Double) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        while received.filter({ $0 == 0x0A }).count < count, Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, left) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        return String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Waits for the exit; returns the status, the rest of standard output and standard error.
    func finish() -> (status: Int32, stdout: [UInt8], stderr: String) {
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, received + Array(rest), String(decoding: err, as: UTF8.self)
        )
    }

    static let binary: URL = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while !FileManager.default.fileExists(
            atPath: folder.appendingPathComponent("rtmwire").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("rtmwire")
    }()

    /// The repository's root (this file is Tests/RTMWireCLITests/LiveProcess.swift).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

/// A pseudo-terminal: what a person's shell gives a command as its standard output.
struct PseudoTerminal {
    let controller: Int32
    let terminal: FileHandle

    // The C library's pty functions, which the Glibc module does not declare.
    private typealias OpenPT = @convention(c) (Int32) -> Int32
    private typealias PTControl = @convention(c) (Int32) -> Int32
    private typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    private static func function<T>(_ name: String, as type: T.Type) throws -> T {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw POSIXError(.ENOSYS)
        }
        return unsafeBitCast(symbol, to: type)
    }

    init() throws {
        let openpt = try Self.function("posix_openpt", as: OpenPT.self)
        let grant = try Self.function("grantpt", as: PTControl.self)
        let unlock = try Self.function("unlockpt", as: PTControl.self)
        let name = try Self.function("ptsname", as: PTSName.self)
        controller = openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0, grant(controller) == 0, unlock(controller) == 0,
            let path = name(controller)
        else { throw POSIXError(.ENOTTY) }
        let fd = open(path, O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw POSIXError(.ENOTTY) }
        terminal = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    func close() {
        try? terminal.close()
        try? FileHandle(fileDescriptor: controller, closeOnDealloc: true).close()
    }
}
