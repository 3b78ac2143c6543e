// Replays every input kept under FuzzTesting/FailCases/<target>/ (crashers the fuzzers found,
// and inputs that exercise tricky paths) through the very check its fuzzer runs
// (RTMWireFuzzCheck), differential checks against the C peer included. A broken property is
// recorded as an issue at the check that failed, instead of stopping the process.

import Foundation
import RTMWire
import RTMWireFuzzCheck
import Testing

/// One kept input.
struct FailCase: CustomStringConvertible, Sendable {
    let target: FuzzTarget
    let name: String
    let bytes: [UInt8]
    var description: String { "\(target.rawValue)/\(name)" }

    /// FuzzTesting/FailCases, found from this file's path (the folder is not a test resource).
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/FailCases")

    static let all: [FailCase] = FuzzTarget.allCases.flatMap { target -> [FailCase] in
        let directory = folder.appendingPathComponent(target.rawValue)
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
        #expect(
            Set(folders.filter { !$0.hasPrefix(".") }) == Set(FuzzTarget.allCases.map(\.rawValue)))
        for target in FuzzTarget.allCases {
            #expect(FailCase.all.contains { $0.target == target }, "no fail case for \(target)")
        }
    }

    /// The message type each differential input was kept for. Its first byte selects the type
    /// by index in `RTMMessageTypes.all`, which a new message type shifts: rewrite the byte then.
    static let differentialTypes = [
        "bool-as-fixed32": "DeliveryOptions", "bool-bits-beyond-64": "DeliveryOptions",
        "field-number-above-max": "Envelope", "field-zero-overlong-tag": "Envelope",
        "invalid-utf8": "Envelope", "known-field-wrong-wire-type": "Envelope",
        "merged-target-with-empty-oneof": "MetadataResponse", "nul-in-strings": "Envelope",
        "oneof-member-repeated": "Envelope", "overlong-length-prefix": "Envelope",
        "packed-run-with-overlong-varint": "DeliveryReceipt",
        "unknown-field-overlong-tag": "Envelope", "unknown-group": "Envelope",
        "unknown-body-kind": "Envelope",
    ]

    @Test func differentialInputsKeepTheirMessageType() throws {
        let types = RTMMessageTypes.all
        let kept = FailCase.all.filter { $0.target == .differential }
        #expect(Set(kept.map(\.name)) == Set(Self.differentialTypes.keys))
        for failCase in kept {
            let selector = try #require(failCase.bytes.first)
            #expect(
                types[Int(selector) % types.count].protoFullName
                    == "rtmwire.v1." + (Self.differentialTypes[failCase.name] ?? "?"),
                "\(failCase)")
        }
    }

    @Test(arguments: FailCase.all)
    func replay(_ failCase: FailCase) {
        failCase.target.run(failCase.bytes) { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.fileID, filePath: failure.filePath, line: failure.line,
                    column: failure.column))
        }
    }

}
