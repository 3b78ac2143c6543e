import RTMWire
import RTMWireConformance
import RTMWireJSON
import RTMWireViews
import Testing

/// The borrowed view (`withView`) against the decoder on every golden vector: the same fields
/// (compared as proto3 JSON, which leaves out unknown fields as the view does), the same
/// errors (code, field path and limit) for every input either refuses, with the default options
/// and wire-only. The one permitted difference: the view does not apply the value rules that
/// need the decoded message in context (required fields, content budget, ...).
@Suite("View vs decoder on the vectors")
struct ViewVectorTests {
    /// What one reader made of one input: the message's JSON, or the error.
    enum Outcome: Equatable, CustomStringConvertible {
        case accepted(JSONValue)
        case rejected(code: RTMWireError.Code, path: String, limit: String?)

        init(_ body: () throws(RTMWireError) -> any RTMJSONMessage) {
            do {
                self = .accepted(try body()._jsonValue(JSONEncodingOptions()))
            } catch {
                self = .rejected(code: error.code, path: error.fieldPath, limit: error.limit?.name)
            }
        }

        var description: String {
            switch self {
            case .accepted: "accepted"
            case .rejected(let code, let path, let limit):
                "rejected: \(code) at \"\(path)\"" + (limit.map { " (\($0))" } ?? "")
            }
        }
    }

    static func outcomes<M: RTMViewable & RTMJSONMessage>(
        _ type: M.Type, _ bytes: [UInt8], _ options: CodecOptions
    ) -> (decoder: Outcome, view: Outcome) {
        let decoder = Outcome { () throws(RTMWireError) in
            try M(serializedBytes: bytes, options: options)
        }
        let view = Outcome { () throws(RTMWireError) in
            try M.withView(of: bytes, options: options) { view throws(RTMWireError) in
                try view.materialized()
            }
        }
        return (decoder, view)
    }

    static func viewable(_ vector: GoldenVector) -> (any (RTMViewable & RTMJSONMessage).Type)? {
        RTMMessageTypes.type(named: vector.typeName) as? any (RTMViewable & RTMJSONMessage).Type
    }

    @Test(arguments: [CodecOptions.default, .wireOnly])
    func sameResultAsTheDecoder(options: CodecOptions) throws {
        var semanticOnly: [String] = []
        for vector in VectorFiles.all {
            let type = try #require(Self.viewable(vector), "\(vector.typeName) has no view")
            let (decoder, view) = Self.outcomes(type, vector.bytes, options)
            if decoder == view { continue }
            // Only a value rule the view does not apply may tell them apart: the decoder
            // refuses (with the default options only), the view and wire-only decoding accept.
            let wireOnly = Self.outcomes(type, vector.bytes, .wireOnly).decoder
            if options.checksSemantics, case .accepted = view, case .accepted = wireOnly,
                case .rejected = decoder
            {
                semanticOnly.append(vector.name)
                continue
            }
            Issue.record("\(vector.kind)/\(vector.name): decoder \(decoder), view \(view)")
        }
        if !options.checksSemantics { #expect(semanticOnly.isEmpty) }
    }

    /// Every wire reject is refused by the view with the decoder's error, and so is every
    /// semantic reject whose rule the view applies (U+0000, maxRepeatedCount).
    @Test func rejectsWithTheDecodersErrors() throws {
        var viewRules = 0
        for vector in VectorFiles.all where vector.category == .reject {
            let type = try #require(Self.viewable(vector))
            let (decoder, view) = Self.outcomes(type, vector.bytes, .default)
            guard case .rejected(let code, _, let limit) = decoder else {
                Issue.record("\(vector.name): the decoder accepts a reject vector")
                continue
            }
            if vector.level == .wire || limit == "maxRepeatedCount" {
                #expect(view == decoder, "\(vector.name)")
                if vector.level == .semantic { viewRules += 1 }
            } else if view != decoder {
                // A rule the view leaves to the decoder.
                #expect(view.description == "accepted", "\(vector.name): \(view) vs \(code)")
            } else {
                viewRules += 1
            }
        }
        #expect(viewRules > 0)
    }
}
