/// This RTMWire release: its version (Semantic Versioning 2.0).
///
/// ``version`` is the one source of truth: `rtmwire --version` prints it, each release is tagged
/// with it (plain `MAJOR.MINOR.PATCH`, no `v`, as SwiftPM resolves tags), and `CHANGELOG.md` has
/// a section of the same name. A type rather than a global `version`, so that it cannot clash
/// with an app's own names. (Not `RTMWireVersion`: DocC's symbol extraction drops any type named
/// after its module followed by `Version`, the pattern of framework version globals.)
public enum RTMWireRelease {
    /// The major version: a change here may break the Swift API (from 1.0).
    public static let major = 0
    /// The minor version: before 1.0 a new minor release may break the Swift API.
    public static let minor = 2
    /// The patch version: fixes only.
    public static let patch = 0
    /// `MAJOR.MINOR.PATCH`, as tagged.
    public static let version = "\(major).\(minor).\(patch)"
}

/// The version string of this release.
@available(*, deprecated, renamed: "RTMWireRelease.version")
public var version: String { RTMWireRelease.version }
