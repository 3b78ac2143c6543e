import Foundation
import RTMWire
import RTMWireConformance

/// The golden vectors in the repository's Vectors/ folder, loaded once.
enum VectorFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors")

    static let all: [GoldenVector] = {
        do {
            return try VectorDirectory.load(directory.path)
        } catch {
            fatalError("Vectors/ is malformed: \(error)")
        }
    }()

    static func named(_ id: String) -> GoldenVector {
        all.first { "\($0.kind)/\($0.name)" == id }!
    }

    static func ids(_ category: GoldenVector.Category) -> [String] {
        all.filter { $0.category == category }.map { "\($0.kind)/\($0.name)" }
    }
}
