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
        fileLoop: for file in files {
            let text: String
            if file == "-" {
                var all = ""
                while let line = Swift.readLine(strippingNewline: false) { all += line }
                text = all
            } else {
                do {
                    guard let t = try FileIO.read(file) else {
                        FileHandle.standardError.write(Data("kbplay: cannot read \(file): no such file\n".utf8))
                        worst = max(worst, .ioError)
                        if bail { break } else { continue }
                    }
                    text = t
                } catch {
                    FileHandle.standardError.write(Data("kbplay: \(error)\n".utf8))
                    worst = max(worst, .ioError)
                    if bail { break } else { continue }
                }
            }
            let runner = ScriptRunner(json: json, echo: echo, bail: bail, sessionsDirectory: sessions.resolved)
            let result = runner.run(text, file: file == "-" ? "<stdin>" : file)
            print(result.output, terminator: "")
            worst = max(worst, result.status)
            if result.stopped { break fileLoop }
        }
        fflush(nil)
        if worst != .ok { throw ExitCode(Int32(worst.rawValue)) }
    }
}
