/// Where `rtmwire serve` keeps its database when `--data-dir` names no folder: the XDG Base
/// Directory specification's data home, `$XDG_DATA_HOME/rtmwire`, else
/// `~/.local/share/rtmwire`.
enum DataDirectory {
    /// The default folder for `environment` (the process's variables); nil when neither an
    /// absolute `XDG_DATA_HOME` nor `HOME` is set.
    static func defaultPath(environment: [String: String]) -> String? {
        // The specification ignores a relative XDG_DATA_HOME.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, "rtmwire")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return joined(home, ".local/share/rtmwire")
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
