import ArgumentParser
import KBShell

/// `kbplay clone FROM TO`: a copy of a daemon session under a new name
/// (a lesson each student then works on alone).
public struct CloneSubcommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Copy a session of a running daemon under a new name."
    )

    @Argument(help: "The session to copy.") public var from: String
    @Argument(help: "The new session's name.") public var to: String
    @Option(help: "The daemon's socket.") public var socket: String?

    public init() {}

    public func run() throws { try CommandLineExit.exiting { () throws(CommandLineExit) in try DaemonCommand.clone(from, to: to, socket: socket) } }
}
