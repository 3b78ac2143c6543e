import Foundation
import RTMWire

/// Loads every vector file (`*.json`, in name order) of a folder such as `Vectors/`.
public enum VectorDirectory {
    /// A folder that cannot be read, or a file in it that does not follow the format.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the folder or file.
        public var description: String
    }

    /// Every vector of every `*.json` file in `path`, file by file in name order.
    public static func load(_ path: String) throws(LoadError) -> [GoldenVector] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
                .filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw LoadError(description: "cannot list \(path): \(error.localizedDescription)")
        }
        guard !names.isEmpty else {
            throw LoadError(description: "no vector files (*.json) in \(path)")
        }
        var vectors: [GoldenVector] = []
        for name in names {
            let filePath = (path as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: filePath) else {
                throw LoadError(description: "cannot read \(filePath)")
            }
            do {
                vectors += try GoldenVector.load(fileContents: Array(data), fileName: name)
            } catch {
                throw LoadError(description: "\(filePath): \(error)")
            }
        }
        return vectors
    }
}
