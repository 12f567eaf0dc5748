import Foundation

/// `kbplay` (or `kbplay repl [SESSION]`): the shell on the demo session or
/// on a saved one, interactive on a terminal, reading standard input
/// otherwise.
public enum ShellCommand {
    /// Runs the shell. `interactiveReader` makes the terminal's reader
    /// from the completer it is to ask (nil: standard input is not a
    /// terminal, and lines are read plainly).
    public static func run<R: LineReader>(session name: String?, sessionsDirectory directory: String,
                                          interactiveReader: ((any Completer) -> R)?) throws(CommandLineExit) {
        var current: Session
        if let name {
            do {
                current = try Session.open(name, directory: directory)
            } catch {
                throw .failing("kbplay: \(error)", status: 3)
            }
        } else {
            current = Session.demo(sessionsDirectory: directory)
        }
        current.colors = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        if let interactiveReader {
            let completer = LiveCompleter(current.completions)
            var reader = interactiveReader(completer)
            print(current.banner())
            print("")
            loop(&current, reader: &reader, prompt: "kbplay> ", continuation: "   ...> ", echo: false) { session in
                completer.update(session.completions)
            }
        } else {
            var reader = PlainLineReader()
            loop(&current, reader: &reader, prompt: "", continuation: "", echo: false) { _ in }
        }
    }

    /// Reads commands until the end of input or `quit`, printing each
    /// command's text.
    public static func loop<R: LineReader>(_ session: inout Session, reader: inout R, prompt: String, continuation: String,
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

/// The terminal's completer: the session's names, refreshed after each command.
public final class LiveCompleter: Completer, @unchecked Sendable {
    private var context: SessionCompletions

    public init(_ context: SessionCompletions) {
        self.context = context
    }

    public func update(_ context: SessionCompletions) {
        self.context = context
    }

    public func completions(prefix: String, word: String) -> [String] {
        ShellCompleter(context: context).completions(prefix: prefix, word: word)
    }
}

extension Session {
    /// A session from a name in the sessions folder or a path to a `.json`.
    public static func open(_ name: String, directory: String) throws -> Session {
        let path = name.hasSuffix(".json") || name.contains("/") ? name : "\(directory)/\(name).json"
        guard var session = try SessionFile.read(path, sessionsDirectory: directory) else {
            throw FileError("no session file \(path)")
        }
        // The file's name without its extension (a ".json" elsewhere in the
        // path or the name is part of it).
        let file = FileIO.lastComponent(path)
        session.name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        return session
    }
}
