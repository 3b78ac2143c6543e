import RTMWire
import RTMWireJSON

extension DifferentialFuzzer.Finding {
    /// The finding as a JSON document (`rtmwire-fuzz-finding/1`): the class, the request, both
    /// answers, and a candidate vector to add to `Vectors/` once the difference is understood
    /// (its category and results are for the vector generator to decide, not the fuzzer).
    public func document(number: Int) -> JSONValue {
        let divergence = self.divergence
        let request = divergence.request
        let payload: JSONMember =
            request.input == .json
            ? JSONMember("payload", .string(String(decoding: request.payload, as: UTF8.self)))
            : JSONMember("payload_hex", .string(Hex.encode(request.payload)))
        return .object([
            JSONMember("format", .string("rtmwire-fuzz-finding/1")),
            JSONMember("signature", .string(divergence.signature)),
            JSONMember("effect", .string(divergence.effect)),
            JSONMember("features", .array(divergence.features.sorted().map { .string($0) })),
            JSONMember("check", .string(divergence.check.rawValue)),
            JSONMember("type", .string(request.typeName)),
            JSONMember(
                "request",
                .object([
                    JSONMember("input", .string(request.input == .json ? "json" : "binary")),
                    JSONMember("output", .string(request.output == .json ? "json" : "binary")),
                    JSONMember("validate", .bool(request.validate)), payload,
                ])),
            JSONMember("rtmwire", Self.describe(divergence.rtmwire, format: request.output)),
            JSONMember(
                "testee",
                {
                    switch divergence.testee {
                    case .success(let response): Self.describe(response, format: request.output)
                    case .failure(let failure):
                        .object([
                            JSONMember("status", .string("failed")),
                            JSONMember("text", .string(failure.description)),
                        ])
                    }
                }()),
            JSONMember("mutated_from", .string(vectorName)),
            JSONMember("found_bytes", .number(String(found.count))),
            // A large input (a mutation can double a string) is left out: the minimal one is
            // the finding, and the seed reproduces the rest.
            JSONMember("found_hex", found.count <= 4096 ? .string(Hex.encode(found)) : .null),
            JSONMember(
                "candidate_vector",
                .object([
                    JSONMember("name", .string("\(vectorKind)-fuzz-\(number)")),
                    JSONMember(
                        "description",
                        .string("Found by rtmwire conformance fuzz: \(divergence.signature).")),
                    JSONMember("type", .string(request.typeName)),
                    JSONMember("hex", .string(Hex.encode(minimalInput))),
                ])),
        ])
    }

    /// The binary input of the minimised disagreement (for a JSON → binary check, the bytes
    /// whose JSON was sent).
    public var minimalInput: [UInt8] { divergence.input }

    private static func describe(_ response: TesteeResponse, format: TesteeRequest.Format)
        -> JSONValue
    {
        func output(_ bytes: [UInt8]) -> JSONMember {
            format == .json
                ? JSONMember("json", .string(String(decoding: bytes, as: UTF8.self)))
                : JSONMember("hex", .string(Hex.encode(bytes)))
        }
        let (status, member): (String, JSONMember) =
            switch response {
            case .output(let bytes): ("output", output(bytes))
            case .parseError(let text): ("parseError", JSONMember("text", .string(text)))
            case .serializeError(let text): ("serializeError", JSONMember("text", .string(text)))
            case .skipped(let text): ("skipped", JSONMember("text", .string(text)))
            case .runtimeError(let text): ("runtimeError", JSONMember("text", .string(text)))
            }
        return .object([JSONMember("status", .string(status)), member])
    }
}
