import RTMWireConformance

extension VectorDirectory {
    /// Every vector of `path`, or the CLI error `invalidVectorFile` naming what is wrong.
    static func loadForCommand(_ path: String) throws(CLIError) -> [GoldenVector] {
        do {
            return try load(path)
        } catch {
            throw CLIError(kind: "invalidVectorFile", detail: "\(error)")
        }
    }
}
