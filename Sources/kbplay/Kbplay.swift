import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay`: the keyboard-layout playground. Without a subcommand it opens
/// the shell on the built-in demo session.
@main
struct Kbplay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbplay",
        abstract: "A keyboard-layout playground: see what the iOS keyboard does to a screen.",
        subcommands: [Repl.self, Run.self, Import.self, Serve.self, Attach.self, Sessions.self, Clone.self, Close.self],
        defaultSubcommand: Repl.self
    )
}

/// Options every subcommand shares.
struct SessionsOption: ParsableArguments {
    @Option(name: .customLong("sessions"), help: "The folder for saved sessions (default: $KBPLAY_SESSIONS or ./Sessions).")
    var directory: String?

    var resolved: String {
        directory ?? ProcessInfo.processInfo.environment["KBPLAY_SESSIONS"] ?? "Sessions"
    }
}

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "A shell on the demo session, or on a saved session (a name in Sessions/ or a path to a .json)."
    )

    @Argument(help: "A saved session: its name in the sessions folder or a path to its .json.")
    var session: String?

    @OptionGroup var sessions: SessionsOption

    func run() throws {
        var current: Session
        if let name = session {
            do {
                current = try openSession(name, directory: sessions.resolved)
            } catch {
                FileHandle.standardError.write(Data("kbplay: \(error)\n".utf8))
                throw ExitCode(3)
            }
        } else {
            current = Session.demo(sessionsDirectory: sessions.resolved)
        }
        let interactive = isatty(STDIN_FILENO) != 0
        current.colors = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        if interactive {
            let environment = ProcessInfo.processInfo.environment
            let history = environment["KBPLAY_HISTFILE"] ?? ((environment["HOME"] ?? ".") + "/.kbplay_history")
            let completer = LiveCompleter(current.completions)
            var reader = ReadlineLineReader(historyFile: history, completer: completer)
            print(current.banner())
            print("")
            Shell.loop(&current, reader: &reader, prompt: "kbplay> ", continuation: "   ...> ", echo: false) { session in
                completer.update(session.completions)
            }
        } else {
            var reader = PlainLineReader()
            Shell.loop(&current, reader: &reader, prompt: "", continuation: "", echo: false) { _ in }
        }
    }
}

/// The terminal's completer: the session's names, refreshed after each command.
final class LiveCompleter: Completer, @unchecked Sendable {
    private var context: SessionCompletions

    init(_ context: SessionCompletions) {
        self.context = context
    }

    func update(_ context: SessionCompletions) {
        self.context = context
    }

    func completions(prefix: String, word: String) -> [String] {
        ShellCompleter(context: context).completions(prefix: prefix, word: word)
    }
}

/// A session from a name in the sessions folder or a path to a `.json`.
func openSession(_ name: String, directory: String) throws -> Session {
    let path = name.hasSuffix(".json") || name.contains("/") ? name : "\(directory)/\(name).json"
    guard var session = try SessionFile.read(path, sessionsDirectory: directory) else { throw FileError("no session file \(path)") }
    // The file's name without its extension (a ".json" elsewhere in the
    // path or the name is part of it).
    let file = FileIO.lastComponent(path)
    session.name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    return session
}

enum Shell {
    /// Reads commands until the end of input or `quit`, printing each
    /// command's text.
    static func loop<R: LineReader>(_ session: inout Session, reader: inout R, prompt: String, continuation: String,
                                    echo: Bool, after: (Session) -> Void) {
        var lines = ScriptLines(reader)
        while let line = lines.next(prompt: prompt, continuation: continuation) {
            lines.reader.record(line.text)
            if echo { print("> \(line.text)") }
            let outcome = session.execute(line.text)
            if !outcome.text.isEmpty { print(outcome.text) }
            fflush(nil)
            after(session)
            if outcome.quit { break }
        }
    }
}
