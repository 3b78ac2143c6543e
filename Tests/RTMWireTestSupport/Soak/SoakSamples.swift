import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Connections a soak's workers have finished, read by the sampler while they run, and a
/// gate where the sampler holds the workers between two connections: memory measured with no
/// connection open compares like with like, whatever was in flight. Shared by the transport's
/// soak (RTMWireNIOTests) and the durable server's (RTMWireServerTests).
public final class SoakProgress: Sendable {
    private struct State {
        var finished = 0
        var activeWorkers = 0
        var holding = false
        var held: [CheckedContinuation<Void, Never>] = []
    }
    private let state = NIOLockedValueBox(State())

    /// A gate with nothing counted yet.
    public init() {}

    /// Connections finished so far.
    public var connections: Int { state.withLockedValue { $0.finished } }

    /// One more connection came and went.
    public func connectionFinished() { state.withLockedValue { $0.finished += 1 } }

    /// Brackets a worker's loop, so the gate knows how many to wait for.
    public func workerStarted() { state.withLockedValue { $0.activeWorkers += 1 } }
    public func workerEnded() { state.withLockedValue { $0.activeWorkers -= 1 } }

    /// One worker's loop: `connection(round)` again and again (round 0, 1, …) until `deadline`,
    /// and after it until one returned true, saying the worker made the kind of connection it
    /// must check (a run on a machine busy with a build can reach its deadline before that).
    /// The worker is counted among those the gate waits for, held between connections while
    /// the sampler asks, and each connection counted when it returns.
    public func work(
        until deadline: ContinuousClock.Instant, isolation: isolated (any Actor)? = #isolation,
        _ connection: (_ round: Int) async throws -> Bool
    ) async rethrows {
        workerStarted()
        defer { workerEnded() }
        var checked = false
        func goOn() -> Bool { ContinuousClock.now < deadline || !checked }
        var round = 0
        while goOn() {
            await checkpoint()
            guard goOn() else { break }
            checked = try await connection(round) || checked
            round += 1
            connectionFinished()
        }
    }

    /// Called by a worker between connections: waits while the sampler holds the workers.
    public func checkpoint() async {
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
    /// `isSettled` says what the connections leave behind is gone (the transport's census at
    /// zero, say), runs `body` with whether that quiet was reached, then lets the workers go on.
    public func whileQuiet<Result>(
        timeout: Duration, isSettled: () -> Bool, isolation: isolated (any Actor)? = #isolation,
        _ body: (_ quiet: Bool) async -> Result
    ) async -> Result {
        state.withLockedValue { $0.holding = true }
        let deadline = ContinuousClock.now + timeout
        var quiet = false
        while ContinuousClock.now < deadline, !Task.isCancelled {
            let allHeld = state.withLockedValue { $0.held.count >= $0.activeWorkers }
            if allHeld, isSettled() {
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

/// A count a soak samples beside memory, as a column of the samples file: the transport's live
/// connections, the rows a database keeps, its size on disk.
public struct SoakGauge: Sendable, Hashable {
    /// The column's name (`live_connections`: `Scripts/soak-plot` reads it by name).
    public var name: String
    public var value: Int

    public init(_ name: String, _ value: Int) {
        self.name = name
        self.value = value
    }
}

/// The process, and what the soak counts beside it, at one moment of a soak.
public struct SoakSample: Sendable {
    /// Since the sampled run started.
    public var seconds: Double
    /// Taken with no connection open (workers held between connections, what they leave
    /// behind gone); false when that quiet did not come in time.
    public var quiet: Bool
    /// Connections finished by then.
    public var connections: Int
    public var resources: ProcessResources
    /// Bytes the allocator has handed out and not had back (see ``HeapStatistics``).
    public var heapInUseBytes: Int?
    /// Free bytes the allocator keeps rather than returning them (glibc only).
    public var heapFreeBytes: Int?
    /// The soak's own counts, in the order of their columns.
    public var gauges: [SoakGauge]

    /// The value of the gauge `name`, if sampled.
    public func gauge(_ name: String) -> Int? {
        gauges.first { $0.name == name }?.value
    }

    /// The columns of ``row``, tab-separated, with `gauges` named between the memory and
    /// `quiet`: what `Scripts/soak-plot` reads.
    public static func header(gauges: [String]) -> String {
        (["seconds", "connections", "rss_kib", "heap_in_use_kib", "heap_free_kib", "open_fds"]
            + gauges + ["quiet"]).joined(separator: "\t")
    }

    public var row: String {
        let kib = { (bytes: Int?) in bytes.map { String($0 / 1024) } ?? "" }
        return
            ([
                String(format: "%.1f", seconds), String(connections), kib(resources.residentBytes),
                kib(heapInUseBytes), kib(heapFreeBytes), resources.openFiles.map(String.init) ?? "",
            ] + gauges.map { String($0.value) } + [quiet ? "1" : "0"]).joined(separator: "\t")
    }

    /// Seconds in `duration`, as a Double.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func now(
        since start: ContinuousClock.Instant, _ progress: SoakProgress, quiet: Bool,
        gauges: [SoakGauge]
    ) -> SoakSample {
        let heap = HeapStatistics.now()
        return SoakSample(
            seconds: seconds(ContinuousClock.now - start), quiet: quiet,
            connections: progress.connections, resources: .now(),
            heapInUseBytes: heap?.inUseBytes, heapFreeBytes: heap?.freeBytes, gauges: gauges)
    }

    /// A task that samples as ``SoakSettings`` asks (every ``SoakSettings/sampleSeconds``, to
    /// ``SoakSettings/samplesPath``) until cancelled, then returns the samples. Alone in the
    /// process (strict), each sample waits up to 5 s for quiet; among other tests' connections
    /// quiet never comes, so samples are taken as they come.
    public static func sampling(
        _ progress: SoakProgress, since start: ContinuousClock.Instant,
        isSettled: @escaping @Sendable () -> Bool,
        gauges: @escaping @Sendable () async -> [SoakGauge]
    ) -> Task<[SoakSample], Never> {
        Task {
            await collect(
                every: SoakSettings.sampleSeconds, since: start, progress,
                quietWithin: SoakSettings.strict ? .seconds(5) : .zero, isSettled: isSettled,
                gauges: gauges, to: SoakSettings.samplesPath)
        }
    }

    /// Samples every `interval` seconds until the calling task is cancelled, then once more,
    /// each time with the workers held between connections (see
    /// ``SoakProgress/whileQuiet(timeout:isSettled:isolation:_:)``), reading `gauges` then;
    /// with a `path`, writes each sample there as it is taken (a run stopped early keeps its
    /// curve), after ``header(gauges:)``.
    public static func collect(
        every interval: Double, since start: ContinuousClock.Instant, _ progress: SoakProgress,
        quietWithin timeout: Duration, isSettled: @escaping () -> Bool,
        gauges: @escaping () async -> [SoakGauge], to path: String?
    ) async -> [SoakSample] {
        let file = path.flatMap { fopen($0, "w") }
        defer { if let file { fclose(file) } }
        func take() async -> SoakSample {
            let sample = await progress.whileQuiet(timeout: timeout, isSettled: isSettled) {
                quiet in
                now(since: start, progress, quiet: quiet, gauges: await gauges())
            }
            if let file {
                if ftell(file) == 0 {
                    fputs(header(gauges: sample.gauges.map(\.name)) + "\n", file)
                }
                fputs(sample.row + "\n", file)
                fflush(file)
            }
            return sample
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
public struct SoakSlope: Sendable, CustomStringConvertible {
    /// Bytes per connection (= KiB per 1,024 connections).
    public var bytesPerConnection: Double
    /// The connections the line spans (first and last sample used).
    public var connections: ClosedRange<Int>
    public var samples: Int

    /// nil with fewer than 3 samples or no connection served between them.
    public init?(_ samples: [SoakSample], _ bytes: (SoakSample) -> Int?) {
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
    public var perThousand: String {
        String(format: "%+.1f KiB per 1,000 connections", bytesPerConnection * 1000 / 1024)
    }

    public var description: String {
        String(
            format: "%@ (%+.1f bytes per connection; %d samples over connections %d…%d)",
            perThousand, bytesPerConnection, samples, connections.lowerBound,
            connections.upperBound)
    }
}

/// The growth per connection of RSS and of the heap in use after warm-up: the least-squares
/// slopes over the samples taken quiet (all those after warm-up when fewer than 3 were).
public struct SoakGrowth: Sendable, CustomStringConvertible {
    public var resident: SoakSlope?
    public var heap: SoakSlope?
    /// Seconds left out at the start.
    public var warmUpSeconds: Double
    public var samples: Int
    /// Samples after warm-up the slopes were drawn through, and how many of them were quiet.
    public var used: Int
    public var quiet: Int

    /// The slopes of `samples` after the first `warmUpSeconds`.
    public init(_ samples: [SoakSample], warmUpSeconds: Double) {
        let afterWarmUp = samples.filter { $0.seconds >= warmUpSeconds }
        let quiet = afterWarmUp.filter(\.quiet)
        let steady = quiet.count >= 3 ? quiet : afterWarmUp
        resident = SoakSlope(steady) { $0.resources.residentBytes }
        heap = SoakSlope(steady) { $0.heapInUseBytes }
        self.warmUpSeconds = warmUpSeconds
        self.samples = samples.count
        used = steady.count
        self.quiet = quiet.count
    }

    /// Connections the slope spans after warm-up (the heap's, else RSS's).
    public var connectionsSpanned: Int { (heap ?? resident)?.connections.count ?? 0 }

    public var description: String {
        """
        growth after warm-up (the first \(String(format: "%.0f", warmUpSeconds)) s left out; \
        \(samples) samples, \(used) used, \(quiet) of them quiet): RSS \
        \(resident.map(String.init) ?? "n/a"); heap in use \(heap.map(String.init) ?? "n/a")
        """
    }
}

/// The allocator's own count of bytes handed out and not freed, which (unlike RSS) does not
/// include free memory the allocator keeps: growth here is objects kept, not fragmentation.
public enum HeapStatistics {
    /// What the allocator holds: in use, and free but kept (glibc only).
    public struct Heap: Sendable {
        public var inUseBytes: Int
        public var freeBytes: Int?
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
    public static var isSanitizerAllocator: Bool { sanitizerCounter != nil }

    /// The sanitizer's count, or glibc's totals over all arenas from `malloc_info`: the
    /// memory taken from the system (`system current`, plus `mmap`) less the free chunks kept
    /// (`fast`, `rest`); nil elsewhere.
    public static func now() -> Heap? {
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
    public static func parse(_ xml: String) -> Heap? {
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
