import Foundation
import RTMWireConformance

extension VectorDirectory {
    /// Every vector of `path`; `noVectors` (unavailable) when no folder is there, else the CLI
    /// error `invalidVectorFile` naming what is wrong with a file.
    static func loadForCommand(_ path: String) throws(CLIError) -> [GoldenVector] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            throw CLIError(
                kind: "noVectors", detail: "\(path) is not a folder of vector files",
                status: .unavailable)
        }
        do {
            return try load(path)
        } catch {
            throw CLIError(kind: "invalidVectorFile", detail: "\(error)", status: .invalidInput)
        }
    }
}
