import NIOConcurrencyHelpers

@testable import RTMWireNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Connections the soak's workers have finished, read by the sampler while they run, and a
/// gate where the sampler holds the workers between two connections: memory measured with no
/// connection open compares like with like, whatever was in flight.
final class SoakProgress: Sendable {
    private struct State {
        var finished = 0
        var activeWorkers = 0
        var holding = false
        var held: [CheckedContinuation<Void, Never>] = []
    }
    private let state = NIOLockedValueBox(State())

    /// Connections finished so far.
    var connections: Int { state.withLockedValue { $0.finished } }

    /// One more connection came and went.
    func connectionFinished() { state.withLockedValue { $0.finished += 1 } }

    /// Brackets a worker's loop, so the gate knows how many to wait for.
    func workerStarted() { state.withLockedValue { $0.activeWorkers += 1 } }
    func workerEnded() { state.withLockedValue { $0.activeWorkers -= 1 } }

    /// Called by a worker between connections: waits while the sampler holds the workers.
    func checkpoint() async {
        guard state.withLockedValue({ $0.holding }) else { return }
        await withCheckedContinuation { continuation in
            let hold = state.withLockedValue { state in
                guard state.holding else { return false }
                state.held.append(continuation)
                return true
            }
            if !hold { continuation.resume() }
        }
    }

    /// Holds every worker at its next checkpoint, waits (up to `timeout`) until all are held and
    /// the transport has no connection, task, inbox, budget or handler left, runs `body` with
    /// whether that quiet was reached, then lets the workers go on.
    func whileQuiet<Result>(
        timeout: Duration, isolation: isolated (any Actor)? = #isolation,
        _ body: (_ quiet: Bool) async -> Result
    ) async -> Result {
        state.withLockedValue { $0.holding = true }
        let deadline = ContinuousClock.now + timeout
        var quiet = false
        while ContinuousClock.now < deadline, !Task.isCancelled {
            let allHeld = state.withLockedValue { $0.held.count >= $0.activeWorkers }
            if allHeld, ResourceCensus.now == ResourceCensus.Counts() {
                quiet = true
                break
            }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        let result = await body(quiet)
        let held = state.withLockedValue { state in
            state.holding = false
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
        return result
    }
}

/// The process and the transport at one moment of a soak.
struct SoakSample: Sendable {
    /// Since the sampled run started.
    var seconds: Double
    /// Taken with no connection open (workers held between connections, the transport's
    /// census at zero); false when that quiet did not come in time.
    var quiet: Bool
    /// Connections finished by then.
    var connections: Int
    var resources: ProcessResources
    /// Bytes the allocator has handed out and not had back (see ``HeapStatistics``).
    var heapInUseBytes: Int?
    /// Free bytes the allocator keeps rather than returning them (glibc only).
    var heapFreeBytes: Int?
    /// The transport's own per-connection state alive then.
    var census: ResourceCensus.Counts

    /// The columns of ``row``, tab-separated: what `Scripts/soak-plot` reads.
    static let header = [
        "seconds", "connections", "rss_kib", "heap_in_use_kib", "heap_free_kib", "open_fds",
        "live_connections",
        "server_tasks", "pumps", "inboxes", "budgets", "deadline_handlers", "quiet",
    ].joined(separator: "\t")

    var row: String {
        let kib = { (bytes: Int?) in bytes.map { String($0 / 1024) } ?? "" }
        return [
            String(format: "%.1f", seconds), String(connections), kib(resources.residentBytes),
            kib(heapInUseBytes), kib(heapFreeBytes), resources.openFiles.map(String.init) ?? "",
            String(census.connections), String(census.serverTasks), String(census.pumps),
            String(census.inboxes), String(census.budgets), String(census.deadlineHandlers),
            quiet ? "1" : "0",
        ].joined(separator: "\t")
    }

    static func now(
        since start: ContinuousClock.Instant, _ progress: SoakProgress, quiet: Bool
    ) -> SoakSample {
        let heap = HeapStatistics.now()
        return SoakSample(
            seconds: SoakRunner.seconds(ContinuousClock.now - start), quiet: quiet,
            connections: progress.connections, resources: .now(),
            heapInUseBytes: heap?.inUseBytes, heapFreeBytes: heap?.freeBytes,
            census: ResourceCensus.now)
    }

    /// Samples every `interval` seconds until the calling task is cancelled, then once more,
    /// each time with the workers held between connections (see
    /// ``SoakProgress/whileQuiet(timeout:isolation:_:)``); with a `path`, writes each sample
    /// there as it is taken (a run stopped early keeps its curve), after ``header``.
    static func collect(
        every interval: Double, since start: ContinuousClock.Instant, _ progress: SoakProgress,
        quietWithin timeout: Duration, to path: String?
    ) async -> [SoakSample] {
        let file = path.flatMap { fopen($0, "w") }
        defer { if let file { fclose(file) } }
        func take() async -> SoakSample {
            let sample = await progress.whileQuiet(timeout: timeout) { quiet in
                now(since: start, progress, quiet: quiet)
            }
            if let file {
                fputs(sample.row + "\n", file)
                fflush(file)
            }
            return sample
        }
        if let file {
            fputs(header + "\n", file)
        }
        var samples = [await take()]
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            samples.append(await take())
        }
        return samples
    }
}

/// How much one quantity grows per connection served: the least-squares line through the
/// samples after warm-up, against the connections finished.
struct SoakSlope: Sendable, CustomStringConvertible {
    /// Bytes per connection (= KiB per 1,024 connections).
    var bytesPerConnection: Double
    /// The connections the line spans (first and last sample used).
    var connections: ClosedRange<Int>
    var samples: Int

    /// nil with fewer than 3 samples or no connection served between them.
    init?(_ samples: [SoakSample], _ bytes: (SoakSample) -> Int?) {
        let points = samples.compactMap { sample in
            bytes(sample).map { (x: Double(sample.connections), y: Double($0)) }
        }
        guard points.count >= 3, let first = points.first, let last = points.last,
            last.x > first.x
        else { return nil }
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / n
        let meanY = points.reduce(0) { $0 + $1.y } / n
        let sxy = points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) }
        let sxx = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        guard sxx > 0 else { return nil }
        bytesPerConnection = sxy / sxx
        connections = Int(first.x)...Int(last.x)
        self.samples = points.count
    }

    /// "+12.3 KiB per 1,000 connections".
    var perThousand: String {
        String(format: "%+.1f KiB per 1,000 connections", bytesPerConnection * 1000 / 1024)
    }

    var description: String {
        String(
            format: "%@ (%+.1f bytes per connection; %d samples over connections %d…%d)",
            perThousand, bytesPerConnection, samples, connections.lowerBound,
            connections.upperBound)
    }
}

/// The allocator's own count of bytes handed out and not freed, which (unlike RSS) does not
/// include free memory the allocator keeps: growth here is objects kept, not fragmentation.
enum HeapStatistics {
    /// What the allocator holds: in use, and free but kept (glibc only).
    struct Heap: Sendable {
        var inUseBytes: Int
        var freeBytes: Int?
    }

    private typealias SanitizerCounter = @convention(c) () -> Int
    private typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>) -> Int32

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    /// The sanitizers' allocator replaces malloc: under AddressSanitizer glibc's statistics
    /// describe an unused heap, and this counter is the right one.
    private static let sanitizerCounter = symbol(
        "__sanitizer_get_current_allocated_bytes", as: SanitizerCounter.self)
    /// glibc's `malloc_info` (malloc.h is not part of the Glibc module, so looked up here).
    private static let mallocInfo = symbol("malloc_info", as: MallocInfo.self)

    /// True under a sanitizer's allocator (whose quarantine makes RSS grow by design).
    static var isSanitizerAllocator: Bool { sanitizerCounter != nil }

    /// The sanitizer's count, or glibc's totals over all arenas from `malloc_info`: the
    /// memory taken from the system (`system current`, plus `mmap`) less the free chunks kept
    /// (`fast`, `rest`); nil elsewhere.
    static func now() -> Heap? {
        if let sanitizerCounter { return Heap(inUseBytes: sanitizerCounter(), freeBytes: nil) }
        #if canImport(Glibc)
            guard let mallocInfo else { return nil }
            var buffer: UnsafeMutablePointer<CChar>?
            var size = 0
            guard let stream = open_memstream(&buffer, &size) else { return nil }
            let status = mallocInfo(0, stream)
            fclose(stream)
            defer { free(buffer) }
            guard status == 0, let buffer else { return nil }
            return parse(String(cString: buffer))
        #else
            return nil
        #endif
    }

    /// Reads the process totals: the `<total>` and `<system>` elements after the last `</heap>`.
    static func parse(_ xml: String) -> Heap? {
        let lines = xml.split(separator: "\n")
        guard let lastHeap = lines.lastIndex(where: { $0.hasPrefix("</heap>") }) else {
            return nil
        }
        var values: [String: Int] = [:]
        for line in lines[(lastHeap + 1)...] {
            let fields = line.split(separator: "\"")
            // <total type="fast" count="0" size="0"/>, <system type="current" size="…"/>
            guard fields.count >= 4, let type = fields.dropFirst().first,
                let size = fields.dropLast().last.flatMap({ Int($0) })
            else { continue }
            let element =
                line.hasPrefix("<total") ? "total" : line.hasPrefix("<system") ? "system" : ""
            values["\(element).\(type)"] = size
        }
        guard let current = values["system.current"], let fast = values["total.fast"],
            let rest = values["total.rest"]
        else { return nil }
        return Heap(
            inUseBytes: current - fast - rest + (values["total.mmap"] ?? 0), freeBytes: fast + rest)
    }
}
