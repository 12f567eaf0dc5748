import ArgumentParser
import Foundation
import KBShell

/// `kbplay run FILE... [--json] [--echo] [--bail]`: session scripts, each
/// from an empty session. Exit status: 0 all good, 1 an `expect` failed,
/// 2 a command was rejected, 3 a file could not be read or written.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run session scripts non-interactively (- reads standard input)."
    )

    @Argument(help: "Script files, one command a line; - for standard input.")
    var files: [String]

    @Flag(help: "Print one JSON object per command.") var json = false
    @Flag(help: "Print each command before its output.") var echo = false
    @Flag(help: "Stop at the first failed expect or rejected command.") var bail = false
    @OptionGroup var sessions: SessionsOption

    func run() throws {
        var worst = CommandOutcome.Status.ok
        let runner = ScriptRunner(json: json, echo: echo, bail: bail, sessionsDirectory: sessions.resolved)
        fileLoop: for file in files {
            let result: (status: CommandOutcome.Status, stopped: Bool)
            if file == "-" {
                // Line by line, each command's output flushed: a program
                // that feeds kbplay through a pipe reads each reply in turn.
                result = runner.run(PlainLineReader(), file: "<stdin>") { text in
                    print(text, terminator: "")
                    fflush(nil)
                }
            } else {
                let text: String
                do {
                    guard let t = try FileIO.read(file, limit: FileIO.scriptLimit) else {
                        Self.fail("kbplay: cannot read \(file): no such file")
                        worst = max(worst, .ioError)
                        if bail { break } else { continue }
                    }
                    text = t
                } catch {
                    Self.fail("kbplay: \(error)")
                    worst = max(worst, .ioError)
                    if bail { break } else { continue }
                }
                // Standard output is buffered: a script's output goes out in
                // blocks as it runs, never held whole.
                result = runner.run(StringLineReader(text), file: file) { print($0, terminator: "") }
            }
            worst = max(worst, result.status)
            if result.stopped { break fileLoop }
        }
        fflush(nil)
        if worst != .ok { throw ExitCode(Int32(worst.rawValue)) }
    }

    /// An error on standard error, after what standard output holds so far.
    static func fail(_ message: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
