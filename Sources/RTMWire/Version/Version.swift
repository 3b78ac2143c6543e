/// The version of this RTMWire release, `MAJOR.MINOR.PATCH` (Semantic Versioning 2.0).
///
/// Read it qualified, `RTMWire.version`. It is the one source of truth: `rtmwire --version`
/// prints it, each release is tagged with it (plain, no `v`, as SwiftPM resolves tags), and
/// `CHANGELOG.md` has a section of the same name. The README says what counts as a breaking change
/// for the Swift API and for the wire.
public let version = "0.1.0"
