// Decoding n bytes allocates O(n) bytes, whatever sizes the input claims: a 4 GiB length prefix
// in 10 bytes, a packed run claiming 2^31 elements, 1000 nested groups, a frame reader fed a
// 4 GiB frame length.
//
// How allocation is measured: the heap bytes one thread holds, exactly, while other tests run
// in parallel. Every Swift heap allocation (class instances, the storage of Array, String,
// Set, Dictionary, boxes, UnsafeMutablePointer.allocate) ends in the Swift runtime's
// swift_slowAlloc/swift_slowDealloc, which call malloc, posix_memalign and free through the
// runtime library's GOT. `HeapCounter` rewrites those GOT slots (found from the library's ELF
// relocations) to wrappers that call the C library and, on the measured thread only, add
// `malloc_usable_size` of each block allocated and subtract it for each block freed. That
// gives the peak of the bytes the decode holds beyond what it started with, and the total it
// allocated. RTMWire is pure Swift, so nothing it allocates escapes the count. Process-wide
// counters (mallinfo2) would include other tests' allocations and see no transient peak; the
// runtime's own allocation hook (`_swift_allocObject`, for Instruments) crashes on Linux once
// enabled. Linux only; elsewhere the suite is skipped.

import Foundation
import RTMWireFuzzCheck
import Synchronization
import Testing

@testable import RTMWire

/// Counts the heap bytes one thread allocates: see the comment at the top of the file.
enum HeapCounter {
    typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
    typealias Calloc = @convention(c) (Int, Int) -> UnsafeMutableRawPointer?
    typealias Realloc = @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?
    typealias PosixMemalign =
        @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int, Int) -> Int32
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int

    /// `pthread_self()` of the measured thread, or 0 when nothing is measured.
    static let measuredThread = Atomic<UInt>(0)
    // Written by the measured thread only, read after the measurement.
    nonisolated(unsafe) static var current = 0
    nonisolated(unsafe) static var peak = 0
    nonisolated(unsafe) static var cumulative = 0
    // The C library's functions, set before any slot is patched.
    nonisolated(unsafe) static var realMalloc: Malloc = { _ in nil }
    nonisolated(unsafe) static var realCalloc: Calloc = { _, _ in nil }
    nonisolated(unsafe) static var realRealloc: Realloc = { _, _ in nil }
    nonisolated(unsafe) static var realPosixMemalign: PosixMemalign = { _, _, _ in 12 }
    nonisolated(unsafe) static var realFree: Free = { _ in }
    nonisolated(unsafe) static var realUsableSize: UsableSize = { _ in 0 }

    static var measuring: Bool { measuredThread.load(ordering: .relaxed) == UInt(pthread_self()) }

    static func record(_ delta: Int) {
        current += delta
        if delta > 0 { cumulative += delta }
        peak = max(peak, current)
    }

    static func usable(_ block: UnsafeMutableRawPointer?) -> Int {
        guard let block else { return 0 }
        return realUsableSize(block)
    }

    static let mallocHook: Malloc = { size in
        let block = HeapCounter.realMalloc(size)
        if HeapCounter.measuring { HeapCounter.record(HeapCounter.usable(block)) }
        return block
    }
    static let callocHook: Calloc = { count, size in
        let block = HeapCounter.realCalloc(count, size)
        if HeapCounter.measuring { HeapCounter.record(HeapCounter.usable(block)) }
        return block
    }
    static let reallocHook: Realloc = { old, size in
        let oldSize = HeapCounter.measuring ? HeapCounter.usable(old) : 0
        let block = HeapCounter.realRealloc(old, size)
        if HeapCounter.measuring, block != nil {
            HeapCounter.record(HeapCounter.usable(block) - oldSize)
        }
        return block
    }
    static let posixMemalignHook: PosixMemalign = { result, alignment, size in
        let status = HeapCounter.realPosixMemalign(result, alignment, size)
        if HeapCounter.measuring, status == 0 {
            HeapCounter.record(HeapCounter.usable(result?.pointee))
        }
        return status
    }
    static let freeHook: Free = { block in
        if HeapCounter.measuring { HeapCounter.record(-HeapCounter.usable(block)) }
        HeapCounter.realFree(block)
    }

    /// Whether the hooks are in place (false where the runtime's module cannot be patched).
    static let installed: Bool = install()

    /// The peak of the bytes `body` holds on the heap beyond what was held before, and the
    /// bytes it allocates in total.
    /// `body` runs twice and the second run is measured: the first run of a code path makes the
    /// runtime instantiate type metadata and fill its caches, which allocates once per process.
    /// One measurement at a time (the counters are shared).
    static func measure(_ body: () -> Void) -> (peak: Int, cumulative: Int) {
        precondition(installed, "HeapCounter is not installed")
        body()
        return exclusive.withLock { _ in
            current = 0
            peak = 0
            cumulative = 0
            measuredThread.store(UInt(pthread_self()), ordering: .relaxed)
            body()
            measuredThread.store(0, ordering: .relaxed)
            return (peak, cumulative)
        }
    }

    private static let exclusive = Mutex(())

    // MARK: Installation

    private static func install() -> Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            guard let real = dlsym(nil, "malloc"), let calloc = dlsym(nil, "calloc"),
                let realloc = dlsym(nil, "realloc"), let memalign = dlsym(nil, "posix_memalign"),
                let free = dlsym(nil, "free"), let usable = dlsym(nil, "malloc_usable_size"),
                let anchor = dlsym(nil, "swift_allocObject"),
                let module = mapping(containing: UInt(bitPattern: anchor)),
                let image = FileManager.default.contents(atPath: module.path)
            else { return false }
            realMalloc = unsafeBitCast(real, to: Malloc.self)
            realCalloc = unsafeBitCast(calloc, to: Calloc.self)
            realRealloc = unsafeBitCast(realloc, to: Realloc.self)
            realPosixMemalign = unsafeBitCast(memalign, to: PosixMemalign.self)
            realFree = unsafeBitCast(free, to: Free.self)
            realUsableSize = unsafeBitCast(usable, to: UsableSize.self)
            let hooks: [String: UInt] = [
                "malloc": unsafeBitCast(mallocHook, to: UInt.self),
                "calloc": unsafeBitCast(callocHook, to: UInt.self),
                "realloc": unsafeBitCast(reallocHook, to: UInt.self),
                "posix_memalign": unsafeBitCast(posixMemalignHook, to: UInt.self),
                "free": unsafeBitCast(freeHook, to: UInt.self),
            ]
            let slots = gotSlots(in: [UInt8](image), for: Set(hooks.keys))
            guard slots.contains(where: { $0.name == "malloc" }),
                slots.contains(where: { $0.name == "free" })
            else {
                return false
            }
            // Run every hook once on both paths first: whatever runtime metadata they need is then
            // in place, so a hook never asks the runtime for metadata (and so for memory) while
            // the runtime holds a lock.
            warmUp()
            let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
            for slot in slots {
                let address = module.base + slot.offset
                let page = address & ~(pageSize - 1)
                guard
                    mprotect(
                        UnsafeMutableRawPointer(bitPattern: page), Int(pageSize),
                        PROT_READ | PROT_WRITE) == 0,
                    let pointer = UnsafeMutableRawPointer(bitPattern: address)
                else { return false }
                pointer.storeBytes(of: hooks[slot.name]!, as: UInt.self)
            }
            return true
        #else
            return false
        #endif
    }

    private static func warmUp() {
        for measured in [false, true] {
            measuredThread.store(measured ? UInt(pthread_self()) : 0, ordering: .relaxed)
            var block = mallocHook(16)
            block = reallocHook(block, 64)
            freeHook(block)
            freeHook(callocHook(2, 8))
            var aligned: UnsafeMutableRawPointer?
            if posixMemalignHook(&aligned, 64, 64) == 0 { freeHook(aligned) }
        }
        measuredThread.store(0, ordering: .relaxed)
        current = 0
        peak = 0
        cumulative = 0
    }

    /// The file and load address of the module mapped at `address` (from /proc/self/maps).
    private static func mapping(containing address: UInt) -> (path: String, base: UInt)? {
        // Foundation's whole-file readers stop after 4 KiB of a /proc file; read to the end.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        try? handle.close()
        let lines = maps.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        func range(_ fields: [Substring]) -> (UInt, UInt)? {
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let low = UInt(bounds[0], radix: 16),
                let high = UInt(bounds[1], radix: 16)
            else { return nil }
            return (low, high)
        }
        guard
            let line = lines.first(where: { fields in
                fields.count >= 6 && range(fields).map { $0.0 <= address && address < $0.1 } == true
            })
        else { return nil }
        let path = String(line[5])
        let base = lines.filter { $0.count >= 6 && $0[5] == path && UInt($0[2], radix: 16) == 0 }
            .compactMap { range($0)?.0 }.min()
        return base.map { (path, $0) }
    }

    /// The GOT slots (offsets from the load address) that relocations bind to the functions
    /// `names`, from the ELF file's relocation sections.
    private static func gotSlots(in image: [UInt8], for names: Set<String>) -> [(
        name: String, offset: UInt
    )] {
        func read(_ offset: Int, _ size: Int) -> UInt {
            guard offset >= 0, size <= 8, offset + size <= image.count else { return 0 }
            var value: UInt = 0
            for index in 0..<size { value |= UInt(image[offset + index]) << (8 * index) }
            return value
        }
        guard image.count > 64, image[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), image[4] == 2,
            image[5] == 1
        else { return [] }
        #if arch(x86_64)
            let bindingTypes: Set<UInt> = [6, 7]  // R_X86_64_GLOB_DAT, R_X86_64_JUMP_SLOT
        #else
            let bindingTypes: Set<UInt> = [1025, 1026]  // R_AARCH64_GLOB_DAT, R_AARCH64_JUMP_SLOT
        #endif
        let sectionTable = Int(read(40, 8))
        let sectionSize = Int(read(58, 2))
        let sectionCount = Int(read(60, 2))
        func section(_ index: Int) -> (
            type: UInt, offset: Int, size: Int, link: Int, entrySize: Int
        ) {
            let header = sectionTable + index * sectionSize
            return (
                read(header + 4, 4), Int(read(header + 24, 8)), Int(read(header + 32, 8)),
                Int(read(header + 40, 4)), Int(read(header + 56, 8))
            )
        }
        var slots: [(name: String, offset: UInt)] = []
        for index in 0..<sectionCount {
            let relocations = section(index)
            guard relocations.type == 4, relocations.entrySize == 24,
                relocations.link < sectionCount
            else { continue }  // SHT_RELA
            let symbols = section(relocations.link)
            guard symbols.link < sectionCount else { continue }
            let strings = section(symbols.link)
            for entry in stride(
                from: relocations.offset, to: relocations.offset + relocations.size, by: 24)
            {
                let info = read(entry + 8, 8)
                guard bindingTypes.contains(info & 0xFFFF_FFFF) else { continue }
                let symbol = symbols.offset + Int(info >> 32) * 24
                var nameStart = strings.offset + Int(read(symbol, 4))
                var name: [UInt8] = []
                while nameStart < image.count, image[nameStart] != 0, name.count < 64 {
                    name.append(image[nameStart])
                    nameStart += 1
                }
                let text = String(decoding: name, as: UTF8.self)
                if names.contains(text) { slots.append((text, read(entry, 8))) }
            }
        }
        return slots
    }
}

/// `tag`, then a length prefix and `body`.
private func field(_ tag: [UInt8], _ body: [UInt8]) -> [UInt8] {
    tag + VarintBytes.encode(UInt64(body.count)) + body
}

@Suite(
    "Allocation bound", .serialized,
    .enabled(if: HeapCounter.installed, "the Swift runtime's allocations cannot be counted here"))
struct AllocationBoundTests {
    /// The bound on the peak for n input bytes: `perByte * n + fixed`.
    ///
    /// `perByte`: the densest input is a repeated sub-message of 2 bytes (`0a 00`) that becomes a
    /// `MetadataItem` in an array, and growing an array by doubling holds the old and the new
    /// buffer at once (3/2 of the final size): stride / 2 * 3/2, rounded up to the stride.
    /// `fixed` covers what does not grow with n: error values and their text, field paths, the
    /// first small buffers. The total allocated (frees not subtracted) may be twice the peak.
    static let perByte = max(16, MemoryLayout<MetadataItem>.stride)
    static let fixed = 4096
    static func bound(_ n: Int) -> Int { perByte * n + fixed }

    static let fourGiB: UInt64 = 1 << 32

    /// Decodes `bytes` as an envelope (wire-only and checked), checks the bounds and that the
    /// decoded value (kept alive) is part of the count; returns the peak.
    @discardableResult
    func expectBounded(
        _ bytes: [UInt8], accepted: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var worst = 0
        for options in [CodecOptions.wireOnly, .default] {
            var result: Result<Envelope, RTMWireError>?
            let (peak, cumulative) = HeapCounter.measure {
                result = Result { () throws(RTMWireError) in
                    try Envelope(serializedBytes: bytes, options: options)
                }
            }
            let n = bytes.count
            #expect(
                peak <= Self.bound(n),
                "peak \(peak) bytes decoding \(n) bytes (bound \(Self.bound(n)))",
                sourceLocation: sourceLocation)
            #expect(
                cumulative <= 2 * Self.bound(n),
                "\(cumulative) bytes allocated decoding \(n) bytes (bound \(2 * Self.bound(n)))",
                sourceLocation: sourceLocation)
            if let accepted, !options.checksSemantics {
                let decoded = (try? result?.get()) != nil
                #expect(
                    decoded == accepted, "\(String(describing: result))",
                    sourceLocation: sourceLocation)
            }
            worst = max(worst, peak)
        }
        return worst
    }

    @Test func theCounterSeesAllocationsOnThisThreadOnly() {
        var kept: [UInt8] = []
        let (peak, cumulative) = HeapCounter.measure {
            kept = [UInt8](repeating: 1, count: 100_000)
        }
        #expect(kept.count == 100_000)
        #expect(peak >= 100_000 && peak < 101_000)
        #expect(cumulative == peak)
        // Freed inside the measurement: counted in the total and the peak.
        let (freedPeak, freedTotal) = HeapCounter.measure {
            var scratch = [UInt8](repeating: 2, count: 50_000)
            scratch[0] = 3
            kept[0] = scratch[0]
        }
        #expect(freedPeak >= 50_000 && freedTotal >= 50_000)
        // A reservation counts in full, touched or not: what a decoder reserving from a claimed
        // length would do.
        let (reservedPeak, _) = HeapCounter.measure {
            var reserved: [UInt8] = []
            reserved.reserveCapacity(64 << 20)
            kept[1] = UInt8(truncatingIfNeeded: reserved.capacity)
        }
        #expect(reservedPeak >= 64 << 20)
        // Another thread's allocations are not counted.
        let (otherPeak, otherTotal) = HeapCounter.measure {
            let thread = Thread { _ = [UInt8](repeating: 4, count: 1_000_000).count }
            thread.start()
            while !thread.isFinished { usleep(1000) }
        }
        #expect(otherPeak < 100_000 && otherTotal < 100_000)
    }

    @Test func lengthPrefixesClaimingFourGiB() {
        let claim = VarintBytes.encode(Self.fourGiB)
        let inputs: [[UInt8]] = [
            [0x0A] + claim + [0x61, 0x62, 0x63, 0x64],  // message_id (string)
            [0x12] + claim + [0x0A, 0x01, 0x61, 0x00],  // sender (sub-message)
            [0xC2, 0x3E] + claim + [0x61, 0x62, 0x63],  // unknown field 1000 (kept bytes)
            field([0xC2, 0x01], [0x12] + claim + [0x00]),  // custom.payload (bytes), nested
            field([0xBA, 0x01], field([0x0A], [0x22] + claim)),  // metadata.request.metadata
        ]
        for input in inputs {
            #expect(input.count <= 16)
            expectBounded(input, accepted: false)
        }
    }

    @Test func packedRunClaimingTwoToTheThirtyFirstElements() {
        // receipt { delivery { delivered_at_ms: length 2^31, then two elements } }
        let run = [0x12] + VarintBytes.encode(1 << 31) + [0x01, 0x02]
        expectBounded(field([0xA2, 0x01], field([0x0A], run)), accepted: false)
        // A real run of 4000 one-byte elements: 8 bytes each in the array, within the bound.
        let real = field([0x12], [UInt8](repeating: 0x01, count: 4000))
        expectBounded(field([0xA2, 0x01], field([0x0A], real)), accepted: true)
    }

    @Test func thousandNestedGroups() {
        func nested(_ depth: Int) -> [UInt8] {
            Array([[UInt8]](repeating: [0xC3, 0x3E], count: depth).joined())
                + Array([[UInt8]](repeating: [0xC4, 0x3E], count: depth).joined())
        }
        expectBounded(nested(1000), accepted: false)  // deeper than maxDepth
        expectBounded(nested(Limits.default.maxDepth), accepted: true)  // kept as one unknown field
    }

    @Test func denseRepeatedFieldsStayWithinTheBound() {
        // metadata { request { metadata { items: 2000 × {} } } }
        let items = Array([[UInt8]](repeating: [0x0A, 0x00], count: 2000).joined())
        expectBounded(field([0xBA, 0x01], field([0x0A], field([0x22], items))), accepted: true)
        // One item, then a 4000-byte unknown field in the same message: the decoder's first
        // reservation for `items` is sized from the bytes that follow, still within the bound.
        let lone = [0x0A, 0x00] + field([0xC2, 0x3E], [UInt8](repeating: 0, count: 4000))
        expectBounded(field([0xBA, 0x01], field([0x0A], field([0x22], lone))), accepted: true)
        // receipt { delivery { message_ids: 2000 × "" and 500 × a 20-byte id } }
        let ids =
            Array([[UInt8]](repeating: [0x0A, 0x00], count: 2000).joined())
            + Array(
                [[UInt8]](repeating: field([0x0A], [UInt8](repeating: 0x61, count: 20)), count: 500)
                    .joined())
        expectBounded(field([0xA2, 0x01], field([0x0A], ids)), accepted: true)
        // 3000 unknown varint fields; a sub-message split into 1000 pieces.
        expectBounded(
            Array([[UInt8]](repeating: [0xC0, 0x3E, 0x01], count: 3000).joined()), accepted: true)
        expectBounded(
            Array([[UInt8]](repeating: [0x12, 0x03, 0x0A, 0x01, 0x61], count: 1000).joined()),
            accepted: true)
    }

    @Test func envelopeFailCasesStayWithinTheBound() {
        let cases = FailCase.all.filter {
            $0.target == .envelopeBinary || $0.target == .differential
        }
        #expect(!cases.isEmpty)
        for failCase in cases { expectBounded(failCase.bytes) }
    }

    @Test func frameReaderFedAFourGiBLengthPrefix() {
        let frame = VarintBytes.encode(Self.fourGiB) + [0x0A, 0x01, 0x61, 0x00, 0x00, 0x00]
        // Default cap: refused as soon as the prefix is read.
        var cappedError: RTMWireError?
        let (cappedPeak, _) = HeapCounter.measure {
            var reader = FrameReader<Envelope>()
            reader.append(frame)
            if case .failure(let error) = Result(catching: { () throws(RTMWireError) in
                try reader.next()
            }) {
                cappedError = error
            }
        }
        #expect(cappedError?.code == .limitExceeded)
        #expect(cappedPeak <= Self.bound(frame.count))
        // No cap at all: the reader waits for the rest, holding only what it was given, also
        // when fed one byte at a time.
        var waited = true
        var uncapped = FrameReader<Envelope>()
        let (uncappedPeak, uncappedTotal) = HeapCounter.measure {
            var reader = FrameReader<Envelope>(
                options: CodecOptions(limits: Limits(maxMessageBytes: .max)))
            for byte in frame {
                reader.append(CollectionOfOne(byte))
                if (try? reader.next()) != .some(nil) { waited = false }
            }
            uncapped = reader
        }
        #expect(waited)
        #expect(uncapped.bufferedByteCount == frame.count)
        #expect(uncappedPeak <= Self.bound(frame.count))
        #expect(uncappedTotal <= 2 * Self.bound(frame.count))
        #expect(throws: RTMWireError.self) { try uncapped.finish() }
    }
}
