import RTMWire
import RTMWireJSON

/// A request on which a testee and RTMWire disagree: what each answered, the effect (what
/// differs) and the features of the input that may cause it (``InputFeatures``).
public struct Divergence: Sendable, Hashable {
    /// The check: binary → binary, binary → JSON, JSON → binary or validated binary → binary.
    public var check: ConformanceCheck.Kind
    /// The binary input the request was made from: its payload, or for a JSON → binary check
    /// the bytes whose JSON (as RTMWire writes it) is the payload.
    public var input: [UInt8]
    /// The request both answered.
    public var request: TesteeRequest
    /// RTMWire's answer.
    public var rtmwire: TesteeResponse
    /// The testee's answer, or why it gave none (crash, timeout, garbage).
    public var testee: Result<TesteeResponse, TesteeFailure>
    /// What differs, with the check: each side's verdict (RTMWire's error code when it
    /// refuses), or how the outputs differ.
    public var effect: String
    /// The input's features (``InputFeatures``).
    public var features: Set<String>

    /// The effect and the features, in one line: the class a finding is reported under.
    public var signature: String {
        features.isEmpty ? effect : "\(effect) [\(features.sorted().joined(separator: ", "))]"
    }

    /// Compares two answers to `request`; nil when they agree. A testee may skip JSON and
    /// validated requests; parse errors agree whatever their text says.
    public static func compare(
        check: ConformanceCheck.Kind, input: [UInt8], request: TesteeRequest,
        rtmwire: TesteeResponse, testee: Result<TesteeResponse, TesteeFailure>
    ) -> Divergence? {
        guard let effect = effect(request: request, rtmwire: rtmwire, testee: testee) else {
            return nil
        }
        return Divergence(
            check: check, input: input, request: request, rtmwire: rtmwire, testee: testee,
            effect: "\(check.rawValue): \(effect)",
            features: InputFeatures.of(input, typeName: request.typeName))
    }

    private static func effect(
        request: TesteeRequest, rtmwire: TesteeResponse,
        testee: Result<TesteeResponse, TesteeFailure>
    ) -> String? {
        let answer: TesteeResponse
        switch testee {
        case .failure: return "the testee failed"
        case .success(let response): answer = response
        }
        switch (rtmwire, answer) {
        case (_, .skipped):
            let mayBeSkipped = request.input == .json || request.output == .json || request.validate
            return mayBeSkipped ? nil : "the testee skipped it"
        case (_, .runtimeError):
            return "the testee answered a runtime error"
        case (.output(let want), .output(let got)):
            return outputDifference(want, got, request: request).map { "both accept; \($0)" }
        case (.output, _):
            return "RTMWire accepts, the testee refuses"
        case (_, .output):
            return "RTMWire refuses (\(refusal(rtmwire))), the testee accepts"
        default:
            return nil  // both refuse
        }
    }

    /// RTMWire's refusal in an effect: "a wire error" for the codes of the wire rules (the
    /// input's features say which rule), else the code.
    static func refusal(_ response: TesteeResponse) -> String {
        let code = errorCode(response)
        return wireCodes.contains(code) ? "a wire error" : code
    }

    /// The ``RTMWireError/Code`` names of the wire rules.
    static let wireCodes: Set<String> = [
        "truncated", "varintTooLong", "invalidFieldNumber", "invalidWireType", "lengthPastEnd",
        "unterminatedGroup", "mismatchedGroupEnd", "trailingBytes", "depthLimitExceeded",
    ]

    /// The RTMWire error code that starts an error answer's text (`<code>: <detail>`).
    static func errorCode(_ response: TesteeResponse) -> String {
        switch response {
        case .parseError(let text), .serializeError(let text):
            String(text.prefix { $0 != ":" })
        default: "none"
        }
    }

    /// How two outputs of one request differ, in words that classify rather than describe
    /// this input; nil when they are the same.
    static func outputDifference(_ want: [UInt8], _ got: [UInt8], request: TesteeRequest)
        -> String?
    {
        guard want != got else { return nil }
        if request.output == .json {
            guard let wantJSON = try? JSONValue(parsing: want, maxDepth: 200) else {
                return "RTMWire's JSON does not parse"
            }
            guard let gotJSON = try? JSONValue(parsing: got, maxDepth: 200) else {
                return "the testee's JSON does not parse"
            }
            return gotJSON.isEquivalent(to: wantJSON) ? nil : "JSON differs"
        }
        return "bytes differ" + recordDifference(want, got, typeName: request.typeName)
    }

    /// A writer trait rather than a reading of the input: the same records in another order,
    /// at any depth of known sub-messages and groups (a runtime that writes unknown fields after
    /// the known ones, or sorted). Empty otherwise.
    static func recordDifference(_ want: [UInt8], _ got: [UInt8], typeName: String) -> String {
        let schema = SchemaTable.index(of: typeName)
        guard let left = sortedRecords(want, schema: schema, depth: 0),
            let right = sortedRecords(got, schema: schema, depth: 0), left == right
        else { return "" }
        return ": the same records in another order"
    }

    /// The message's records in byte order, each known sub-message's own records sorted the
    /// same way; nil when the bytes are not records.
    private static func sortedRecords(_ bytes: [UInt8], schema: Int?, depth: Int) -> [[UInt8]]? {
        guard depth < 32, let records = WireRecord.split(bytes) else { return nil }
        var pieces: [[UInt8]] = []
        for record in records {
            var piece = Array(bytes[record.record])
            if record.wireType == 2, let schema,
                let field = SchemaTable.messages[schema].field(record.number),
                case .message(let inner) = field.kind,
                let sorted = sortedRecords(
                    Array(bytes[record.value]), schema: inner, depth: depth + 1)
            {
                // The tag, then the sorted body in place of the body (lengths are equal).
                piece =
                    Array(bytes[record.record.lowerBound..<record.value.lowerBound])
                    + sorted.joined()
            }
            if record.wireType == 3,
                let sorted = sortedRecords(
                    Array(bytes[record.value]), schema: nil, depth: depth + 1)
            {
                // A group: its start tag, its records sorted, its end tag.
                piece =
                    Array(bytes[record.record.lowerBound..<record.value.lowerBound])
                    + sorted.joined() + bytes[record.value.upperBound..<record.record.upperBound]
            }
            pieces.append(piece)
        }
        return pieces.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
