import ArgumentParser
import Foundation
import KBDaemon
import KBShell

/// `kbplay`: the keyboard-layout playground. Without a subcommand it opens
/// the shell on the built-in demo session. The subcommands that read lines
/// at a terminal (`repl`, `attach`) are declared here, with GNU readline;
/// the others are the libraries' (``RunSubcommand``, ``ImportSubcommand``,
/// ``ServeSubcommand``, ``SessionsSubcommand``, ``CloneSubcommand``,
/// ``CloseSubcommand``). Each runs its library command.
@main
struct Kbplay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbplay",
        abstract: "A keyboard-layout playground: see what the iOS keyboard does to a screen.",
        subcommands: [Repl.self, RunSubcommand.self, ImportSubcommand.self, ServeSubcommand.self, Attach.self, SessionsSubcommand.self,
                      CloneSubcommand.self, CloseSubcommand.self],
        defaultSubcommand: Repl.self
    )
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
        try CommandLineExit.exiting { () throws(CommandLineExit) in
            try ShellCommand.run(session: session, sessionsDirectory: sessions.resolved, interactiveReader: terminalReader())
        }
    }
}
