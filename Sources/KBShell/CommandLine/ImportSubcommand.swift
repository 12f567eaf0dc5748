import ArgumentParser

/// `kbplay import FILE`: a scene of an Interface Builder document as a
/// session: printed as a script, saved, or shown.
public struct ImportSubcommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a scene of an Interface Builder storyboard or XIB: print its layout, its script (--script), or save it (-o NAME). A .swift file is read for its keyboard handling code (import swift)."
    )

    @Argument(help: "A .storyboard or .xib file, or a .swift file.")
    public var file: String

    @Option(help: ArgumentHelp("The scene: its storyboard identifier, custom class, IB object id or title (default: the initial view controller).", valueName: "NAME"))
    public var scene: String?

    @Option(help: ArgumentHelp("The device preset (default: the nearest to the one the document was designed on).", valueName: "ID"))
    public var device: String?

    @Flag(help: "Print the session as a kbplay script (the import's summary and findings go to standard error).")
    public var script = false

    @Option(name: .short, help: ArgumentHelp("Save the session as NAME in the sessions folder.", valueName: "NAME"))
    public var output: String?

    @OptionGroup public var sessions: SessionsOption

    public init() {}

    public var command: ImportCommand {
        ImportCommand(file: file, scene: scene, device: device, script: script, output: output,
                      sessionsDirectory: sessions.resolved)
    }

    public func validate() throws { if let problem = command.problem { throw ValidationError(problem) } }
    public func run() throws { try CommandLineExit.exiting { () throws(CommandLineExit) in try command.run() } }
}
