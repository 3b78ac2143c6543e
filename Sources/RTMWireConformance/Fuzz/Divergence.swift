import RTMWire

/// A request on which a testee and RTMWire disagree: what each answered, and the class of the
/// disagreement (its ``signature``), which is what decides whether it is new.
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
    /// The class: the check, each side's verdict (RTMWire's error code when it refuses) and how
    /// the outputs differ. Two divergences of the same class are taken to be the same finding.
    public var signature: String

    /// Compares two answers to `request`; nil when they agree. A testee may skip JSON and
    /// validated requests; parse errors agree whatever their text says.
    public static func compare(
        check: ConformanceCheck.Kind, input: [UInt8], request: TesteeRequest,
        rtmwire: TesteeResponse,
        testee: Result<TesteeResponse, TesteeFailure>
    ) -> Divergence? {
        func divergence(_ detail: String) -> Divergence {
            Divergence(
                check: check, input: input, request: request, rtmwire: rtmwire, testee: testee,
                signature: "\(check.rawValue): \(detail)")
        }
        let answer: TesteeResponse
        switch testee {
        case .failure: return divergence("the testee failed")
        case .success(let response): answer = response
        }
        switch (rtmwire, answer) {
        case (_, .skipped):
            let mayBeSkipped = request.input == .json || request.output == .json || request.validate
            return mayBeSkipped ? nil : divergence("the testee skipped it")
        case (_, .runtimeError):
            return divergence("the testee answered a runtime error")
        case (.output(let want), .output(let got)):
            guard let difference = outputDifference(want, got, request: request) else {
                return nil
            }
            return divergence("both accept; \(difference)")
        case (.output, _):
            return divergence("RTMWire accepts, the testee refuses")
        case (_, .output):
            return divergence("RTMWire refuses (\(errorCode(rtmwire))), the testee accepts")
        default:
            return nil  // both refuse
        }
    }

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
            guard !gotJSON.isEquivalent(to: wantJSON) else { return nil }
            return "JSON differs at \(firstDifference(wantJSON, gotJSON))"
        }
        return "bytes differ: " + recordDifference(want, got, typeName: request.typeName)
    }

    /// The first member path (two levels at most, array indices left out) where two JSON
    /// values differ.
    static func firstDifference(_ want: JSONValue, _ got: JSONValue, depth: Int = 0) -> String {
        guard depth < 2, case .object(let wantMembers) = want, case .object(let gotMembers) = got
        else { return depth == 0 ? "the top" : "" }
        let keys = Set(wantMembers.map(\.key)).union(gotMembers.map(\.key)).sorted()
        for key in keys {
            let left = wantMembers.first { $0.key == key }?.value
            let right = gotMembers.first { $0.key == key }?.value
            switch (left, right) {
            case (nil, _): return "\(key) (only the testee's)"
            case (_, nil): return "\(key) (only RTMWire's)"
            case (let left?, let right?) where !left.isEquivalent(to: right):
                let inner = firstDifference(left, right, depth: depth + 1)
                return inner.isEmpty ? key : "\(key).\(inner)"
            default: continue
            }
        }
        return "the top"
    }

    /// How two encodings of one message differ at the top level: the same records in another
    /// order; unknown fields dropped, added or changed; or known fields that differ, by kind
    /// (string, bytes, message, number, bool: a field dropped or added counts as differing).
    static func recordDifference(_ want: [UInt8], _ got: [UInt8], typeName: String) -> String {
        guard let wantRecords = WireRecord.split(want), let gotRecords = WireRecord.split(got)
        else { return "not comparable record by record" }
        // Records as multisets of their bytes: what one side has more often than the other.
        var balance: [[UInt8]: Int] = [:]
        var recordOf: [[UInt8]: WireRecord] = [:]
        for record in wantRecords {
            balance[Array(want[record.record]), default: 0] += 1
            recordOf[Array(want[record.record])] = record
        }
        for record in gotRecords {
            balance[Array(got[record.record]), default: 0] -= 1
            recordOf[Array(got[record.record])] = record
        }
        let missing = balance.filter { $0.value > 0 }.compactMap { recordOf[$0.key] }
        let extra = balance.filter { $0.value < 0 }.compactMap { recordOf[$0.key] }
        if missing.isEmpty, extra.isEmpty { return "the same records in another order" }
        let schema = SchemaTable.index(of: typeName).map { SchemaTable.messages[$0] }
        // The first known field that differs names the class: a second difference in the
        // same input is usually the same cause seen twice, and the minimiser cannot split a
        // class that needs both.
        let differing = (missing + extra).sorted { $0.record.lowerBound < $1.record.lowerBound }
        if let field = differing.lazy.compactMap({ schema?.field($0.number) }).first {
            return "known \(Self.kindName(field.kind)) fields differ"
        }
        switch (missing.isEmpty, extra.isEmpty) {
        case (false, true): return "the testee drops unknown fields"
        case (true, false): return "the testee adds unknown fields"
        default: return "unknown field values differ"
        }
    }

    private static func kindName(_ kind: FieldSchema.Kind) -> String {
        switch kind {
        case .bool: "bool"
        case .varint: "number"
        case .string: "string"
        case .bytes: "bytes"
        case .message: "message"
        }
    }
}
