import RTMWire
import RTMWireJSON

/// What `--type` accepts: a message's full name (`rtmwire.v1.TextMessage`) or its short name
/// (`TextMessage`), either in any letter case; and, for anything else, the nearest names.
enum MessageTypeName {
    /// The message type `name` names, or nil.
    static func type(named name: String) -> (any RTMJSONMessage.Type)? {
        if let exact = RTMMessageTypes.jsonType(named: name) { return exact }
        let wanted = name.lowercased()
        return RTMMessageTypes.allJSON.first {
            $0.protoFullName.lowercased() == wanted || shortName($0).lowercased() == wanted
        }
    }

    /// `rtmwire.v1.TextMessage` → `TextMessage`.
    static func shortName(_ type: any RTMMessage.Type) -> String {
        String(type.protoFullName.split(separator: ".").last ?? "")
    }

    /// Up to three full names nearest to `name` (by edit distance of the short names, ignoring
    /// case), nearest first; none when nothing is close (more than a third of the name differs).
    static func suggestions(for name: String) -> [String] {
        let wanted = String(name.split(separator: ".").last ?? "").lowercased()
        let scored = RTMMessageTypes.all.map { type in
            (type.protoFullName, distance(wanted, shortName(type).lowercased()))
        }
        let bound = max(2, wanted.count / 3)
        return scored.filter { $0.1 <= bound }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(3).map(\.0)
    }

    /// Levenshtein distance of two strings, by characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(
                    min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
