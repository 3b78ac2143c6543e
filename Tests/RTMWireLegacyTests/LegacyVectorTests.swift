import Foundation
import RTMWire
import RTMWireJSON
import RTMWireLegacy
import Testing

/// Vectors/Legacy/legacy.json, made by the Python reference (Scripts/legacy-vectors).
private enum LegacyVectors {
    static let document: JSONValue = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Vectors/Legacy/legacy.json")
        guard let data = FileManager.default.contents(atPath: url.path),
            let value = try? JSONValue(parsing: Array(data))
        else { fatalError("cannot read \(url.path)") }
        return value
    }()

    static func list(_ name: String) -> [Vector] {
        guard case .array(let items)? = document[name] else { return [] }
        return items.map(Vector.init)
    }

    static var conversation: Conversation {
        try! Conversation(jsonValue: document["conversation"]!)
    }
}

/// One vector, named in test output by its name (or timestamp text) rather than its JSON.
struct Vector: CustomTestStringConvertible, Sendable {
    let json: JSONValue
    var testDescription: String { json["name"]?.text ?? json["text"]?.text ?? "?" }

    subscript(key: String) -> JSONValue? { json[key] }
}

private extension JSONValue {
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

private func photo(_ vector: Vector) throws -> LegacyPhotoAttachment? {
    try photo(vector.json)
}

private func photo(_ vector: JSONValue) throws -> LegacyPhotoAttachment? {
    guard let fields = vector["photo"] else { return nil }
    return LegacyPhotoAttachment(try ImageMessage(jsonValue: fields, options: .wireOnly))
}

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

private func style(_ vector: Vector) -> LegacyJSONOptions {
    switch vector["timestampStyle"]?.text {
    case "milliseconds"?: LegacyJSONOptions(timestampStyle: .milliseconds)
    case "truncatedToSeconds"?: LegacyJSONOptions(timestampStyle: .truncatedToSeconds)
    default: .default
    }
}

private func name(_ vector: Vector) -> String { vector.testDescription }

@Suite("Legacy vectors (Python reference)")
struct LegacyVectorTests {
    @Test func theFileIsThere() {
        #expect(LegacyVectors.document["format"]?.text == "rtmwire-legacy-vectors/1")
        #expect(LegacyVectors.list("valid").count >= 15)
        #expect(LegacyVectors.list("reject").count >= 27)
    }

    @Test("valid vectors: legacy → envelope bytes → legacy", arguments: LegacyVectors.list("valid"))
    func valid(vector: Vector) throws {
        let message = try LegacyChatMessage(jsonString: vector["legacyJson"]!.text!)
        var bridge = LegacyBridge(conversation: LegacyVectors.conversation)
        let envelope = try bridge.envelope(
            from: message, photo: try photo(vector),
            fallbackMessageID: vector["fallbackMessageId"]?.text)
        #expect(
            hex(try envelope.serializedBytes()) == vector["envelopeHex"]?.text, "\(name(vector))")
        #expect(envelope == (try Envelope(jsonValue: vector["envelope"]!)), "\(name(vector))")
        var back = LegacyBridge(conversation: LegacyVectors.conversation)
        let decoded = try Envelope(serializedBytes: envelope.serializedBytes())
        let printed = try back.legacyMessages(from: decoded)
        guard case .array(let expected)? = vector["printed"] else { throw TestFailure() }
        #expect(printed.count == expected.count, "\(name(vector))")
        for (outbound, item) in zip(printed, expected) {
            #expect(try outbound.message.jsonString(options: style(vector)) == item["json"]?.text)
            #expect(outbound.photo == (try photo(item)), "\(name(vector))")
        }
    }

    @Test("reject vectors name the error and the member", arguments: LegacyVectors.list("reject"))
    func reject(vector: Vector) throws {
        do {
            let message = try LegacyChatMessage(jsonString: vector["legacyJson"]!.text!)
            var bridge = LegacyBridge(conversation: LegacyVectors.conversation)
            _ = try bridge.envelope(
                from: message, photo: try photo(vector),
                fallbackMessageID: vector["fallbackMessageId"]?.text)
            Issue.record("\(name(vector)) was accepted")
        } catch let error as RTMWireError {
            #expect(error.code.name == vector["error"]?.text, "\(name(vector)): \(error)")
            #expect(error.fieldPath == vector["path"]?.text, "\(name(vector)): \(error)")
            #expect(error.limit?.name == vector["limit"]?.text, "\(name(vector)): \(error)")
        }
    }

    @Test("timestamps", arguments: LegacyVectors.list("timestamps"))
    func timestamps(vector: Vector) {
        let text = vector["text"]!.text!
        do {
            let ms = try ISO8601.milliseconds(from: text)
            #expect(String(ms) == vector["ms"]?.text, "\(text)")
        } catch {
            #expect(error.code.name == vector["error"]?.text, "\(text): \(error)")
        }
    }
}
