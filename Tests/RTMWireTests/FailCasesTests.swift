// Replays every input kept under FuzzTesting/FailCases/<target>/ (crashers the fuzzers found,
// and inputs that exercise tricky paths) through the checks of the fuzz target that owns it.
// The checks restate FuzzTesting/Sources/FuzzCheck with #expect instead of a trap; for
// FuzzDifferential only the Swift side runs (this target does not link the C peer).

import Foundation
import Testing

@testable import RTMWire

/// One kept input.
struct FailCase: CustomStringConvertible, Sendable {
    let target: String
    let name: String
    let bytes: [UInt8]
    var description: String { "\(target)/\(name)" }

    /// FuzzTesting/FailCases, found from this file's path (the folder is not a test resource).
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/FailCases")

    static let targets = [
        "FuzzEnvelopeBinary", "FuzzDelimitedStream", "FuzzJSON", "FuzzImageProbe",
        "FuzzDifferential",
    ]

    static let all: [FailCase] = targets.flatMap { target -> [FailCase] in
        let directory = folder.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
            let data = (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
            return FailCase(target: target, name: name, bytes: [UInt8](data))
        }
    }
}

@Suite("Fuzzer fail cases")
struct FailCasesTests {
    @Test func everyTargetHasFailCases() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: FailCase.folder.path)
        #expect(Set(folders.filter { !$0.hasPrefix(".") }) == Set(FailCase.targets))
        for target in FailCase.targets {
            #expect(FailCase.all.contains { $0.target == target }, "no fail case for \(target)")
        }
    }

    @Test(arguments: FailCase.all)
    func replay(_ failCase: FailCase) {
        switch failCase.target {
        case "FuzzEnvelopeBinary": BinaryReplay.run(Envelope.self, failCase.bytes)
        case "FuzzDelimitedStream": DelimitedReplay.run(failCase.bytes)
        case "FuzzJSON": JSONReplay.run(failCase.bytes)
        case "FuzzImageProbe": ImageProbeReplay.run(failCase.bytes)
        case "FuzzDifferential":
            // The first byte picks the message type, as in FuzzDifferential.
            guard let selector = failCase.bytes.first else { return }
            let types = RTMMessageTypes.all
            let type = types[Int(selector) % types.count]
            let message = Array(failCase.bytes.dropFirst())
            BinaryReplay.run(type, message)
        default:
            Issue.record("no replay for target \(failCase.target)")
        }
    }
}

/// The outcome of a typed-throwing body as a value.
private func outcome<T>(_ body: () throws(RTMWireError) -> T) -> Result<T, RTMWireError> {
    do { return .success(try body()) } catch { return .failure(error) }
}

private func varintBytes(_ value: Int) -> [UInt8] {
    var remaining = UInt64(value)
    var bytes: [UInt8] = []
    while remaining >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
        remaining >>= 7
    }
    return bytes + [UInt8(remaining)]
}

private let wireCodes: Set<RTMWireError.Code> = [
    .truncated, .varintTooLong, .invalidFieldNumber, .invalidWireType, .lengthPastEnd,
    .mismatchedGroupEnd, .unterminatedGroup, .invalidUTF8, .trailingBytes, .depthLimitExceeded,
]
private let semanticCodes: Set<RTMWireError.Code> = [.limitExceeded, .missingField, .invalidValue]

/// True when `error` is the size limit refusing a message whose canonical encoding exceeds it
/// (canonical re-encoding may be larger than the input it came from).
private func isSizeLimit(_ error: RTMWireError, size: Int, _ options: CodecOptions) -> Bool {
    options.checksSemantics && error.code == .limitExceeded
        && error.limit?.name == "maxMessageBytes"
        && size > options.limits.maxMessageBytes
}

/// FuzzCheck's BinaryDecodingCheck.
enum BinaryReplay {
    static func run<M: RTMMessage>(_ type: M.Type, _ bytes: [UInt8]) {
        let wire = outcome { () throws(RTMWireError) in
            try M(serializedBytes: bytes, options: .wireOnly)
        }
        let full = outcome { () throws(RTMWireError) in
            try M(serializedBytes: bytes, options: .default)
        }
        let copied = outcome { () throws(RTMWireError) in
            try M(serializedBytes: bytes.lazy.map { $0 }, options: .wireOnly)
        }
        #expect(copied == wire)
        switch (wire, full) {
        case (.success(let wireMessage), .success(let fullMessage)):
            #expect(wireMessage == fullMessage)
        case (.failure(let error), .success):
            Issue.record("checked decoding accepted what wire-only rejected: \(error)")
        case (.failure(let wireError), .failure(let fullError)):
            #expect(bytes.count > Limits.default.maxMessageBytes || wireError == fullError)
        case (.success, .failure):
            break
        }
        if case .failure(let error) = wire { #expect(wireCodes.contains(error.code), "\(error)") }
        if case .failure(let error) = full {
            #expect(wireCodes.union(semanticCodes).contains(error.code), "\(error)")
        }
        if case .success(let message) = wire { roundTrip(message, .wireOnly) }
        if case .success(let message) = full { roundTrip(message, .default) }
    }

    static func roundTrip<M: RTMMessage>(_ message: M, _ options: CodecOptions) {
        let encoded: [UInt8]
        switch outcome({ () throws(RTMWireError) in try message.serializedBytes(options: options) })
        {
        case .success(let bytes): encoded = bytes
        case .failure(let error):
            #expect(isSizeLimit(error, size: message.serializedSize, options), "\(error)")
            return
        }
        #expect(encoded.count == message.serializedSize)
        let again = outcome { () throws(RTMWireError) in
            try M(serializedBytes: encoded, options: options)
        }
        #expect(again == .success(message))
        if case .success(let decoded) = again {
            #expect(
                outcome { () throws(RTMWireError) in try decoded.serializedBytes(options: options) }
                    == .success(encoded))
        }
        var buffer = [UInt8](repeating: 0xA5, count: encoded.count + 16)
        let written = buffer.withUnsafeMutableBytes { raw in
            outcome { () throws(RTMWireError) in try message.serialize(into: raw, options: options)
            }
        }
        #expect(written == .success(encoded.count))
        #expect(buffer == encoded + [UInt8](repeating: 0xA5, count: 16))
        let frame = varintBytes(encoded.count) + encoded
        #expect(
            outcome { () throws(RTMWireError) in try message.delimitedBytes(options: options) }
                == .success(frame))
        var reader = FrameReader<M>(options: options)
        reader.append(frame)
        #expect(outcome { () throws(RTMWireError) in try reader.next() } == .success(message))
        #expect(outcome { () throws(RTMWireError) in try reader.next() } == .success(nil))
        #expect(reader.bufferedByteCount == 0)
        let json = message.jsonString()
        for text in [json, message.jsonString(pretty: true)] {
            let fromJSON = outcome { () throws(RTMWireError) in
                try M(jsonString: text, options: options)
            }
            #expect(fromJSON.map { $0.jsonString() } == .success(json))
        }
    }
}

/// FuzzCheck's DelimitedStreamCheck (same input layout).
enum DelimitedReplay {
    struct Outcome: Equatable {
        var messages: [Envelope] = []
        var error: RTMWireError?
        var finishError: RTMWireError?
        var bufferedByteCount = 0
    }

    static func run(_ bytes: [UInt8]) {
        guard let header = bytes.first else { return }
        let sizeCount = min(Int(header & 0x07), bytes.count - 1)
        var options = header & 0x08 != 0 ? CodecOptions.wireOnly : .default
        if header & 0x10 != 0 { options.limits.maxMessageBytes = 64 }
        var sizes = bytes[1..<(1 + sizeCount)].map { Int($0) + 1 }
        if sizes.isEmpty { sizes = [1] }
        let stream = Array(bytes[(1 + sizeCount)...])
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + sizes[pieces.count % sizes.count])
            pieces.append(stream[start..<end])
            start = end
        }
        let whole = feed([stream[...]], options)
        #expect(feed(pieces, options) == whole)
        var frames: [UInt8] = []
        var expected: [Envelope] = []
        for message in whole.messages {
            let framed = outcome { () throws(RTMWireError) in
                try message.delimitedBytes(options: options)
            }
            switch framed {
            case .success(let frame):
                frames += frame
                expected.append(message)
            case .failure(let error):
                #expect(isSizeLimit(error, size: message.serializedSize, options), "\(error)")
            }
        }
        #expect(feed([frames[...]], options) == Outcome(messages: expected))
    }

    static func feed(_ pieces: [ArraySlice<UInt8>], _ options: CodecOptions) -> Outcome {
        var reader = FrameReader<Envelope>(options: options)
        var result = Outcome()
        pieces: for piece in pieces {
            reader.append(piece)
            while true {
                switch outcome({ () throws(RTMWireError) in try reader.next() }) {
                case .success(let message?): result.messages.append(message)
                case .success(nil): continue pieces
                case .failure(let error):
                    result.error = error
                    break pieces
                }
            }
        }
        if let error = result.error {
            #expect(outcome { () throws(RTMWireError) in try reader.next() } == .failure(error))
        } else if case .failure(let error) = outcome({ () throws(RTMWireError) in
            try reader.finish()
        }) {
            result.finishError = error
        }
        result.bufferedByteCount = result.error == nil ? reader.bufferedByteCount : 0
        return result
    }
}

/// FuzzCheck's JSONCheck.
enum JSONReplay {
    static func run(_ bytes: [UInt8]) {
        let parsed = outcome { () throws(RTMWireError) in try JSONValue(parsing: bytes) }
        if let text = String(validating: bytes, as: UTF8.self) {
            #expect(outcome { () throws(RTMWireError) in try JSONValue(parsing: text) } == parsed)
        }
        guard case .success(let value) = parsed else {
            if case .failure(let error) = parsed { #expect(error.code == .invalidJSON) }
            return
        }
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            let again = outcome { () throws(RTMWireError) in try JSONValue(parsing: text) }
            #expect(again == .success(value))
            #expect(again.map { $0.serialized(pretty: pretty) } == .success(text))
        }
        let wire = outcome { () throws(RTMWireError) in
            try Envelope(jsonValue: value, options: .wireOnly)
        }
        let full = outcome { () throws(RTMWireError) in
            try Envelope(jsonValue: value, options: .default)
        }
        if case .failure(let error) = wire {
            #expect([.invalidJSON, .unknownJSONField].contains(error.code))
        }
        if case .failure(let error) = full {
            #expect(semanticCodes.union([.invalidJSON, .unknownJSONField]).contains(error.code))
        }
        if case .success(let message) = full { #expect(wire == .success(message)) }
        for (result, options) in [(wire, CodecOptions.wireOnly), (full, .default)] {
            guard case .success(let message) = result else { continue }
            let json = message.jsonString()
            for text in [json, message.jsonString(pretty: true)] {
                let again = outcome { () throws(RTMWireError) in
                    try Envelope(jsonString: text, options: options)
                }
                #expect(again == .success(message))
            }
            switch outcome({ () throws(RTMWireError) in
                try message.serializedBytes(options: options)
            }) {
            case .success(let binary):
                let again = outcome { () throws(RTMWireError) in
                    try Envelope(serializedBytes: binary, options: options)
                }
                #expect(again == .success(message))
            case .failure(let error):
                #expect(isSizeLimit(error, size: message.serializedSize, options), "\(error)")
            }
        }
    }
}

/// FuzzCheck's ImageProbeCheck.
enum ImageProbeReplay {
    static func probe<C: Collection<UInt8>>(_ bytes: C) -> Result<ImageInfo, RTMWireError> {
        outcome { () throws(RTMWireError) in try ImageProbe.probe(bytes) }
    }

    static func run(_ bytes: [UInt8]) {
        let result = probe(bytes)
        #expect(probe(bytes) == result)
        #expect(probe(bytes[...]) == result)
        #expect(probe(bytes.lazy.map { $0 }) == result)
        switch result {
        case .success(let info):
            #expect(info.width > 0 && info.height > 0)
            #expect(probe(bytes + [0xFF, 0xD9, 0, 0, 0, 0, 0, 0]) == result)
        case .failure(let error):
            #expect([.unrecognizedImageFormat, .malformedImageHeader].contains(error.code))
            #expect(error.offset.map { (0...bytes.count).contains($0) } == true)
        }
    }
}
