import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay serve [--socket PATH] [--sessions DIR] [--http [ADDR:]PORT
/// [--token T] [--private] [--allow-host NAME]…]`: the daemon, and its web
/// pages.
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

    func validate() throws {
        if http == nil, token != nil || isPrivate || !allowedHosts.isEmpty {
            throw ValidationError("--token, --private and --allow-host go with --http [ADDR:]PORT")
        }
        for name in allowedHosts where !WebOptions.isHostName(name) {
            throw ValidationError("--allow-host '\(name)' is not a host name: give a name or an address without a port (kbplay.example, 192.0.2.7, [2001:db8::1])")
        }
        if let http {
            do { _ = try WebOptions.address(http) } catch { throw ValidationError("--http: \(error)") }
        }
        if let token, token.isEmpty || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) {
            throw ValidationError("--token takes letters, digits, -, _, . and ~ (it goes in a URL), at least one")
        }
    }

    func run() async throws {
        umask(0o077)
        // Past a limit on file size (`ulimit -f`), a write fails with EFBIG
        // and the command is refused. The kernel also sends SIGXFSZ, which
        // ends the process unless the writing thread blocks it: ignored,
        // so that this holds whichever thread writes.
        signal(SIGXFSZ, SIG_IGN)
        Daemon<Session>.raiseOpenFileLimit()
        let path = socket ?? Daemon<Session>.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
        let web = http.flatMap { try? WebOptions.address($0) }.map {
            WebOptions(host: $0.host, port: $0.port, token: token ?? WebOptions.generatedToken(), isPrivate: isPrivate,
                       allowedHosts: allowedHosts)
        }
        let daemon = Daemon<Session>(socketPath: path, sessionsDirectory: sessions.resolved, web: web)
        do {
            try await daemon.run {
                Self.stopOnSignals(socket: path, sessions: sessions.resolved)
                print("kbplay serving on \(path) (sessions in \(sessions.resolved))")
                if let web, let address = daemon.webAddress {
                    let base = "http://\(address)/"
                    let reach = WebOptions.isLoopback(web.host) ? "this machine only" : "reachable from the network"
                    if web.isPrivate {
                        print("web pages on \(base) (\(reach); private: only with the token) — open \(base)?token=\(web.token)")
                    } else {
                        print("web pages on \(base) (\(reach); read-only without the token) — to send commands open \(base)?token=\(web.token)")
                    }
                }
                fflush(nil)
            }
        } catch {
            FileHandle.standardError.write(Data("kbplay serve: \(error)\n".utf8))
            throw ExitCode(3)
        }
    }
}

extension Serve {
    /// Watched signals; kept for as long as the daemon runs.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// On SIGTERM (and SIGINT, unless the daemon was started with it
    /// ignored, as a background job is), removes the socket, says so and
    /// exits 0. Every acknowledged command is already in the journals; a
    /// command under way was not acknowledged, and a restart ignores a
    /// record it left half-written.
    static func stopOnSignals(socket: String, sessions: String) {
        var signals = [SIGTERM]
        let previous = signal(SIGINT, SIG_IGN)
        if unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
            signals.append(SIGINT)
        }
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                unlink(socket)
                print("kbplay serve: stopped by \(number == SIGINT ? "SIGINT" : "SIGTERM"); every acknowledged command is in \(sessions)")
                fflush(nil)
                Glibc.exit(0)
            }
            source.resume()
            signalSources.append(source)
        }
    }
}

/// `kbplay attach SESSION [--socket PATH] [--follow]`: a shell on a daemon
/// session; changes made by others are printed as they happen.
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
        let name = try DaemonCommand.name(session, command: "attach")
        let client = try DaemonCommand.connect(socket: socket, command: "attach")
        let path = client.path
        // Subscribed first, so a bad name is refused before anything runs.
        let subscribe = DaemonRequest.subscribe(id: .number(0), session: name)
        let me: String
        do {
            switch try client.send(subscribe) {
            case let .subscribed(_, _, client): me = client
            case let .failed(_, message): throw DaemonCommand.failure("attach", message, status: 1)
            default: throw DaemonCommand.failure("attach", "the daemon did not acknowledge the subscription", status: 3)
            }
        } catch let error as DaemonClientError {
            throw error == .gone(path: path) ? Self.daemonWentAway(path) : DaemonCommand.failure("attach", error)
        }
        /// Prints what another client changed, or a notice about the
        /// subscription (and follows the session again once it was closed).
        func show(_ event: DaemonEvent) {
            switch event {
            case let .change(_, _, client, result) where client != me:
                let result = result.json
                if let command = result["command"]?.stringValue {
                    print("[\(client)] > \(command)")
                    if let output = result["output"]?.stringValue, !output.isEmpty { print(output) }
                }
            case .change:
                return
            case .lost, .closed:
                if let notice = event.notice { print(notice) }
                if case .closed = event { client.socket.send(subscribe.line) }
            }
            fflush(nil)
        }
        if follow {
            while let event = client.nextEvent() { show(event) }
            throw Self.daemonWentAway(path)
        }
        let interactive = isatty(STDIN_FILENO) != 0
        let here = FileManager.default.currentDirectoryPath
        /// Runs a command; false if the daemon went away before its reply.
        /// Its relative files are this folder's, not the daemon's.
        func evaluate(_ line: String) -> Bool {
            let command = CommandParser.resolvingFiles(in: line, against: here)
            guard let reply = try? client.send(.eval(id: client.makeID(), session: name, command: command), event: show)
            else { return false }
            switch reply {
            case let .evaluated(_, _, result):
                if let output = result.json["output"]?.stringValue, !output.isEmpty { print(output) }
            case let .failed(_, message):
                print("error: \(message)")
            default:
                break
            }
            fflush(nil)
            return true
        }
        if interactive {
            let environment = ProcessInfo.processInfo.environment
            let history = environment["KBPLAY_HISTFILE"] ?? ((environment["HOME"] ?? ".") + "/.kbplay_history")
            let completer = RemoteCompleter(client: client, session: name, show: show)
            var reader = ReadlineLineReader(historyFile: history, completer: completer)
            var gone = false
            reader.watch(client.socket.fd) {
                while client.socket.hasData() {
                    guard let line = client.socket.readLine() else {
                        gone = true
                        return false
                    }
                    if let message = try? JSONReader.parse(line), let event = DaemonEvent(message) { show(event) }
                }
                return true
            }
            print("kbplay attached to \(name) on \(path)")
            // Lines as the local shell reads them: comments, `\` continuations.
            var lines = ScriptLines(reader)
            let continuation = String(repeating: " ", count: max(0, name.rawValue.count - 3)) + "...> "
            while let line = lines.next(prompt: "\(name)> ", continuation: continuation) {
                lines.reader.record(line.text)
                if line.text.trimmingCharacters(in: .whitespaces) == "quit" { break }
                guard evaluate(line.text) else { throw Self.daemonWentAway(path) }
            }
            if gone { throw Self.daemonWentAway(path) }
        } else {
            var lines = ScriptLines(PlainLineReader())
            while let line = lines.next() {
                guard evaluate(line.text) else { throw Self.daemonWentAway(path) }
            }
        }
    }

    /// Says that the daemon closed the connection, and ends with status 3.
    static func daemonWentAway(_ path: String) -> ExitCode {
        DaemonCommand.failure("attach", "the daemon at \(path) went away; every command it acknowledged "
            + "is kept (start it again with kbplay serve, then attach again)", status: 3)
    }
}

/// Completion through the daemon's `complete` op.
final class RemoteCompleter: Completer, @unchecked Sendable {
    let client: DaemonClient
    let session: SessionName
    /// What to do with an event that arrives before the completions.
    let show: (DaemonEvent) -> Void

    init(client: DaemonClient, session: SessionName, show: @escaping (DaemonEvent) -> Void) {
        self.client = client
        self.session = session
        self.show = show
    }

    func completions(prefix: String, word: String) -> [String] {
        let request = DaemonRequest.complete(id: .string("complete"), session: session, line: prefix, cursor: nil)
        guard case let .completed(_, _, candidates)? = try? client.send(request, event: show) else { return [] }
        return candidates
    }
}
