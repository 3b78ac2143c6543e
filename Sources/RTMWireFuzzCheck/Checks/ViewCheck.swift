import RTMWire
import RTMWireJSON
import RTMWireViews

/// The properties of the view (FuzzView), the most pointer-heavy code in the core: on any input
/// it must not crash, and it must agree with the decoder.
///
/// The whole input is viewed as an `Envelope`; the input after its first byte is viewed as the
/// message type that byte selects (by index in `RTMMessageTypes.all`, as FuzzDifferential
/// does). For the default options and wire-only, `view(of:)` then `materialized()` (which reads
/// every field, strings as text) is compared with `init(serializedBytes:)`:
/// - both accept with the same fields (as proto3 JSON: the view keeps no unknown fields), or
///   both reject with the same code;
/// - except where the view documents that it differs (the ReadingInPlace article): it does not
///   apply the rules on decoded values in context (the decoder rejects with the default options
///   what it accepts wire-only, and the view accepts); it checks a string field that occurs
///   twice only in the occurrence it reads, and counts a repeated field split across occurrences
///   of a merged sub-message per occurrence (the decoder rejects `invalidUTF8`, U+0000 or
///   `maxRepeatedCount`, the view accepts); and with several violations the two may name
///   different ones (both reject: the decoder perhaps by a rule on decoded values, the view by
///   one of those codes); and the view checks the whole structure before any text, so where a
///   bad string comes before a broken structure the decoder reports the string, the view the
///   structure.
/// Every view read from the input is also read after the bytes it came from are overwritten
/// (the view keeps its own), with the same result.
public enum ViewCheck {
    /// Checks one fuzzer input; throws ``CheckFailure`` when a property does not hold.
    public static func run(_ input: [UInt8]) throws(CheckFailure) {
        try check(Envelope.self, input)
        guard let first = input.first else { return }
        let types = RTMMessageTypes.all
        if let type = types[Int(first) % types.count] as? any (RTMViewable & RTMJSONMessage).Type {
            try check(type, Array(input.dropFirst()))
        }
    }

    /// The result of one reader: the message's JSON, or the error's code.
    enum Outcome: Equatable {
        case accepted(JSONValue)
        case rejected(RTMWireError.Code)
    }

    static func check<M: RTMViewable & RTMJSONMessage>(_ type: M.Type, _ bytes: [UInt8])
        throws(CheckFailure)
    {
        for options in [CodecOptions.default, .wireOnly] {
            let decoder = read { () throws(RTMWireError) in
                try M(serializedBytes: bytes, options: options)
            }
            var copy = bytes
            let viewed = outcome { () throws(RTMWireError) in
                try M.view(of: copy, options: options)
            }
            let view: Outcome
            switch viewed {
            case .success(let value):
                // The view keeps its own bytes: overwriting the caller's changes nothing.
                let before = read { () throws(RTMWireError) in try value.materialized() }
                for index in copy.indices { copy[index] = 0xFF }
                view = read { () throws(RTMWireError) in try value.materialized() }
                try RTMWireFuzzCheck.check(
                    view == before,
                    "\(M.protoFullName): a view read other values once its input changed")
            case .failure(let error):
                view = .rejected(error.code)
            }
            if view == decoder { continue }
            try RTMWireFuzzCheck.check(
                documented(decoder: decoder, view: view, type, bytes, options),
                "\(M.protoFullName): the decoder gives \(decoder), the view \(view) (\(options.checksSemantics ? "default options" : "wire-only"))"
            )
        }
    }

    static func read(_ body: () throws(RTMWireError) -> some RTMJSONMessage) -> Outcome {
        switch outcome(body) {
        case .success(let message): .accepted(message.jsonValue())
        case .failure(let error): .rejected(error.code)
        }
    }

    /// Whether the two differ only as the view documents it (see ``ViewCheck``).
    static func documented<M: RTMViewable & RTMJSONMessage>(
        decoder: Outcome, view: Outcome, _ type: M.Type, _ bytes: [UInt8], _ options: CodecOptions
    ) -> Bool {
        let lateChecks: Set<RTMWireError.Code> = [.invalidUTF8, .invalidValue, .limitExceeded]
        switch (decoder, view) {
        case (.rejected(let code), .accepted):
            if lateChecks.contains(code) { return true }
            // A rule on decoded values: wire-only decoding accepts.
            guard options.checksSemantics else { return false }
            if case .accepted = read({ () throws(RTMWireError) in
                try M(serializedBytes: bytes, options: .wireOnly)
            }) {
                return true
            }
            return false
        case (.rejected(let a), .rejected(let b)):
            if lateChecks.contains(a) && lateChecks.contains(b) { return true }
            // The view checks the whole structure before any text, the decoder checks text as
            // it goes: a bad string before a broken structure is the decoder's first error,
            // the broken structure the view's.
            if a == .invalidUTF8 || a == .invalidValue, !lateChecks.contains(b) { return true }
            // The decoder stops at a rule on decoded values (checked in field order) before it
            // meets the string or count the view refuses: wire-only decoding gets past it.
            guard options.checksSemantics, lateChecks.contains(b) else { return false }
            switch read({ () throws(RTMWireError) in
                try M(serializedBytes: bytes, options: .wireOnly)
            }) {
            case .accepted: return true
            case .rejected(let wire): return lateChecks.contains(wire)
            }
        default:
            return false
        }
    }
}
