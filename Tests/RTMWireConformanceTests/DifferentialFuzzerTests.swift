import RTMWire
import Testing

@testable import RTMWireConformance

/// `rtmwire conformance fuzz`'s engine: it finds what a testee reads differently and the vectors
/// do not show, and only that.
@Suite("Differential fuzzer")
struct DifferentialFuzzerTests {
    /// A testee with a planted bug no vector exposes: it drops top-level unknown fields numbered
    /// 100 to 199 when it re-encodes (as a runtime with a fixed-size unknown-field table might).
    static func plantedTestee(_ request: TesteeRequest) -> TesteeResponse {
        let answer = SwiftTestee.answer(request)
        guard request.output == .binary, case .output(let bytes) = answer,
            let records = WireRecord.split(bytes)
        else { return answer }
        var kept: [UInt8] = []
        for record in records where !(150..<200).contains(record.number) {
            kept += bytes[record.record]
        }
        return .output(kept)
    }

    /// The planted bug is found within the smoke budget CI gives a testee, minimised to one
    /// unknown record, and classed as unknown fields dropped.
    @Test func findsAPlantedDivergence() throws {
        let fuzzer = DifferentialFuzzer(vectors: VectorFiles.all)
        let report = try fuzzer.run(
            on: InProcessTestee(Self.plantedTestee),
            configuration: {
                var configuration = DifferentialFuzzer.Configuration(
                    seed: 7, seconds: nil, executions: 20_000)
                configuration.maxFindings = 1
                return configuration
            }())
        // The vectors cannot show it: otherwise it would not be a test of the fuzzer.
        #expect(report.explained.isEmpty, "\(report.explained)")
        let finding = report.findings.first {
            $0.divergence.signature
                == "binary: both accept; bytes differ: the testee drops unknown fields"
        }
        #expect(finding != nil, "\(report.findings.map(\.divergence.signature))")
        guard let finding else { return }
        let records = WireRecord.split(finding.minimalInput) ?? []
        #expect(
            records.count == 1 && (150..<200).contains(records.first?.number ?? 0),
            "\(Hex.encode(finding.minimalInput))")
        #expect(finding.found.count >= finding.minimalInput.count)
        #expect(report.executions == finding.execution, "stops at the first finding")
        let document = finding.document(number: 1)
        #expect(document["signature"] == .string(finding.divergence.signature))
        #expect(document["candidate_vector"]?["hex"] == .string(Hex.encode(finding.minimalInput)))
    }

    /// RTMWire against itself: no disagreement at all, explained or new.
    @Test func rtmwireAgreesWithItself() throws {
        let report = try DifferentialFuzzer(vectors: VectorFiles.all).run(
            on: InProcessTestee(SwiftTestee.answer),
            configuration: .init(seed: 1, seconds: nil, executions: 3_000))
        #expect(report.executions == 3_000)
        #expect(report.explained.isEmpty)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.divergence.signature))")
    }

    /// A disagreement the vectors already show for the testee is counted, not reported: a
    /// testee that refuses every oneof member given twice in the input is explained by the
    /// vectors that give one twice.
    @Test func aClassTheVectorsShowIsNotAFinding() throws {
        let refusesEverything: (TesteeRequest) -> TesteeResponse = { request in
            request.input == .binary ? .parseError("refused") : SwiftTestee.answer(request)
        }
        let report = try DifferentialFuzzer(vectors: VectorFiles.all).run(
            on: InProcessTestee(refusesEverything),
            configuration: .init(seed: 3, seconds: nil, executions: 500))
        #expect(report.explained["binary: RTMWire accepts, the testee refuses"] != nil)
        #expect(
            !report.findings.contains {
                $0.divergence.signature.hasPrefix("binary: RTMWire accepts")
            })
        #expect(report.explainedHits["binary: RTMWire accepts, the testee refuses", default: 0] > 0)
    }

    /// The same seed makes the same inputs; another seed makes others.
    @Test func mutationsAreRepeatable() {
        let base = VectorFiles.all.first { $0.typeName == Envelope.protoFullName }!
        func inputs(_ seed: UInt64) -> [[UInt8]] {
            var mutator = VectorMutator(seed: seed)
            return (0..<200).map { _ in
                mutator.mutate(base.bytes, typeName: base.typeName, donor: base.bytes)
            }
        }
        #expect(inputs(42) == inputs(42))
        #expect(inputs(42) != inputs(43))
        #expect(inputs(42).allSatisfy { $0.count <= 64 * 1024 })
        #expect(Set(inputs(42)).count > 150)
    }

    /// How two outputs are told apart: by records, not by bytes.
    @Test func outputDifferencesAreClassed() {
        let request = TesteeRequest(
            input: .binary, output: .binary, typeName: "rtmwire.v1.FileMessage", payload: [])
        func difference(_ want: [UInt8], _ got: [UInt8]) -> String? {
            Divergence.outputDifference(want, got, request: request)
        }
        #expect(difference([0x0A, 0x01, 0x61], [0x0A, 0x01, 0x61]) == nil)
        #expect(
            difference([0x0A, 0x01, 0x61, 0x78, 0x01], [0x78, 0x01, 0x0A, 0x01, 0x61])
                == "bytes differ: the same records in another order")
        #expect(
            difference([0x0A, 0x01, 0x61, 0xF8, 0x07, 0x01], [0x0A, 0x01, 0x61])
                == "bytes differ: the testee drops unknown fields")
        #expect(
            difference([0x0A, 0x01, 0x61], [0x0A, 0x01, 0x62])
                == "bytes differ: known string fields differ")
        #expect(
            difference([0x0A, 0x01, 0x61], [0x0A, 0x01])
                == "bytes differ: not comparable record by record")
    }

    /// A testee that crashes is a divergence of its own class, and the run goes on.
    @Test func aFailedRequestIsAClass() {
        let divergence = Divergence.compare(
            check: .binary, input: [0x08, 0x01],
            request: TesteeRequest(
                input: .binary, output: .binary, typeName: "rtmwire.v1.FileMessage",
                payload: [0x08, 0x01]),
            rtmwire: .output([0x08, 0x01]),
            testee: .failure(TesteeFailure("exited with status 134")))
        #expect(divergence?.signature == "binary: the testee failed")
        let skipped = Divergence.compare(
            check: .binaryJSON, input: [],
            request: TesteeRequest(
                input: .binary, output: .json, typeName: "rtmwire.v1.FileMessage", payload: []),
            rtmwire: .output(Array("{}".utf8)), testee: .success(.skipped("no JSON")))
        #expect(skipped == nil)
    }
}
