import ArgumentParser
import RTMWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Entry point: runs the command and maps errors to the documented exit codes.
@main
enum Main {
    static func main() async {
        do {
            var command = try RTMWireCommand.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as RTMWireError {
            StandardStreams.writeError("error: \(error)\n")
            exit(ExitStatus.invalidInput.rawValue)
        } catch let error as CLIError {
            StandardStreams.writeError("error: \(error.kind): \(error.detail)\n")
            exit(error.status.rawValue)
        } catch {
            let code = RTMWireCommand.exitCode(for: error)
            let message = RTMWireCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { StandardStreams.write(message + "\n") }
                exit(0)
            }
            if code == .validationFailure {
                // ArgumentParser's own text begins "Error: <message>"; the first line takes the
                // tool's one form instead, and its usage lines follow.
                let usage = message.split(separator: "\n", omittingEmptySubsequences: false)
                    .drop { !$0.hasPrefix("Usage:") && !$0.hasPrefix("Help:") }
                StandardStreams.writeError(
                    "error: usage: \(RTMWireCommand.message(for: error))\n"
                        + usage.joined(separator: "\n") + "\n")
                exit(ExitStatus.usage.rawValue)
            }
            if !message.isEmpty { StandardStreams.writeError(message + "\n") }
            exit(code.rawValue)
        }
    }
}
