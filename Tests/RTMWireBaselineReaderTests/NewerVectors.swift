import Foundation

@testable import RTMWire
@testable import RTMWireJSON

/// The valid vectors of Vectors/ (made by Google's protobuf from the current schemas): what a
/// newer writer sends, for the baseline reader of this module to read.
enum NewerVectors {
    struct Vector: Sendable, CustomStringConvertible {
        let kind: String
        let name: String
        let type: String
        let bytes: [UInt8]
        /// For Vectors/evolution.json: what the readers built from the baseline did, by runtime.
        let baseline: JSONValue?
        var description: String { "\(kind)/\(name)" }
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors")

    /// Every valid vector, in file and vector order.
    static let valid: [Vector] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().flatMap { name -> [Vector] in
            guard
                let data = FileManager.default.contents(
                    atPath: directory.appendingPathComponent(name).path),
                let root = try? JSONValue(parsing: Array(data), maxDepth: 200),
                case .array(let entries)? = root["valid"]
            else { fatalError("cannot read Vectors/\(name)") }
            return entries.map { entry in
                guard case .string(let vector)? = entry["name"],
                    case .string(let type)? = entry["type"],
                    case .string(let hex)? = entry["hex"]
                else { fatalError("Vectors/\(name): a valid vector without name, type or hex") }
                return Vector(
                    kind: String(name.dropLast(5)), name: vector, type: type, bytes: bytes(hex),
                    baseline: entry["baseline"])
            }
        }
    }()

    /// The valid envelopes.
    static let envelopes = valid.filter { $0.type == Envelope.protoFullName }

    /// The vectors of Vectors/evolution.json, with the baseline readers' results.
    static let evolution = valid.filter { $0.kind == "evolution" }

    private static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8).map { $0 <= 0x39 ? $0 - 0x30 : $0 - 0x61 + 10 }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }
}
