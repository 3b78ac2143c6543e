import Foundation
import RTMWire
import RTMWireConformance

/// The golden vectors in the repository's Vectors/ folder, loaded once.
enum VectorFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors")

    static let all: [GoldenVector] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().flatMap { name -> [GoldenVector] in
            guard
                let data = FileManager.default.contents(
                    atPath: directory.appendingPathComponent(name).path)
            else {
                fatalError("cannot read Vectors/\(name)")
            }
            do {
                return try GoldenVector.load(fileContents: Array(data), fileName: name)
            } catch {
                fatalError("Vectors/\(name) is malformed: \(error)")
            }
        }
    }()

    static func named(_ id: String) -> GoldenVector {
        all.first { "\($0.kind)/\($0.name)" == id }!
    }

    static func ids(_ category: GoldenVector.Category) -> [String] {
        all.filter { $0.category == category }.map { "\($0.kind)/\($0.name)" }
    }
}
