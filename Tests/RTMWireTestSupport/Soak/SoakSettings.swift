#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a soak is asked to do, from the environment `Scripts/soak` sets (the same names for the
/// transport's soak and the durable server's, which the script runs one at a time).
public enum SoakSettings {
    /// The environment variable `name`, if set.
    public static func setting(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `RTMWIRE_SOAK_SECONDS`: how long the workers run (default 3, the length among
    /// `swift test`'s other tests).
    public static let seconds = setting("RTMWIRE_SOAK_SECONDS").flatMap(Double.init) ?? 3
    /// `RTMWIRE_SOAK_CONNECTIONS`: concurrent workers (default 8).
    public static let connections = setting("RTMWIRE_SOAK_CONNECTIONS").flatMap(Int.init) ?? 8
    /// `RTMWIRE_SOAK_SEED`: the seed of every draw (default 15).
    public static let seed = setting("RTMWIRE_SOAK_SEED").flatMap(UInt64.init) ?? 15
    /// `RTMWIRE_SOAK_STRICT=1` (set by `Scripts/soak`, which runs one soak alone in its
    /// process): memory, descriptors and disk are held to their bounds. Among the suite's other
    /// tests, running at the same time, they are only reported.
    public static let strict = setting("RTMWIRE_SOAK_STRICT") == "1"
    /// Seconds between samples (`RTMWIRE_SOAK_SAMPLE_SECONDS`): by default about 120 samples
    /// over the run, 1 to 10 s apart.
    public static let sampleSeconds =
        setting("RTMWIRE_SOAK_SAMPLE_SECONDS").flatMap(Double.init)
        ?? min(10, max(1, seconds / 120))
    /// Where the samples are written as TSV (`RTMWIRE_SOAK_SAMPLES`), for `Scripts/soak-plot`.
    public static let samplesPath = setting("RTMWIRE_SOAK_SAMPLES")
    /// `RTMWIRE_SOAK_TESTING_BACKTRACES=1` leaves swift-testing's thrown-error hook in place in
    /// strict mode too (it grows by a few hundred bytes per connection; see ThrownErrorHook).
    public static let keepTestingBacktraces = setting("RTMWIRE_SOAK_TESTING_BACKTRACES") == "1"

    /// Whether a soak replaces swift-testing's thrown-error hook with a counter: alone in its
    /// process (strict), unless asked to keep it (see ``ThrownErrorHook``).
    public static var countsThrows: Bool {
        strict && !keepTestingBacktraces && ThrownErrorHook.isAvailable
    }

    /// The start of a run left out of a slope: half of it, at most 5 minutes. Measured
    /// (Tests/RTMWireNIOTests/Soak/README.md): the heap in use and RSS rise over the first
    /// thousands of connections while per-thread caches fill (glibc's tcache, libdispatch's
    /// continuations, the runtime's metadata), then stay flat.
    public static func warmUpSeconds(ofRun seconds: Double) -> Double { min(seconds / 2, 300) }

    /// Runs `body` with swift-testing's thrown-error hook replaced by a counter when
    /// ``countsThrows``; returns its result and, when counted, the errors thrown meanwhile.
    public static func runCountingThrows<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> (result: Result, thrown: Int?) {
        guard countsThrows else { return (try await body(), nil) }
        let result = try await ThrownErrorHook.countingInsteadOfCaching { try await body() }
        return (result, ThrownErrorHook.errorsThrown)
    }
}

extension ProcessResources {
    /// The process once the sockets closed by a run have left the descriptor table (they leave
    /// as their channels finish closing), waiting up to 2 s: the resources and the descriptors'
    /// targets.
    public static func settled(comparedTo baseline: [String]) async throws -> (
        resources: ProcessResources, files: [String]
    ) {
        var after = ProcessResources.now()
        var files = openFileTargets()
        for _ in 0..<100 where sockets(files) > sockets(baseline) {
            try await Task.sleep(nanoseconds: 20_000_000)
            after = ProcessResources.now()
            files = openFileTargets()
        }
        return (after, files)
    }

    /// What `files` has open that `baseline` had not, and the reverse, for a report.
    public static func difference(_ files: [String], from baseline: [String]) -> String {
        """
        opened and not closed: \(files.filter { !baseline.contains($0) }.joined(separator: ", ")); \
        closed: \(baseline.filter { !files.contains($0) }.joined(separator: ", "))
        """
    }
}
