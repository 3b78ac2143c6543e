import RTMWire
import RTMWireJSON

extension GoldenVector {
    /// The `format` member of the vector files this version reads.
    public static let formatName = "rtmwire-vectors/2"

    /// Parses one vector file's contents. Throws ``RTMWireError`` (code `invalidJSON`) naming the
    /// vector and field when the file does not follow the format.
    public static func load(fileContents: [UInt8], fileName: String) throws(RTMWireError)
        -> [GoldenVector]
    {
        let root = try JSONValue(parsing: fileContents, maxDepth: 200)
        guard case .string(formatName)? = root["format"] else {
            throw formatError(
                fileName, "missing or unsupported \"format\" (want \(formatName))")
        }
        guard case .string(let kind)? = root["kind"] else {
            throw formatError(fileName, "missing \"kind\"")
        }
        var vectors: [GoldenVector] = []
        for category in Category.allCases {
            guard let list = root[category.rawValue] else { continue }
            guard case .array(let entries) = list else {
                throw formatError(fileName, "\"\(category.rawValue)\" is not an array")
            }
            for (index, entry) in entries.enumerated() {
                let at = "\(fileName) \(category.rawValue)[\(index)]"
                vectors.append(try parse(entry, kind: kind, category: category, at: at))
            }
        }
        return vectors
    }

    private static func parse(
        _ entry: JSONValue, kind: String, category: Category, at: String
    ) throws(RTMWireError) -> GoldenVector {
        func string(_ key: String, required: Bool = true) throws(RTMWireError) -> String? {
            guard let value = entry[key] else {
                if required { throw formatError(at, "missing \"\(key)\"") }
                return nil
            }
            guard case .string(let text) = value else {
                throw formatError(at, "\"\(key)\" is not a string")
            }
            return text
        }
        func bytes(_ key: String, required: Bool = true) throws(RTMWireError) -> [UInt8]? {
            guard let text = try string(key, required: required) else { return nil }
            guard let decoded = Hex.decode(text) else {
                throw formatError(at, "\"\(key)\" is not hex")
            }
            return decoded
        }
        var vector = GoldenVector(
            kind: kind, category: category, name: try string("name")!,
            description: try string("description", required: false) ?? "",
            typeName: try string("type")!, bytes: try bytes("hex")!)
        if let results = entry["results"] {
            guard case .object(let members) = results else {
                throw formatError(at, "\"results\" is not an object")
            }
            for member in members {
                vector.results[member.key] = try runtimeResult(
                    member.value, at: at + " results.\(member.key)")
            }
        }
        switch category {
        case .valid:
            guard let json = entry["json"] else { throw formatError(at, "missing \"json\"") }
            vector.json = json
        case .noncanonical:
            guard let json = entry["json"] else { throw formatError(at, "missing \"json\"") }
            vector.json = json
            vector.canonicalBytes = try bytes("canonicalHex")
        case .reject:
            vector.expectedError = try string("error")
            guard let level = Level(rawValue: try string("level")!) else {
                throw formatError(at, "\"level\" must be wire or semantic")
            }
            vector.level = level
            vector.expectedLimit = try string("limit", required: false)
            if level == .semantic {
                guard let json = entry["json"] else { throw formatError(at, "missing \"json\"") }
                vector.json = json
            }
        }
        return vector
    }

    private static func runtimeResult(_ value: JSONValue, at: String) throws(RTMWireError)
        -> RuntimeResult
    {
        guard case .object(let members) = value else { throw formatError(at, "not an object") }
        let known: Set = [
            "result", "reencodedHex", "json", "jsonError", "fromJsonHex", "fromJsonError",
        ]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw formatError(at, "unknown member \"\(unknown.key)\"")
        }
        func text(_ key: String) throws(RTMWireError) -> String? {
            guard let member = value[key] else { return nil }
            guard case .string(let text) = member else {
                throw formatError(at, "\"\(key)\" is not a string")
            }
            return text
        }
        func hex(_ key: String) throws(RTMWireError) -> [UInt8]? {
            guard let text = try text(key) else { return nil }
            guard let bytes = Hex.decode(text) else {
                throw formatError(at, "\"\(key)\" is not hex")
            }
            return bytes
        }
        guard let outcome = try text("result").flatMap(RuntimeResult.Outcome.init(rawValue:)) else {
            throw formatError(at, "\"result\" must be accept, reject or crash")
        }
        return RuntimeResult(
            outcome: outcome, reencoded: try hex("reencodedHex"), json: value["json"],
            jsonError: try text("jsonError"), fromJSON: try hex("fromJsonHex"),
            fromJSONError: try text("fromJsonError"))
    }

    private static func formatError(_ at: String, _ detail: String) -> RTMWireError {
        RTMWireError(code: .invalidJSON, fieldPath: at, detail: detail)
    }
}
