#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time this process has used, user and system, in seconds: with the wall time of a
/// phase, how many of the machine's cores the process kept busy (the rest of a saturated
/// machine went to other processes, such as the database).
enum ProcessCPU {
    static func seconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The CPU time all processes have used (every core's time not idle), in seconds, from
    /// Linux's `/proc/stat`; nil where there is none. Less this process's: what the others,
    /// such as a database on the same machine, used.
    static func machineSeconds() -> Double? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let fields = String(
            decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
        )
        .split(separator: " ").dropFirst().compactMap { Double($0) }
        // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
        guard fields.count >= 8 else { return nil }
        let busy = fields[0..<8].reduce(0, +) - fields[3] - fields[4]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The machine's online cores.
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
