import ArgumentParser
import KBShell

/// `kbplay serve`: the daemon, and its web pages (``ServeCommand``).
public struct ServeSubcommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve sessions to several shells over a Unix socket (mode 0600)."
    )

    @Option(help: "The socket (default: $XDG_RUNTIME_DIR/kbplay.sock, else /tmp/kbplay-$UID.sock).")
    public var socket: String?

    @OptionGroup public var sessions: SessionsOption

    @Option(help: ArgumentHelp("Also serve the web pages (the workshop at /, a session at /s/NAME) on this port, on loopback unless an address is given.", valueName: "[ADDR:]PORT"))
    public var http: String?

    @Option(help: "What a page's address must carry (?token=…) to send commands (and, with --private, to be shown); generated and printed when not given.")
    public var token: String?

    @Flag(name: .customLong("private"), help: "Without the token a browser gets nothing (otherwise the pages are read-only).")
    public var isPrivate = false

    @Option(name: .customLong("allow-host"), help: ArgumentHelp("Also serve the pages to requests whose Host is NAME, with any port (a name that reaches this machine: a proxy's, the machine's own); by default only localhost, 127.0.0.1, [::1] and the --http address are served, with its port. Repeatable.", valueName: "NAME"))
    public var allowedHosts: [String] = []

    public init() {}

    public var command: ServeCommand {
        ServeCommand(socket: socket, sessionsDirectory: sessions.resolved, http: http, token: token, isPrivate: isPrivate,
                     allowedHosts: allowedHosts)
    }

    public func validate() throws { if let problem = command.problem { throw ValidationError(problem) } }

    public func run() async throws {
        do { try await command.run() } catch { throw ExitCode(error.status) }
    }
}
