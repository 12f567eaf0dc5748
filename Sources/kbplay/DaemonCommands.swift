import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay sessions`: the sessions a running daemon has.
struct Sessions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the sessions of a running daemon, one name a line."
    )

    @Option(help: "The daemon's socket.") var socket: String?

    func run() throws {
        let client = try DaemonCommand.connect(socket: socket, command: "sessions", timeout: 60)
        if case let .sessions(_, names) = try DaemonCommand.ask(client, .lsSessions(id: client.makeID()), command: "sessions") {
            for name in names { print(name) }
        }
    }
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

    func run() throws {
        let (source, target) = (try DaemonCommand.name(from, command: "clone"), try DaemonCommand.name(to, command: "clone"))
        let client = try DaemonCommand.connect(socket: socket, command: "clone", timeout: 60)
        _ = try DaemonCommand.ask(client, .clone(id: client.makeID(), session: source, to: target), command: "clone")
        print("cloned \(source) to \(target) (kbplay attach \(target) to work on it)")
    }
}

/// `kbplay close NAME`: writes a daemon session's snapshot and unloads it.
struct Close: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Write a session's snapshot and unload it from a running daemon."
    )

    @Argument(help: "The session to close.") var session: String
    @Option(help: "The daemon's socket.") var socket: String?

    func run() throws {
        let name = try DaemonCommand.name(session, command: "close")
        let client = try DaemonCommand.connect(socket: socket, command: "close", timeout: 60)
        _ = try DaemonCommand.ask(client, .close(id: client.makeID(), session: name), command: "close")
        print("closed \(name): its snapshot is written, and the next request for it loads it again")
    }
}

/// How the commands that talk to a running daemon end when something
/// fails: `kbplay COMMAND: message` on standard error, and an exit status
/// (1: the request was wrong or refused; 3: no daemon, or it went away).
enum DaemonCommand {
    static func failure(_ command: String, _ message: String, status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("kbplay \(command): \(message)\n".utf8))
        return ExitCode(status)
    }

    static func failure(_ command: String, _ error: DaemonClientError) -> ExitCode {
        switch error {
        case .unusablePath, .notYours, .refused: failure(command, error.description, status: 1)
        case .noDaemon, .gone, .protocolError: failure(command, error.description, status: 3)
        }
    }

    /// `text` as a session name, or the end of the command (status 1)
    /// before looking for a daemon: the user learns it whether one runs or not.
    static func name(_ text: String, command: String) throws -> SessionName {
        do { return try SessionName(validating: text) } catch { throw failure(command, error.description, status: 1) }
    }

    /// A client of the daemon at `socket` (else the default socket). A
    /// daemon that goes away later shows as a failed send or read, not as
    /// SIGPIPE.
    static func connect(socket: String?, command: String, timeout: Int? = nil) throws -> DaemonClient {
        signal(SIGPIPE, SIG_IGN)
        let path = socket ?? DaemonClient.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
        do { return try DaemonClient(path: path, timeout: timeout) } catch { throw failure(command, error) }
    }

    /// Sends `request` and returns its reply; a refusal or a daemon that
    /// went away ends the command.
    static func ask(_ client: DaemonClient, _ request: DaemonRequest, command: String) throws -> DaemonReply {
        do { return try client.ask(request) } catch { throw failure(command, error) }
    }
}
