import ArgumentParser
import KBShell

/// `kbplay close NAME`: writes a daemon session's snapshot and unloads it.
public struct CloseSubcommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Write a session's snapshot and unload it from a running daemon."
    )

    @Argument(help: "The session to close.") public var session: String
    @Option(help: "The daemon's socket.") public var socket: String?

    public init() {}

    public func run() throws { try CommandLineExit.exiting { () throws(CommandLineExit) in try DaemonCommand.close(session, socket: socket) } }
}
