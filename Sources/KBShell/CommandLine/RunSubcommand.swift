import ArgumentParser

/// `kbplay run FILE...`: session scripts, each from an empty session.
public struct RunSubcommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run session scripts non-interactively (- reads standard input)."
    )

    @Argument(help: "Script files, one command a line; - for standard input.")
    public var files: [String]

    @Flag(help: "Print one JSON object per command.") public var json = false
    @Flag(help: "Print each command before its output.") public var echo = false
    @Flag(help: "Stop at the first failed expect or rejected command.") public var bail = false
    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write a JUnit XML report (a suite per script, a case per expect line or refused command).", valueName: "REPORT.xml"))
    public var junit: String?
    @Flag(help: "Print a TAP report on standard output instead of the commands' output.") public var tap = false
    @Option(help: ArgumentHelp("Run each script on these device presets: all, or ids separated by commas.", valueName: "all|ID,…"))
    public var devices: String?
    @Option(help: ArgumentHelp("Run each script in these orientations.", valueName: "portrait,landscape"))
    public var orientations: String?
    @Flag(name: .customLong("no-times"), help: "Report every time as 0, so a report is byte-identical run to run.")
    public var noTimes = false
    @OptionGroup public var sessions: SessionsOption

    public init() {}

    public var command: RunCommand {
        RunCommand(files: files, json: json, echo: echo, bail: bail, junit: junit, tap: tap, devices: devices,
                   orientations: orientations, noTimes: noTimes, sessionsDirectory: sessions.resolved)
    }

    public func validate() throws { if let problem = command.problem { throw ValidationError(problem) } }
    public func run() throws { try CommandLineExit.exiting { () throws(CommandLineExit) in try command.run() } }
}
