import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay`: the keyboard-layout playground. Without a subcommand it opens
/// the shell on the built-in demo session. Each subcommand declares its
/// arguments here and runs its library command (``ShellCommand``,
/// ``RunCommand``, ``ImportCommand``; the daemon's in `Daemon.swift`).
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

    var resolved: String { CommandLine.sessionsDirectory(directory) }
}

/// Runs a library command; its failure (already said on standard error)
/// becomes the exit status.
func exiting(_ body: () throws(CommandLineExit) -> Void) throws {
    do { try body() } catch { throw ExitCode(error.status) }
}

/// The terminal's reader when standard input is one, else nil.
func terminalReader() -> ((any Completer) -> ReadlineLineReader)? {
    isatty(STDIN_FILENO) != 0 ? { ReadlineLineReader(historyFile: CommandLine.historyFile, completer: $0) } : nil
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
        try exiting { () throws(CommandLineExit) in
            try ShellCommand.run(session: session, sessionsDirectory: sessions.resolved, interactiveReader: terminalReader())
        }
    }
}

/// `kbplay run FILE...`: session scripts, each from an empty session.
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
    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write a JUnit XML report (a suite per script, a case per expect line or refused command).", valueName: "REPORT.xml"))
    var junit: String?
    @Flag(help: "Print a TAP report on standard output instead of the commands' output.") var tap = false
    @Option(help: ArgumentHelp("Run each script on these device presets: all, or ids separated by commas.", valueName: "all|ID,…"))
    var devices: String?
    @Option(help: ArgumentHelp("Run each script in these orientations.", valueName: "portrait,landscape"))
    var orientations: String?
    @Flag(name: .customLong("no-times"), help: "Report every time as 0, so a report is byte-identical run to run.")
    var noTimes = false
    @OptionGroup var sessions: SessionsOption

    var command: RunCommand {
        RunCommand(files: files, json: json, echo: echo, bail: bail, junit: junit, tap: tap, devices: devices,
                   orientations: orientations, noTimes: noTimes, sessionsDirectory: sessions.resolved)
    }

    func validate() throws { if let problem = command.problem { throw ValidationError(problem) } }
    func run() throws { try exiting { () throws(CommandLineExit) in try command.run() } }
}

/// `kbplay import FILE`: a scene of an Interface Builder document as a
/// session: printed as a script, saved, or shown.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a scene of an Interface Builder storyboard or XIB: print its layout, its script (--script), or save it (-o NAME). A .swift file is read for its keyboard handling code (import swift)."
    )

    @Argument(help: "A .storyboard or .xib file, or a .swift file.")
    var file: String

    @Option(help: ArgumentHelp("The scene: its storyboard identifier, custom class, IB object id or title (default: the initial view controller).", valueName: "NAME"))
    var scene: String?

    @Option(help: ArgumentHelp("The device preset (default: the nearest to the one the document was designed on).", valueName: "ID"))
    var device: String?

    @Flag(help: "Print the session as a kbplay script (the import's summary and findings go to standard error).")
    var script = false

    @Option(name: .short, help: ArgumentHelp("Save the session as NAME in the sessions folder.", valueName: "NAME"))
    var output: String?

    @OptionGroup var sessions: SessionsOption

    var command: ImportCommand {
        ImportCommand(file: file, scene: scene, device: device, script: script, output: output,
                      sessionsDirectory: sessions.resolved)
    }

    func validate() throws { if let problem = command.problem { throw ValidationError(problem) } }
    func run() throws { try exiting { () throws(CommandLineExit) in try command.run() } }
}
