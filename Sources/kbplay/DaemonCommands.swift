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
        let reply = try DaemonRequestLine.send(["op": .string("ls-sessions")], socket: socket, command: "sessions")
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
        _ = try DaemonRequestLine.send(["op": .string("clone"), "session": .string(from), "to": .string(to)],
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
        _ = try DaemonRequestLine.send(["op": .string("close"), "session": .string(session)],
                                       socket: socket, command: "close")
        print("closed \(session): its snapshot is written, and the next request for it loads it again")
    }
}

/// One request to a running daemon and its final reply, for the commands
/// that are a single op.
enum DaemonRequestLine {
    /// Sends `fields` (plus an id) and returns the reply. No daemon, or an
    /// error reply, is reported on standard error as `kbplay COMMAND: …`
    /// and ends the command: exit status 3 and 1.
    static func send(_ fields: [String: JSON], socket: String?, command: String) throws -> JSON {
        signal(SIGPIPE, SIG_IGN)
        let path = socket ?? Daemon<Session>.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
        guard let connection = LineSocket(path: path, timeout: 60) else {
            FileHandle.standardError.write(Data("kbplay \(command): no daemon at \(path) (start one with: kbplay serve)\n".utf8))
            throw ExitCode(3)
        }
        var request = fields
        request["id"] = .number(1)
        connection.send(JSON.object(request).text)
        while let line = connection.readLine() {
            guard let reply = try? JSONReader.parse(line), reply["id"] == .number(1),
                  let status = reply["status"]?.stringValue else { continue }
            if status == "error" {
                let message = reply["error"]?["message"]?.stringValue ?? line
                FileHandle.standardError.write(Data("kbplay \(command): \(message)\n".utf8))
                throw ExitCode(1)
            }
            if status == "done" { return reply }
        }
        FileHandle.standardError.write(Data("kbplay \(command): the daemon at \(path) closed the connection without a reply\n".utf8))
        throw ExitCode(3)
    }
}
