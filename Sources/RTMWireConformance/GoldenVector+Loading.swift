import RTMWire

extension GoldenVector {
    /// Parses one vector file's contents. Throws ``RTMWireError`` (code `invalidJSON`) naming the
    /// vector and field when the file does not follow the format.
    public static func load(fileContents: [UInt8], fileName: String) throws(RTMWireError)
        -> [GoldenVector]
    {
        let root = try JSONValue(parsing: fileContents, maxDepth: 200)
        guard case .string("rtmwire-vectors/1")? = root["format"] else {
            throw formatError(
                fileName, "missing or unsupported \"format\" (want rtmwire-vectors/1)")
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
        func peer(_ key: String) throws(RTMWireError) -> PeerResult? {
            guard let value = entry[key] else { return nil }
            guard case .string(let result)? = value["result"],
                result == "accept" || result == "reject"
            else {
                throw formatError(at, "\"\(key).result\" must be accept or reject")
            }
            var reencoded: [UInt8]?
            for field in ["repackHex", "reserializedHex"] {
                if case .string(let text)? = value[field] {
                    guard let decoded = Hex.decode(text) else {
                        throw formatError(at, "\"\(key).\(field)\" is not hex")
                    }
                    reencoded = decoded
                }
            }
            return PeerResult(accepts: result == "accept", reencoded: reencoded)
        }
        var vector = GoldenVector(
            kind: kind, category: category, name: try string("name")!,
            description: try string("description", required: false) ?? "",
            typeName: try string("type")!, bytes: try bytes("hex")!)
        vector.protobufC = try peer("protobufC")
        vector.google = try peer("google")
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
        }
        return vector
    }

    private static func formatError(_ at: String, _ detail: String) -> RTMWireError {
        RTMWireError(code: .invalidJSON, fieldPath: at, detail: detail)
    }
}
