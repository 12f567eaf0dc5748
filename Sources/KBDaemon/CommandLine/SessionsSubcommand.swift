import ArgumentParser
import KBShell

/// `kbplay sessions`: the sessions a running daemon has.
public struct SessionsSubcommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions of a running daemon, one name a line."
    )

    @Option(help: "The daemon's socket.") public var socket: String?

    public init() {}

    public func run() throws { try CommandLineExit.exiting { () throws(CommandLineExit) in try DaemonCommand.sessions(socket: socket) } }
}
