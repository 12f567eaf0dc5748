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
        let reply = try DaemonClient.request(["op": .string("ls-sessions")], socket: socket, command: "sessions")
        for name in reply["sessions"]?.arrayValue ?? [] {
            if let name = name.stringValue { print(name) }
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
        try DaemonClient.checkNames([from, to], command: "clone")
        _ = try DaemonClient.request(["op": .string("clone"), "session": .string(from), "to": .string(to)],
                                       socket: socket, command: "clone")
        print("cloned \(from) to \(to) (kbplay attach \(to) to work on it)")
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
        try DaemonClient.checkNames([session], command: "close")
        _ = try DaemonClient.request(["op": .string("close"), "session": .string(session)],
                                       socket: socket, command: "close")
        print("closed \(session): its snapshot is written, and the next request for it loads it again")
    }
}

/// What the commands that talk to a running daemon share: connecting, one
/// request and its reply, and how a failure ends the command.
enum DaemonClient {
    /// Writes `kbplay COMMAND: message` to standard error; the exit status
    /// to end the command with.
    static func failure(_ command: String, _ message: String, status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("kbplay \(command): \(message)\n".utf8))
        return ExitCode(status)
    }

    /// Refuses a name no daemon session can have (status 1), before
    /// looking for a daemon: the user learns it whether one runs or not.
    static func checkNames(_ names: [String], command: String) throws {
        for name in names {
            if let problem = DaemonRequest.sessionNameProblem(name) { throw failure(command, problem, status: 1) }
        }
    }

    /// A connection to the daemon at `socket` (else the default socket),
    /// and that path. No daemon there ends the command with status 3. A
    /// daemon that goes away later shows as a failed send or read, not as
    /// SIGPIPE.
    static func connect(socket: String?, command: String, timeout: Int? = nil) throws -> (LineSocket, path: String) {
        signal(SIGPIPE, SIG_IGN)
        let path = socket ?? Daemon<Session>.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
        if let problem = LineSocket.pathProblem(path) { throw failure(command, problem, status: 1) }
        guard let connection = LineSocket(path: path, timeout: timeout) else {
            throw failure(command, "no daemon at \(path) (start one with: kbplay serve)", status: 3)
        }
        if let problem = LineSocket.ownerProblem(path, peer: connection.peerUser) {
            throw failure(command, problem, status: 1)
        }
        return (connection, path)
    }

    /// Sends `fields` (plus an id) and returns the final reply. An error
    /// reply ends the command with status 1, no daemon or no reply with 3.
    static func request(_ fields: [String: JSON], socket: String?, command: String) throws -> JSON {
        let (connection, path) = try connect(socket: socket, command: command, timeout: 60)
        var request = fields
        request["id"] = .number(1)
        connection.send(JSON.object(request).text)
        while let line = connection.readLine() {
            guard let reply = try? JSONReader.parse(line), reply["id"] == .number(1),
                  let status = reply["status"]?.stringValue else { continue }
            if status == "error" {
                throw failure(command, reply["error"]?["message"]?.stringValue ?? line, status: 1)
            }
            if status == "done" { return reply }
        }
        throw failure(command, "the daemon at \(path) closed the connection without a reply", status: 3)
    }
}
