/// UTF-8 validation as a deterministic automaton whose whole transition table for one byte
/// fits in one word: `rows[byte]` holds, at bit `6 * s`, the next state (times six) for each
/// state `s`, so one step is `state = rows[byte] >> state`. There is no branch per byte, which
/// costs less than testing lead bytes on text in a non-Latin script (three bytes per Korean
/// syllable).
///
/// The states follow Unicode Table 3-7 (well-formed byte sequences): between characters, an
/// error (absorbing), expecting one, two or three continuation bytes (0x80...0xBF), and the
/// four second bytes whose range is narrower (after E0: A0...BF, no overlong form; after ED:
/// 80...9F, no surrogate; after F0: 90...BF, no overlong form; after F4: 80...8F, nothing
/// above U+10FFFF). Nine states of six bits fit in 64.
@usableFromInline
enum UTF8DFA {
    /// The state between characters (times six, as every state): input ending here is valid.
    @usableFromInline static let accept: UInt64 = 0

    private enum State: Int, CaseIterable {
        case accept, error, tail1, tail2, tail3, afterE0, afterED, afterF0, afterF4
    }

    private static func next(_ state: State, _ byte: UInt8) -> State {
        let continuation = (0x80...0xBF).contains(byte)
        switch state {
        case .accept:
            switch byte {
            case 0x00...0x7F: return .accept
            case 0xC2...0xDF: return .tail1
            case 0xE0: return .afterE0
            case 0xED: return .afterED
            case 0xE1...0xEF: return .tail2
            case 0xF0: return .afterF0
            case 0xF4: return .afterF4
            case 0xF1...0xF3: return .tail3
            default: return .error  // 0x80...0xC1 (continuation, overlong lead), 0xF5...0xFF
            }
        case .error: return .error
        case .tail1: return continuation ? .accept : .error
        case .tail2: return continuation ? .tail1 : .error
        case .tail3: return continuation ? .tail2 : .error
        case .afterE0: return (0xA0...0xBF).contains(byte) ? .tail1 : .error
        case .afterED: return (0x80...0x9F).contains(byte) ? .tail1 : .error
        case .afterF0: return (0x90...0xBF).contains(byte) ? .tail2 : .error
        case .afterF4: return (0x80...0x8F).contains(byte) ? .tail2 : .error
        }
    }

    /// The transitions of every byte value, built once.
    @usableFromInline
    static let rows: [UInt64] = (0...255).map { byte in
        State.allCases.reduce(UInt64(0)) { row, state in
            row | UInt64(next(state, UInt8(byte)).rawValue &* 6) &<< UInt64(state.rawValue &* 6)
        }
    }
}
