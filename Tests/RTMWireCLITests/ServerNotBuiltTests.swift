import Testing

/// A tool built without the `Serve` trait (`swift run rtmwire demo`'s) lists the server's
/// commands and, asked to run one, says how to build it: exit 3, kind `notBuilt`.
@Suite(
    .enabled(
        if: ServedTool.missing != nil, "rtmwire was built with the Serve trait: it can serve"))
struct ServerNotBuiltTests {
    @Test(arguments: [["serve", "--tcp", "127.0.0.1:0"], ["token", "--user", "alice"]])
    func aServerCommandSaysHowToBuildIt(_ arguments: [String]) throws {
        let run = try Run(arguments)
        #expect(run.status == 3)
        #expect(
            run.stderr.hasPrefix(
                "error: notBuilt: `rtmwire \(arguments[0])` needs the server, which this "
                    + "rtmwire was built without: build it with `swift build --traits Serve`"),
            "\(run.stderr)")
    }

    @Test func theDurableBenchmarkSaysHowToBuildIt() throws {
        let run = try Run(["bench-relay", "--durable"])
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix("error: notBuilt: `rtmwire bench-relay --durable`"))
    }
}
