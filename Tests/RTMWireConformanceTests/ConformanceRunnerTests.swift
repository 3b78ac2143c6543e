import Foundation
import RTMWire
import RTMWireConformance
import Testing

/// The runner's judgement, with the Swift testee in process (no child process).
@Suite("Conformance runner")
struct ConformanceRunnerTests {
    /// RTMWire follows every vector: the whole run passes with no expected failure.
    @Test func swiftTesteePassesEveryVector() throws {
        var session: [String] = []
        let results = try ConformanceRunner(vectors: VectorFiles.all)
            .run(on: InProcessTestee(SwiftTestee.answer), session: &session)
        let report = ConformanceReport(results: results, expectedFailures: ExpectedFailures())
        #expect(report.passes, "\(report.unexpected().joined(separator: "\n"))")
        #expect(results.allSatisfy { $0.skipped == 0 })
        #expect(report.table().contains("total"))
    }

    /// The checks a vector gets, per category.
    @Test func checksPerCategory() {
        func kinds(_ name: String) -> [String] {
            let vector = VectorFiles.all.first { $0.name == name }!
            return ConformanceCheck.checks(for: vector).map(\.kind.rawValue)
        }
        #expect(
            kinds("envelope-minimal-header") == [
                "binary", "binary-json", "json-binary", "validated",
            ])
        #expect(kinds("text-inner-type") == ["binary", "binary-json", "json-binary"])
        #expect(kinds("envelope-fields-reordered") == ["binary", "binary-json", "validated"])
        #expect(kinds("envelope-truncated-varint") == ["binary"])
        #expect(
            kinds("envelope-missing-message-id")
                == ["binary", "binary-json", "json-binary", "validated", "validated-json"])
    }

    /// A testee that gets things wrong: each wrong answer is an unexpected failure, each
    /// listed failure that passes is reported, and a listed name no vector has too.
    @Test func verdictsAgainstTheExpectedFailures() throws {
        let vectors = Array(VectorFiles.all.filter { $0.kind == "text" })
        let broken = "text-typical"
        let testee = InProcessTestee { request in
            // Refuses one vector's bytes, answers everything else like RTMWire.
            if request.payload == vectors.first(where: { $0.name == broken })!.bytes {
                return .parseError("refused")
            }
            return SwiftTestee.answer(request)
        }
        var session: [String] = []
        let results = try ConformanceRunner(vectors: vectors).run(on: testee, session: &session)
        let expected = try ExpectedFailures(
            parsing: "# comment\n\ntext-one-byte  listed, but passes\nno-such-vector  gone\n",
            fileName: "list.txt")
        let report = ConformanceReport(results: results, expectedFailures: expected)
        #expect(!report.passes)
        let lines = report.unexpected()
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("FAIL text/text-typical (valid)"))
        #expect(lines[0].contains("binary: parse error: refused"))
        #expect(lines[1].hasPrefix("PASS text/text-one-byte"))
        #expect(lines[2] == "LIST no-such-vector: no vector has this name")

        let listed = try ExpectedFailures(
            parsing: "text-typical refused here\n", fileName: "ok.txt")
        #expect(ConformanceReport(results: results, expectedFailures: listed).passes)
    }

    /// Skipped answers count only for JSON and validate requests.
    @Test func skippingBinaryFails() throws {
        let vectors = Array(VectorFiles.all.filter { $0.kind == "status" })
        let jsonless = InProcessTestee { request in
            request.input == .json || request.output == .json || request.validate
                ? .skipped("no JSON") : SwiftTestee.answer(request)
        }
        var session: [String] = []
        let passing = try ConformanceRunner(vectors: vectors).run(on: jsonless, session: &session)
        #expect(passing.allSatisfy { $0.passed })
        #expect(passing.reduce(0) { $0 + $1.skipped } > 0)

        let lazy = InProcessTestee { _ in .skipped("nothing") }
        let failing = try ConformanceRunner(vectors: vectors).run(on: lazy, session: &session)
        #expect(failing.allSatisfy { !$0.passed })
        #expect(failing[0].failures[0].hasPrefix("binary: skipped"))
    }

    @Test func expectedFailuresFileFormat() throws {
        let list = try ExpectedFailures(
            parsing: "  a-vector\tits reason, with spaces  \n# b-vector not listed\n", fileName: "f"
        )
        #expect(list.reasons == ["a-vector": "its reason, with spaces"])
        #expect(throws: ExpectedFailures.FormatError.self) {
            try ExpectedFailures(parsing: "a-vector\n", fileName: "f")
        }
        #expect(throws: ExpectedFailures.FormatError.self) {
            try ExpectedFailures(parsing: "a x\na y\n", fileName: "f")
        }
    }

    /// The generated expected-failures files parse, and name only existing vectors.
    @Test func committedExpectedFailuresNameExistingVectors() throws {
        let names = Set(VectorFiles.all.map(\.name))
        // Every runtime's file, as Scripts/conformance finds them.
        let folder = VectorFiles.directory.deletingLastPathComponent()
            .appendingPathComponent("Conformance/ExpectedFailures")
        let runtimes = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
        #expect(runtimes.count >= 16, "\(runtimes)")
        for runtime in runtimes {
            let path = folder.appendingPathComponent("\(runtime).txt").path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let list = try ExpectedFailures(parsing: text, fileName: runtime)
            #expect(list.reasons.keys.allSatisfy(names.contains), "\(runtime)")
            // Each listed vector is one the runtime does not follow, by the recorded results.
            for name in list.reasons.keys {
                let vector = VectorFiles.all.first { $0.name == name }!
                #expect(
                    vector.results[runtime]?.departs(from: vector) == true, "\(runtime) \(name)")
            }
        }
    }
}
