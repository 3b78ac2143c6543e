import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A testee program run by `/bin/sh -c COMMAND`, spoken to over its standard input and output
/// (`Conformance/PROTOCOL.md`). Its standard error is the runner's.
///
/// The program runs in a process group of its own, so that a shell and whatever it started are
/// stopped together. It is started on the first request; when it fails a request (no answer in
/// time, end of output, a malformed answer) it is killed, the request throws, and the next
/// request starts a fresh one. Every read and write waits at most `timeout`: a hung testee can
/// never hang the runner.
public final class TesteeProcess: TesteeConnection {
    /// The shell command line.
    public let command: String
    /// The longest a request may take (its write and the whole answer).
    public let timeout: Duration

    private var pid: pid_t = 0
    private var input: Int32 = -1  // the testee's standard input: we write
    private var output: Int32 = -1  // the testee's standard output: we read

    /// Creates a connection; nothing runs until the first request.
    public init(command: String, timeout: Duration = .seconds(10)) {
        self.command = command
        self.timeout = timeout
        // A testee that exits makes our next write fail with EPIPE instead of killing us.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stop() }

    public func send(_ request: TesteeRequest) throws(TesteeFailure) -> TesteeResponse {
        if pid == 0 { try start() }
        let deadline = ContinuousClock.now + timeout
        do {
            try write(TesteeFrame.frame(request.encoded()), deadline: deadline)
            let length = TesteeFrame.length(ofPrefix: try read(4, deadline: deadline))
            guard length > 0, length <= TesteeFrame.maxBodyLength else {
                throw TesteeFailure("malformed answer: a body of \(length) bytes")
            }
            let body = try read(length, deadline: deadline)
            guard let response = TesteeResponse(body: body) else {
                throw TesteeFailure("malformed answer: unknown status \(body[0])")
            }
            return response
        } catch {
            let exit = stop()
            throw TesteeFailure("\(error)" + (exit.map { " (\($0))" } ?? ""))
        }
    }

    public func finish() throws(TesteeFailure) {
        guard pid != 0 else { return }
        close(input)
        input = -1
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                stop()
                throw TesteeFailure("did not exit within \(timeout) after the end of its input")
            }
            usleep(5_000)
        }
        pid = 0
        close(output)
        output = -1
        if let problem = Self.describe(status: status, normal: true) {
            throw TesteeFailure("\(problem) after the end of its input")
        }
    }

    // MARK: Process

    /// Held from creating the pipes to the spawn, so that two testees started at the same time
    /// never inherit each other's pipe ends.
    private static let spawnLock = NSLock()

    private func start() throws(TesteeFailure) {
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        // Our ends are close-on-exec; dup2 gives the testee clean copies of its ends.
        guard makePipe(&toChild), makePipe(&fromChild) else {
            throw TesteeFailure("cannot create pipes: \(errnoText())")
        }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        // A process group of its own, and SIGPIPE back to its default (ignored here).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let words: [String] = ["/bin/sh", "-c", command]
        let arguments = words.map { word in strdup(word) }
        defer { arguments.forEach { free($0) } }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments + [nil]
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environment)
        close(toChild[0])
        close(fromChild[1])
        guard result == 0 else {
            close(toChild[1])
            close(fromChild[0])
            pid = 0
            throw TesteeFailure("cannot start /bin/sh: \(String(cString: strerror(result)))")
        }
        input = toChild[1]
        output = fromChild[0]
        for fd in [input, output] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    /// Kills the testee's process group and reaps it; returns how it ended, when that says
    /// more than "killed by us".
    @discardableResult
    private func stop() -> String? {
        guard pid != 0 else { return nil }
        var status: Int32 = 0
        var exited = waitpid(pid, &status, WNOHANG) == pid
        kill(-pid, SIGKILL)
        if !exited { exited = waitpid(pid, &status, 0) == pid && !Self.killedByUs(status) }
        pid = 0
        for fd in [input, output] where fd >= 0 { close(fd) }
        input = -1
        output = -1
        return exited ? Self.describe(status: status, normal: false) : nil
    }

    private static func killedByUs(_ status: Int32) -> Bool { status & 0x7F == SIGKILL }

    /// "exited with status N" or "killed by signal N"; nil for a clean exit when `normal`.
    private static func describe(status: Int32, normal: Bool) -> String? {
        let signal = status & 0x7F
        if signal == 0 {
            let code = (status >> 8) & 0xFF
            return normal && code == 0 ? nil : "exited with status \(code)"
        }
        return "killed by signal \(signal)"
    }

    // MARK: I/O with a deadline

    private func wait(for fd: Int32, events: Int16, until deadline: ContinuousClock.Instant)
        throws(TesteeFailure)
    {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw TesteeFailure("no answer within \(timeout)") }
            let milliseconds =
                left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: max(1, milliseconds)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw TesteeFailure("poll failed: \(errnoText())")
            }
        }
    }

    private func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(TesteeFailure) {
        var offset = 0
        while offset < bytes.count {
            try wait(for: input, events: Int16(POLLOUT), until: deadline)
            let written = bytes[offset...].withUnsafeBytes {
                posixWrite(input, $0.baseAddress, $0.count)
            }
            if written > 0 {
                offset += written
            } else if errno == EPIPE {
                throw TesteeFailure("closed its input")
            } else if errno != EAGAIN && errno != EINTR {
                throw TesteeFailure("cannot write: \(errnoText())")
            }
        }
    }

    private func read(_ count: Int, deadline: ContinuousClock.Instant) throws(TesteeFailure)
        -> [UInt8]
    {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            try wait(for: output, events: Int16(POLLIN), until: deadline)
            let got = bytes[offset...].withUnsafeMutableBytes {
                posixRead(output, $0.baseAddress, $0.count)
            }
            if got > 0 {
                offset += got
            } else if got == 0 {
                throw TesteeFailure(
                    offset == 0 && count == 4
                        ? "closed its output" : "closed its output in the middle of an answer")
            } else if errno != EAGAIN && errno != EINTR {
                throw TesteeFailure("cannot read: \(errnoText())")
            }
        }
        return bytes
    }
}
