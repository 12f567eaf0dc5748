import Foundation
import KBShell

/// A terminal's line reader that also watches another descriptor while
/// the user types (the daemon's socket, whose changes are printed above
/// the line being edited).
public protocol WatchingLineReader: LineReader {
    /// Runs `handler` whenever `fd` has data while the user is typing; a
    /// handler that returns false ends the reading, as at the end of input.
    mutating func watch(_ fd: Int32, handler: @escaping () -> Bool)
}

/// `kbplay attach SESSION [--socket PATH] [--follow]`: a shell on a daemon
/// session; changes made by others are printed as they happen.
public enum AttachCommand {
    /// Attaches. `interactiveReader` makes the terminal's reader from the
    /// completer it is to ask (nil: standard input is not a terminal).
    public static func run<R: WatchingLineReader>(session: String, socket: String?, follow: Bool,
                                                  interactiveReader: ((any Completer) -> R)?) throws(CommandLineExit) {
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
            throw error == .gone(path: path) ? daemonWentAway(path) : DaemonCommand.failure("attach", error)
        } catch let exit as CommandLineExit {
            throw exit
        } catch {
            throw DaemonCommand.failure("attach", "\(error)", status: 3)
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
            throw daemonWentAway(path)
        }
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
        if let interactiveReader {
            let completer = RemoteCompleter(client: client, session: name, show: show)
            var reader = interactiveReader(completer)
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
                guard evaluate(line.text) else { throw daemonWentAway(path) }
            }
            if gone { throw daemonWentAway(path) }
        } else {
            var lines = ScriptLines(PlainLineReader())
            while let line = lines.next() {
                guard evaluate(line.text) else { throw daemonWentAway(path) }
            }
        }
    }

    /// Says that the daemon closed the connection, and ends with status 3.
    static func daemonWentAway(_ path: String) -> CommandLineExit {
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
