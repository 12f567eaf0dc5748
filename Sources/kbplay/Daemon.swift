import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay serve`: the daemon, and its web pages (``ServeCommand``).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve sessions to several shells over a Unix socket (mode 0600)."
    )

    @Option(help: "The socket (default: $XDG_RUNTIME_DIR/kbplay.sock, else /tmp/kbplay-$UID.sock).")
    var socket: String?

    @OptionGroup var sessions: SessionsOption

    @Option(help: ArgumentHelp("Also serve the web pages (the workshop at /, a session at /s/NAME) on this port, on loopback unless an address is given.", valueName: "[ADDR:]PORT"))
    var http: String?

    @Option(help: "What a page's address must carry (?token=…) to send commands (and, with --private, to be shown); generated and printed when not given.")
    var token: String?

    @Flag(name: .customLong("private"), help: "Without the token a browser gets nothing (otherwise the pages are read-only).")
    var isPrivate = false

    @Option(name: .customLong("allow-host"), help: ArgumentHelp("Also serve the pages to requests whose Host is NAME, with any port (a name that reaches this machine: a proxy's, the machine's own); by default only localhost, 127.0.0.1, [::1] and the --http address are served, with its port. Repeatable.", valueName: "NAME"))
    var allowedHosts: [String] = []

    var command: ServeCommand {
        ServeCommand(socket: socket, sessionsDirectory: sessions.resolved, http: http, token: token, isPrivate: isPrivate,
                     allowedHosts: allowedHosts)
    }

    func validate() throws { if let problem = command.problem { throw ValidationError(problem) } }

    func run() async throws {
        do { try await command.run() } catch { throw ExitCode(error.status) }
    }
}

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
        try exiting { () throws(CommandLineExit) in
            try AttachCommand.run(session: session, socket: socket, follow: follow, interactiveReader: terminalReader())
        }
    }
}

extension ReadlineLineReader: WatchingLineReader {}

/// `kbplay sessions`: the sessions a running daemon has.
struct Sessions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions of a running daemon, one name a line."
    )

    @Option(help: "The daemon's socket.") var socket: String?

    func run() throws { try exiting { () throws(CommandLineExit) in try DaemonCommand.sessions(socket: socket) } }
}

/// `kbplay clone FROM TO`: a copy of a daemon session under a new name
/// (a lesson each student then works on alone).
struct Clone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Copy a session of a running daemon under a new name."
    )

    @Argument(help: "The session to copy.") var from: String
    @Argument(help: "The new session's name.") var to: String
    @Option(help: "The daemon's socket.") var socket: String?

    func run() throws { try exiting { () throws(CommandLineExit) in try DaemonCommand.clone(from, to: to, socket: socket) } }
}

/// `kbplay close NAME`: writes a daemon session's snapshot and unloads it.
struct Close: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Write a session's snapshot and unload it from a running daemon."
    )

    @Argument(help: "The session to close.") var session: String
    @Option(help: "The daemon's socket.") var socket: String?

    func run() throws { try exiting { () throws(CommandLineExit) in try DaemonCommand.close(session, socket: socket) } }
}
