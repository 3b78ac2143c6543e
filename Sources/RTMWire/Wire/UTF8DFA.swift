/// UTF-8 validation as a deterministic automaton whose states are the addresses of their rows
/// in one table: the entry for a byte in a state's row is the next state's row, so one step is
/// one load, `state = state[byte]`, with no branch per byte. That costs less than testing lead
/// bytes on text in a non-Latin script (three bytes per Korean syllable). (Rows of six-bit
/// states packed in one word per byte, as before, took two instructions more per byte on x86-64:
/// a shift by a register must move the count into CL first; row numbers took one more, to find
/// the row.)
///
/// The states follow Unicode Table 3-7 (well-formed byte sequences): between characters, an
/// error (absorbing), expecting one, two or three continuation bytes (0x80...0xBF), and the
/// four second bytes whose range is narrower (after E0: A0...BF, no overlong form; after ED:
/// 80...9F, no surrogate; after F0: 90...BF, no overlong form; after F4: 80...8F, nothing
/// above U+10FFFF). A 0x00 byte leads to the error state too: the loop that runs the automaton
/// then needs no test of its own for U+0000, and the caller tells the two apart afterwards.
/// Nine rows of 256 pointers: 18 KiB, built once, never freed.
@usableFromInline
enum UTF8DFA {
    private enum State: Int, CaseIterable {
        case accept, error, tail1, tail2, tail3, afterE0, afterED, afterF0, afterF4
    }

    private static func next(_ state: State, _ byte: UInt8) -> State {
        let continuation = (0x80...0xBF).contains(byte)
        switch state {
        case .accept:
            switch byte {
            case 0x01...0x7F: return .accept
            case 0xC2...0xDF: return .tail1
            case 0xE0: return .afterE0
            case 0xED: return .afterED
            case 0xE1...0xEF: return .tail2
            case 0xF0: return .afterF0
            case 0xF4: return .afterF4
            case 0xF1...0xF3: return .tail3
            // 0x00 (see above), 0x80...0xC1 (continuation, overlong lead), 0xF5...0xFF
            default: return .error
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

    /// The automaton's table. A state is the address of its row; every entry is the address of
    /// a row of the same table, so a step from any state on any byte reads inside the table.
    @usableFromInline
    struct Table: @unchecked Sendable {  // immutable once built
        /// The start of the accept state's row, the first of the table.
        @usableFromInline let accept: UnsafeRawPointer

        init() {
            let rowBytes = 256 &* MemoryLayout<UnsafeRawPointer>.stride
            let entries = UnsafeMutableRawPointer.allocate(
                byteCount: State.allCases.count &* rowBytes,
                alignment: MemoryLayout<UnsafeRawPointer>.alignment)
            for state in State.allCases {
                for byte in 0...255 {
                    let target = UnsafeRawPointer(
                        entries + next(state, UInt8(byte)).rawValue &* rowBytes)
                    entries.storeBytes(
                        of: target,
                        toByteOffset: state.rawValue &* rowBytes &+ byte
                            &* MemoryLayout<UnsafeRawPointer>.stride,
                        as: UnsafeRawPointer.self)
                }
            }
            accept = UnsafeRawPointer(entries)
        }

        /// The state after `byte` in `state`, a row of this table.
        @inlinable @inline(__always)
        func step(_ state: UnsafeRawPointer, _ byte: UInt8) -> UnsafeRawPointer {
            state.load(
                fromByteOffset: Int(byte) &* MemoryLayout<UnsafeRawPointer>.stride,
                as: UnsafeRawPointer.self)
        }
    }

    /// The table, built on first use.
    @usableFromInline static let table = Table()
}
