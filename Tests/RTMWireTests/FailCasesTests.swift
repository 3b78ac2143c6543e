// Replays every input kept under FuzzTesting/FailCases/<target>/ (crashers the fuzzers found,
// and inputs that exercise tricky paths) through the very check its fuzzer runs
// (RTMWireFuzzCheck), differential checks against the C peer included. A broken property is
// recorded as an issue at the check that failed, instead of stopping the process.

import Foundation
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
