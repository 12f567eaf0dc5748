import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay attach SESSION`: a shell on a daemon session (``AttachCommand``).
struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "A shell on a session of a running daemon (--follow only watches)."
    )

    @Argument(help: "The session's name (created if the daemon has none by that name).")
    var session: String

    @Option(help: "The daemon's socket.") var socket: String?
    @Flag(help: "Only watch: print every change made to the session.") var follow = false

    func run() throws {
        try CommandLineExit.exiting { () throws(CommandLineExit) in
            try AttachCommand.run(session: session, socket: socket, follow: follow, interactiveReader: terminalReader())
        }
    }
}

extension ReadlineLineReader: WatchingLineReader {}
