import RTMWire
import RTMWireJSON

/// One request the runner sends for a vector, and what the answer must be
/// (`Conformance/PROTOCOL.md`, "What the runner sends for each vector").
public struct ConformanceCheck: Sendable, Hashable {
    /// The kinds of check.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Bytes in, bytes out: the re-encoding, or a parse error for a wire reject.
        case binary
        /// Bytes in, JSON out.
        case binaryJSON = "binary-json"
        /// The vector's JSON in, bytes out.
        case jsonBinary = "json-binary"
        /// Bytes in, bytes out, with RTMWire's semantic validation.
        case validated
        /// The vector's JSON in, bytes out, with RTMWire's semantic validation.
        case validatedJSON = "validated-json"
    }

    /// What the answer must be.
    public enum Expectation: Sendable, Hashable {
        /// Output with exactly these bytes.
        case bytes([UInt8])
        /// Output that is this JSON value (member order aside).
        case json(JSONValue)
        /// A parse error.
        case parseError
        /// A parse or a serialize error.
        case anyError
    }

    /// The kind of check.
    public var kind: Kind
    /// The request sent.
    public var request: TesteeRequest
    /// What the answer must be.
    public var expectation: Expectation

    /// The checks of `vector`: every request the runner sends for it.
    public static func checks(for vector: GoldenVector) -> [ConformanceCheck] {
        let type = vector.typeName
        func request(
            _ input: TesteeRequest.Format, _ output: TesteeRequest.Format, validate: Bool = false
        ) -> TesteeRequest {
            let payload =
                input == .binary ? vector.bytes : Array((vector.json ?? .null).serialized().utf8)
            return TesteeRequest(
                input: input, output: output, validate: validate, typeName: type, payload: payload)
        }
        let isEnvelope = type == Envelope.protoFullName
        var checks: [ConformanceCheck] = []
        guard let expected = vector.expectedReencoding else {
            // A wire reject: any parser must refuse the bytes.
            return [
                ConformanceCheck(
                    kind: .binary, request: request(.binary, .binary), expectation: .parseError)
            ]
        }
        checks.append(
            ConformanceCheck(
                kind: .binary, request: request(.binary, .binary), expectation: .bytes(expected)))
        if let json = vector.json {
            checks.append(
                ConformanceCheck(
                    kind: .binaryJSON, request: request(.binary, .json), expectation: .json(json)))
            if vector.category != .noncanonical {  // unknown fields have no JSON form
                checks.append(
                    ConformanceCheck(
                        kind: .jsonBinary, request: request(.json, .binary),
                        expectation: .bytes(expected)))
            }
        }
        guard isEnvelope else { return checks }
        if vector.category == .reject {
            checks.append(
                ConformanceCheck(
                    kind: .validated, request: request(.binary, .binary, validate: true),
                    expectation: .parseError))
            checks.append(
                ConformanceCheck(
                    kind: .validatedJSON, request: request(.json, .binary, validate: true),
                    expectation: .anyError))
        } else {
            checks.append(
                ConformanceCheck(
                    kind: .validated, request: request(.binary, .binary, validate: true),
                    expectation: .bytes(expected)))
        }
        return checks
    }

    /// Judges an answer: nil when it passes, else what was wrong. `.skipped` is judged by the
    /// runner (it is allowed only for JSON and validate requests).
    public func problem(with response: TesteeResponse) -> String? {
        switch (expectation, response) {
        case (.bytes(let want), .output(let got)):
            return got == want ? nil : "output \(Hex.encode(got)), expected \(Hex.encode(want))"
        case (.json(let want), .output(let got)):
            guard let value = try? JSONValue(parsing: got, maxDepth: 200) else {
                return "output is not JSON: \(String(decoding: got.prefix(200), as: UTF8.self))"
            }
            return value.isEquivalent(to: want)
                ? nil : "JSON \(value.serialized()), expected \(want.serialized())"
        case (.parseError, .parseError), (.anyError, .parseError), (.anyError, .serializeError):
            return nil
        case (.parseError, .output(let got)), (.anyError, .output(let got)):
            let shown =
                request.output == .json
                ? String(decoding: got.prefix(200), as: UTF8.self) : Hex.encode(got)
            return
                "accepted (output \(shown)); expected a \(expectation == .parseError ? "parse error" : "parse or serialize error")"
        case (_, .parseError(let text)):
            return "parse error: \(text)"
        case (_, .serializeError(let text)):
            return "serialize error: \(text)"
        case (_, .runtimeError(let text)):
            return "runtime error: \(text)"
        case (_, .skipped(let text)):
            return "skipped: \(text)"
        }
    }

    /// True when a testee may answer this check with `.skipped`: it reads or writes JSON, or it
    /// asks for RTMWire's semantic validation.
    public var mayBeSkipped: Bool {
        request.input == .json || request.output == .json || request.validate
    }
}
