import ArgumentParser

/// The option every subcommand that keeps sessions shares: the folder of
/// saved sessions.
public struct SessionsOption: ParsableArguments {
    @Option(name: .customLong("sessions"), help: "The folder for saved sessions (default: $KBPLAY_SESSIONS or ./Sessions).")
    public var directory: String?

    public init() {}

    /// The folder: the one given, else `$KBPLAY_SESSIONS`, else `./Sessions`.
    public var resolved: String { CommandLine.sessionsDirectory(directory) }
}

extension CommandLineExit {
    /// Runs a library command for a subcommand; its failure (already said
    /// on standard error) becomes the exit status.
    public static func exiting(_ body: () throws(CommandLineExit) -> Void) throws {
        do { try body() } catch { throw ExitCode(error.status) }
    }
}
