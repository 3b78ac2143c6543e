import Foundation

/// Where `rtmwire verify` finds the golden vectors when it runs outside a checkout.
enum VectorFolder {
    /// The folder to read: `given` (--vectors or DIR), else `$RTMWIRE_VECTORS`, else `Vectors/`
    /// in the current directory; an `unavailable` error (exit 3) naming all three when none is given and
    /// `Vectors/` does not exist here.
    static func resolve(_ given: String?) throws(CLIError) -> String {
        if let given { return given }
        if let fromEnvironment = ProcessInfo.processInfo.environment["RTMWIRE_VECTORS"],
            !fromEnvironment.isEmpty
        {
            return fromEnvironment
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "Vectors", isDirectory: &isFolder),
            isFolder.boolValue
        {
            return "Vectors"
        }
        throw CLIError(
            kind: "noVectors",
            detail:
                "no Vectors/ folder here: pass --vectors DIR (the Vectors/ folder of an RTMWire checkout or release) or set RTMWIRE_VECTORS",
            status: .unavailable)
    }
}
