import Foundation
import KBShell

/// The commands of the `kbplay` program that talk to a running daemon:
/// `sessions`, `clone`, `close` (and `attach`, ``AttachCommand``). When
/// something fails they end with `kbplay COMMAND: message` on standard
/// error and an exit status (1: the request was wrong or refused; 3: no
/// daemon, or it went away).
public enum DaemonCommand {
    /// `kbplay sessions`: the sessions a running daemon has, one a line.
    public static func sessions(socket: String?) throws(CommandLineExit) {
        let client = try connect(socket: socket, command: "sessions", timeout: 60)
        if case let .sessions(_, names) = try ask(client, .lsSessions(id: client.makeID()), command: "sessions") {
            for name in names { print(name) }
        }
    }

    /// `kbplay clone FROM TO`: a copy of a daemon session under a new name.
    public static func clone(_ from: String, to: String, socket: String?) throws(CommandLineExit) {
        let (source, target) = (try name(from, command: "clone"), try name(to, command: "clone"))
        let client = try connect(socket: socket, command: "clone", timeout: 60)
        _ = try ask(client, .clone(id: client.makeID(), session: source, to: target), command: "clone")
        print("cloned \(source) to \(target) (kbplay attach \(target) to work on it)")
    }

    /// `kbplay close NAME`: writes a daemon session's snapshot and unloads it.
    public static func close(_ session: String, socket: String?) throws(CommandLineExit) {
        let name = try name(session, command: "close")
        let client = try connect(socket: socket, command: "close", timeout: 60)
        _ = try ask(client, .close(id: client.makeID(), session: name), command: "close")
        print("closed \(name): its snapshot is written, and the next request for it loads it again")
    }

    static func failure(_ command: String, _ message: String, status: Int32) -> CommandLineExit {
        .failing("kbplay \(command): \(message)", status: status)
    }

    static func failure(_ command: String, _ error: DaemonClientError) -> CommandLineExit {
        switch error {
        case .unusablePath, .notYours, .refused: failure(command, error.description, status: 1)
        case .noDaemon, .gone, .protocolError: failure(command, error.description, status: 3)
        }
    }

    /// `text` as a session name, or the end of the command (status 1)
    /// before looking for a daemon: the user learns it whether one runs or not.
    static func name(_ text: String, command: String) throws(CommandLineExit) -> SessionName {
        do { return try SessionName(validating: text) } catch { throw failure(command, error.description, status: 1) }
    }

    /// A client of the daemon at `socket` (else the default socket). A
    /// daemon that goes away later shows as a failed send or read, not as
    /// SIGPIPE.
    static func connect(socket: String?, command: String, timeout: Int? = nil) throws(CommandLineExit) -> DaemonClient {
        signal(SIGPIPE, SIG_IGN)
        let path = socket ?? DaemonClient.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
        do { return try DaemonClient(path: path, timeout: timeout) } catch { throw failure(command, error) }
    }

    /// Sends `request` and returns its reply; a refusal or a daemon that
    /// went away ends the command.
    static func ask(_ client: DaemonClient, _ request: DaemonRequest, command: String) throws(CommandLineExit) -> DaemonReply {
        do { return try client.ask(request) } catch { throw failure(command, error) }
    }
}
