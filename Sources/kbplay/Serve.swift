import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay serve [--socket PATH] [--sessions DIR]`: the daemon.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve sessions to several shells over a Unix socket (mode 0600)."
    )

    @Option(help: "The socket (default: $XDG_RUNTIME_DIR/kbplay.sock, else /tmp/kbplay-$UID.sock).")
    var socket: String?

    @OptionGroup var sessions: SessionsOption

    func run() async throws {
        umask(0o077)
        // Past a limit on file size (`ulimit -f`), a write fails with EFBIG
        // and the command is refused. The kernel also sends SIGXFSZ, which
        // ends the process unless the writing thread blocks it: ignored,
        // so that this holds whichever thread writes.
        signal(SIGXFSZ, SIG_IGN)
        Daemon<Session>.raiseOpenFileLimit()
        let path = socket ?? Daemon<Session>.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
        let daemon = Daemon<Session>(socketPath: path, sessionsDirectory: sessions.resolved)
        do {
            try await daemon.run {
                Self.stopOnSignals(socket: path, sessions: sessions.resolved)
                print("kbplay serving on \(path) (sessions in \(sessions.resolved))")
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
        try DaemonClient.checkNames([session], command: "attach")
        let (connection, path) = try DaemonClient.connect(socket: socket, command: "attach")
        // Subscribed first, so a bad name is refused before anything runs.
        let name = JSON.string(session).text
        let subscribe = "{\"id\": 0, \"op\": \"subscribe\", \"session\": \(name)}"
        connection.send(subscribe)
        guard let line = connection.readLine(), let subscribed = try? JSONReader.parse(line) else {
            throw Self.daemonWentAway(path)
        }
        guard subscribed["status"]?.stringValue == "subscribed" else {
            throw DaemonClient.failure("attach", subscribed["error"]?["message"]?.stringValue ?? line, status: 1)
        }
        let me = subscribed["client"]?.stringValue
        /// Prints a message from the daemon (another client's change, or a
        /// notice about the subscription); true when it is the reply to `id`.
        func show(_ line: String, waitingFor id: Int?) -> Bool {
            guard let json = try? JSONReader.parse(line) else { return false }
            if let id, json["id"] == .number(Double(id)), json["status"]?.stringValue != nil {
                if let output = json["result"]?["output"]?.stringValue, !output.isEmpty { print(output) }
                if let message = json["error"]?["message"]?.stringValue { print("error: \(message)") }
                fflush(nil)
                return true
            }
            if let notice = LostChanges.notice(json, session: session) {
                print(notice)
                fflush(nil)
            }
            if SessionClosed.matches(json) {
                print(SessionClosed.notice(session: session))
                fflush(nil)
                connection.send(subscribe)
            }
            if json["event"]?.stringValue == "change", let client = json["client"]?.stringValue, client != me,
               let command = json["result"]?["command"]?.stringValue {
                print("[\(client)] > \(command)")
                if let output = json["result"]?["output"]?.stringValue, !output.isEmpty { print(output) }
                fflush(nil)
            }
            return false
        }
        if follow {
            while let line = connection.readLine() { _ = show(line, waitingFor: nil) }
            throw Self.daemonWentAway(path)
        }
        let interactive = isatty(STDIN_FILENO) != 0
        var nextID = 1
        let here = FileManager.default.currentDirectoryPath
        /// Runs a command; false if the daemon went away before its reply.
        /// Its relative files are this folder's, not the daemon's.
        func evaluate(_ line: String) -> Bool {
            let command = CommandParser.resolvingFiles(in: line, against: here)
            let id = nextID
            nextID += 1
            guard connection.send(JSON.object(["id": .number(Double(id)), "op": .string("eval"),
                                               "session": .string(session), "command": .string(command)]).text)
            else { return false }
            while let line = connection.readLine() {
                if show(line, waitingFor: id) { return true }
            }
            return false
        }
        if interactive {
            let environment = ProcessInfo.processInfo.environment
            let history = environment["KBPLAY_HISTFILE"] ?? ((environment["HOME"] ?? ".") + "/.kbplay_history")
            let completer = RemoteCompleter(connection: connection, session: session)
            var reader = ReadlineLineReader(historyFile: history, completer: completer)
            var gone = false
            reader.watch(connection.fd) {
                while connection.hasData() {
                    guard let line = connection.readLine() else {
                        gone = true
                        return false
                    }
                    _ = show(line, waitingFor: nil)
                }
                return true
            }
            print("kbplay attached to \(session) on \(path)")
            // Lines as the local shell reads them: comments, `\` continuations.
            var lines = ScriptLines(reader)
            let continuation = String(repeating: " ", count: max(0, session.count - 3)) + "...> "
            while let line = lines.next(prompt: "\(session)> ", continuation: continuation) {
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
        DaemonClient.failure("attach", "the daemon at \(path) went away; every command it acknowledged "
            + "is kept (start it again with kbplay serve, then attach again)", status: 3)
    }
}

/// Completion through the daemon's `complete` op.
final class RemoteCompleter: Completer, @unchecked Sendable {
    let connection: LineSocket
    let session: String

    init(connection: LineSocket, session: String) {
        self.connection = connection
        self.session = session
    }

    func completions(prefix: String, word: String) -> [String] {
        connection.send(JSON.object(["id": .string("complete"), "op": .string("complete"), "session": .string(session),
                                     "line": .string(prefix)]).text)
        while let line = connection.readLine() {
            guard let json = try? JSONReader.parse(line) else { continue }
            if json["id"] == .string("complete") {
                return json["completions"]?.arrayValue?.compactMap(\.stringValue) ?? []
            }
        }
        return []
    }
}
